import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCorpusDocument } from '../../src/corpus/check-corpus-document.js';
import {
  CHUNK_KINDS,
  CORPUS_SOURCES,
  REQUIRED_CORPUS_FIELDS,
} from '../../src/corpus/corpus-contract.js';
import {
  CHUNK_SUFFIX_SOURCE,
  EAR_SECTION_ID_SOURCE,
} from '../../src/corpus/is-canonical-ear-id.js';
import { CLEAN_FIXTURES, RULE_FIXTURES } from './corpus-fixtures.js';

const schema = JSON.parse(readFileSync('schemas/retrieval-corpus.v1.schema.json', 'utf8'));
const ajv = new Ajv2020({ allErrors: true, strict: true });
const schemaAccepts = ajv.compile(schema);

/** Rules that relate two fields by id structure: JSON Schema cannot say them. */
const STRUCTURAL = new Set(['doc_id_section_mismatch', 'parent_not_container', 'self_parent_id']);

const jsonLines = (lines: (Record<string, unknown> | string)[]): unknown[] =>
  lines.flatMap((line) => {
    if (typeof line !== 'string') return [line];
    try {
      return [JSON.parse(line.replace(/^\ufeff/, ''))];
    } catch {
      return [];
    }
  });

describe('schemas/retrieval-corpus.v1.schema.json agrees with the validator', () => {
  it('uses the validator id grammar and enums', () => {
    expect(schema.properties.section_id.pattern).toBe(`^${EAR_SECTION_ID_SOURCE}$`);
    const docId = `^${EAR_SECTION_ID_SOURCE}(?:#${CHUNK_SUFFIX_SOURCE})?$`;
    expect(schema.properties.doc_id.pattern).toBe(docId);
    expect(schema.properties.parent_id.pattern).toBe(docId);
    expect(schema.properties.chunk_kind.enum).toEqual([...CHUNK_KINDS]);
    expect(schema.properties.source.enum).toEqual([...CORPUS_SOURCES]);
    expect(schema.required).toEqual([...REQUIRED_CORPUS_FIELDS]);
  });

  it.each(CLEAN_FIXTURES.map((f) => [f.name, f] as const))(
    'accepts every line of %s',
    (_n, fixture) => {
      for (const doc of jsonLines(fixture.lines))
        expect(schemaAccepts(doc), JSON.stringify(schemaAccepts.errors)).toBe(true);
    },
  );

  it.each(RULE_FIXTURES.map((f) => [f.name, f] as const))(
    'judges each line of "%s" as the validator does line by line',
    (_n, fixture) => {
      for (const doc of jsonLines(fixture.lines)) {
        const lineIssues = checkCorpusDocument(doc).issues.filter((i) => !STRUCTURAL.has(i.code));
        expect(schemaAccepts(doc), JSON.stringify(doc)).toBe(lineIssues.length === 0);
      }
      if (fixture.validatorOnly) {
        // the rule is the validator's alone: the schema takes every line
        for (const doc of jsonLines(fixture.lines)) expect(schemaAccepts(doc)).toBe(true);
      }
    },
  );

  it('agrees on generated documents', () => {
    const id = fc.constantFrom(
      'EAR-736.2',
      'EAR-736.2(b)',
      'EAR-736.2(b)(1)',
      'EAR-736.2(b)#p0001',
      'EAR-736.2(B)',
      'EAR-73.2',
      '§ 736.2',
      '',
      'EAR-736.2(b)#P1',
    );
    const anyValue = fc.oneof(
      id,
      fc.constant(null),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.string({ maxLength: 4 }),
      fc.constantFrom(
        ' ',
        '\u00a0\n',
        'retrieval-corpus.v1',
        'section',
        'subsection',
        'paragraph',
        'other',
        'ecfr_api',
      ),
    );
    const field = (values: fc.Arbitrary<unknown>) => fc.option(values, { nil: undefined, freq: 5 });
    const doc = fc.record(
      {
        schema_version: field(fc.oneof(fc.constant('retrieval-corpus.v1'), anyValue)),
        doc_id: field(fc.oneof(id, anyValue)),
        section_id: field(fc.oneof(id, anyValue)),
        text: field(fc.oneof(fc.string(), anyValue)),
        chunk_kind: field(fc.oneof(fc.constantFrom(...CHUNK_KINDS), anyValue)),
        source: field(fc.oneof(fc.constantFrom(...CORPUS_SOURCES), anyValue)),
        source_ref: field(fc.oneof(fc.string(), anyValue)),
        title: field(anyValue),
        parent_id: field(fc.oneof(id, anyValue)),
        ordinal: field(fc.oneof(fc.integer(), anyValue)),
        tokens_estimate: field(fc.oneof(fc.nat(), anyValue)),
        unknown_field: field(anyValue),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(doc, anyValue, fc.array(anyValue, { maxLength: 2 })), (value) => {
        const clean = JSON.parse(JSON.stringify(value ?? null));
        const lineIssues = checkCorpusDocument(clean).issues.filter((i) => !STRUCTURAL.has(i.code));
        expect(schemaAccepts(clean)).toBe(lineIssues.length === 0);
      }),
    );
  });
});
