import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ANSWER_CITATION_FIELDS,
  REQUIRED_CITATION_FIELDS,
} from '../../src/cite/citation-contract.js';
import { validateAnswer } from '../../src/cite/validate-answer.js';
import { validateCitations } from '../../src/cite/validate-citations.js';
import { ANSWER, ANSWER_FIXTURES, SEGMENTED } from './answer-fixtures.js';
import { CITATION, CLEAN_PAYLOADS, ID_7, RULE_FIXTURES } from './cite-fixtures.js';

const payloadSchema = JSON.parse(readFileSync('schemas/citation-payload.v1.schema.json', 'utf8'));
const answerSchema = JSON.parse(readFileSync('schemas/auditable-answer.v1.schema.json', 'utf8'));
const ajv = new Ajv2020({ allErrors: true, strict: true });
ajv.addSchema(payloadSchema);
const payloadAccepts = ajv.getSchema(payloadSchema.$id)!;
const answerAccepts = ajv.compile(answerSchema);

/** Rules relating several values, or needing the chunk ID grammar or key order: JSON Schema cannot say them. */
const VALIDATOR_ONLY = new Set(['cross_section_reuse', 'rev_mismatch', 'cite_after_answer']);

const roundTrip = (value: unknown): unknown => JSON.parse(JSON.stringify(value ?? null));

describe('schemas/citation-payload.v1 and auditable-answer.v1 agree with the validators', () => {
  it('require the same fields', () => {
    expect(payloadSchema.$defs.citation.required).toEqual([...REQUIRED_CITATION_FIELDS]);
    expect(payloadSchema.$defs.answer_citation.required).toEqual([...ANSWER_CITATION_FIELDS]);
  });

  it.each(CLEAN_PAYLOADS.map((f) => [f.name, f] as const))('accept %s', (_n, fixture) => {
    const input = roundTrip(fixture.input);
    expect(payloadAccepts(input), JSON.stringify(payloadAccepts.errors)).toBe(true);
  });

  it.each(RULE_FIXTURES.map((f) => [f.name, f] as const))(
    'judge "%s" as the validator does',
    (_n, f) => {
      const input = roundTrip(f.input);
      expect(validateCitations(input, f.options).ok).toBe(false);
      expect(payloadAccepts(input)).toBe(f.validatorOnly === true);
    },
  );

  it("accept seed 000's canonical fields and refuse them malformed", () => {
    const canonical = {
      ...CITATION,
      chunker_id: 'structure@1:0123abcd',
      hash: `sha256:${'ab'.repeat(32)}`,
      block_type: 'paragraph',
      anchor: 'Each value has an owner.',
      json_pointer: '/a/0',
      node_start: 0,
      node_end: 12,
    };
    expect(payloadAccepts(roundTrip([canonical])), JSON.stringify(payloadAccepts.errors)).toBe(
      true,
    );
    for (const bad of [
      { hash: 'ab'.repeat(32) },
      { hash: `sha1:${'ab'.repeat(20)}` },
      { anchor: 'x'.repeat(161) },
      { node_start: -1 },
      { block_type: 7 },
    ]) {
      expect(payloadAccepts(roundTrip([{ ...canonical, ...bad }])), JSON.stringify(bad)).toBe(
        false,
      );
    }
  });

  it('accept the clean answers', () => {
    for (const answer of [ANSWER, SEGMENTED])
      expect(answerAccepts(roundTrip(answer)), JSON.stringify(answerAccepts.errors)).toBe(true);
  });

  it.each(ANSWER_FIXTURES.map((f) => [f.name, f] as const))(
    'judge the answer "%s" as the validator does',
    (_n, f) => {
      const answer = roundTrip(f.answer);
      expect(validateAnswer(answer, f.options).ok).toBe(false);
      expect(answerAccepts(answer)).toBe(f.validatorOnly === true);
    },
  );

  const snippet = fc.constantFrom(ID_7, `${ID_7.slice(0, 40)}`, 'hb24-sec-keys-0007', '', 7);
  const offsets = fc.constantFrom<unknown>(
    { start: 0, end: 10, unit: 'char' },
    { start: 5, end: 9, unit: 'char', extra: true },
    { start: -1, end: 3, unit: 'char' },
    { start: 1, end: 2, unit: 'token' },
    { start: 1, end: 2 },
    { start: 1.5, end: 3, unit: 'char' },
    { start: '1', end: 3, unit: 'char' },
    null,
    'x',
  );
  const anyValue = fc.oneof(
    fc.constant(null),
    fc.integer({ min: -2, max: 3 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.string({ maxLength: 3 }),
    fc.constantFrom({}, [], { pre: 1, post: 2 }, 0.5),
  );
  const field = (values: fc.Arbitrary<unknown>) => fc.option(values, { nil: undefined, freq: 5 });
  const str = fc.oneof(fc.constantFrom('a', 'policies/keys'), anyValue);
  const citation = fc.record(
    {
      doc_id: field(str),
      section_id: field(str),
      snippet_id: field(fc.oneof(snippet, anyValue)),
      source_url: field(str),
      offsets: field(fc.oneof(offsets, anyValue)),
      tokens: field(fc.oneof(fc.nat(), anyValue)),
      index_hash: field(str),
      embed_model: field(str),
      analyzer: field(str),
      rev: field(fc.oneof(fc.constantFrom('3b91f2a', '77aa01c'), anyValue)),
      window: field(anyValue),
      page: field(anyValue),
      score_raw: field(anyValue),
      score_norm: field(anyValue),
      k_pos: field(anyValue),
    },
    { requiredKeys: [] },
  );

  it('agree on generated payloads', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(citation, { maxLength: 2 }),
          fc.record({ citations: fc.array(citation, { maxLength: 2 }) }),
          anyValue,
        ),
        (value) => {
          const clean = roundTrip(value);
          const result = validateCitations(clean);
          const issues = result.ok ? [] : result.issues.filter((i) => !VALIDATOR_ONLY.has(i.code));
          expect(payloadAccepts(clean)).toBe(issues.length === 0);
        },
      ),
    );
  });

  it('agree on generated answers', () => {
    const item = fc.oneof(citation, fc.constant({ ...CITATION, snippet_id: ID_7 }));
    const segment = fc.record(
      { citations: field(fc.array(item, { maxLength: 2 })), text: field(str) },
      { requiredKeys: [] },
    );
    const answer = fc.record(
      {
        citations: field(fc.oneof(fc.array(item, { maxLength: 2 }), anyValue)),
        answer: field(str),
        segments: field(fc.oneof(fc.array(segment, { maxLength: 2 }), anyValue)),
        ΔS: field(anyValue),
        λ: field(str),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(answer, anyValue), (value) => {
        const clean = roundTrip(value);
        const result = validateAnswer(clean);
        const issues = result.ok ? [] : result.issues.filter((i) => !VALIDATOR_ONLY.has(i.code));
        expect(answerAccepts(clean)).toBe(issues.length === 0);
      }),
    );
  });
});
