import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QUOTE_FIELD } from '../cite/citation-contract.js';
import { packageRoot } from '../package-root.js';

type Schema = Record<string, unknown>;

/**
 * Keywords a Structured Outputs schema may carry on a leaf. OpenAI's strict
 * mode takes a subset of JSON Schema, and the subset has grown since its
 * release (pattern, minLength, minimum came later, and not for every model);
 * what it might refuse stays out, since `cairn audit` checks all of it
 * against the store anyway.
 */
const LEAF_KEYWORDS = new Set(['type', 'description', 'enum']);

let cached: Schema | null = null;

/**
 * The auditable answer's JSON Schema (`schemas/auditable-answer.v1` with
 * `citation-payload.v1`'s answer citation) in the form OpenAI's strict
 * Structured Outputs accept: the seed's one-segment shape
 * `{citations, answer, ΔS, λ}` with citations first (the output follows
 * the schema's key order, so the model cites before it explains), every
 * property required, `additionalProperties: false` on every object, no
 * `$ref`, no `oneOf`; and a required `quote` per citation, the words the
 * answer relies on, which `cairn audit` finds in the cited chunk.
 */
export function strictAnswerSchema(): Record<string, unknown> {
  if (cached !== null) return structuredClone(cached);
  const read = (name: string): Schema =>
    JSON.parse(readFileSync(join(packageRoot(), 'schemas', name), 'utf8')) as Schema;
  const answer = read('auditable-answer.v1.schema.json');
  const payload = read('citation-payload.v1.schema.json');
  const defs = payload.$defs as Record<string, Schema>;
  const cited = defs.answer_citation!;
  const citedProps = cited.properties as Record<string, Schema>;
  const citationProperties: Record<string, Schema> = {};
  for (const field of cited.required as string[]) {
    const property = citedProps[field]!;
    citationProperties[field] =
      property.$ref === '#/$defs/offsets' ? strictObject(defs.offsets!) : leaf(property);
  }
  citationProperties[QUOTE_FIELD] = {
    type: 'string',
    description:
      'The exact words of the cited snippet the answer relies on, copied character for character; at least a few words.',
  };
  const oneSegment = (answer.oneOf as Schema[])[0]!;
  const segmentProps = oneSegment.properties as Record<string, Schema>;
  const measures = answer.properties as Record<string, Schema>;
  cached = {
    type: 'object',
    description: answer.description,
    properties: {
      citations: {
        type: 'array',
        description:
          'Cite first: the snippets the answer rests on, fields copied from the sources.',
        items: {
          type: 'object',
          properties: citationProperties,
          required: Object.keys(citationProperties),
          additionalProperties: false,
        },
      },
      answer: leaf(segmentProps.answer!),
      ΔS: leaf(measures.ΔS!),
      λ: leaf(measures.λ!),
    },
    required: ['citations', 'answer', 'ΔS', 'λ'],
    additionalProperties: false,
  };
  return structuredClone(cached);
}

/** An object of leaves, every property required. */
function strictObject(schema: Schema): Schema {
  const properties: Record<string, Schema> = {};
  for (const [key, value] of Object.entries(schema.properties as Record<string, Schema>))
    properties[key] = leaf(value);
  return {
    type: 'object',
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

/** A leaf's supported keywords; `const` as a one-value `enum`. */
function leaf(schema: Schema): Schema {
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) if (LEAF_KEYWORDS.has(key)) out[key] = value;
  if ('const' in schema) {
    out.enum = [schema.const];
    if (out.type === undefined && typeof schema.const === 'string') out.type = 'string';
  }
  return out;
}
