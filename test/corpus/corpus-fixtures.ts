/**
 * Small `retrieval-corpus.v1` corpora, one per validation rule, shared by the
 * validator's rule tests and the schema consistency test.
 */
export type FixtureDoc = Record<string, unknown>;

const SOURCE_REF =
  'ecfr-2025-12-31-sha256:0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0';

export function fixtureDoc(
  docId: string,
  sectionId: string,
  chunkKind: string,
  extra: FixtureDoc = {},
): FixtureDoc {
  return {
    schema_version: 'retrieval-corpus.v1',
    doc_id: docId,
    section_id: sectionId,
    text: `Text of ${docId}.`,
    chunk_kind: chunkKind,
    source: 'ecfr_snapshot',
    source_ref: SOURCE_REF,
    ...extra,
  };
}

/** A clean corpus: a section, a subsection, a paragraph and a paragraph split in two chunks. */
export const CLEAN_DOCS: FixtureDoc[] = [
  fixtureDoc('EAR-736.2', 'EAR-736.2', 'section', {
    title: '§ 736.2 General prohibitions and determination of applicability.',
    url: 'https://www.ecfr.gov/current/title-15/section-736.2',
    ordinal: 1,
    tokens_estimate: 12,
    hash: 'abc',
  }),
  fixtureDoc('EAR-736.2(b)', 'EAR-736.2(b)', 'subsection', { parent_id: 'EAR-736.2', ordinal: 1 }),
  fixtureDoc('EAR-736.2(b)(1)', 'EAR-736.2(b)(1)', 'paragraph', {
    parent_id: 'EAR-736.2(b)',
    ordinal: 1,
  }),
  fixtureDoc('EAR-736.2(b)(2)#p0001', 'EAR-736.2(b)(2)', 'paragraph', {
    parent_id: 'EAR-736.2(b)',
    ordinal: 2,
  }),
  fixtureDoc('EAR-736.2(b)(2)#p0002', 'EAR-736.2(b)(2)', 'paragraph', {
    parent_id: 'EAR-736.2(b)',
    ordinal: 3,
  }),
  fixtureDoc('EAR-736.2(b)(2)(i)', 'EAR-736.2(b)(2)(i)', 'paragraph', {
    parent_id: 'EAR-736.2(b)(2)#p0001',
  }),
];

export const toJsonl = (docs: (FixtureDoc | string)[]): string =>
  `${docs.map((d) => (typeof d === 'string' ? d : JSON.stringify(d))).join('\n')}\n`;

const withDoc = (index: number, change: (doc: FixtureDoc) => FixtureDoc): FixtureDoc[] =>
  CLEAN_DOCS.map((doc, i) => (i === index ? change({ ...doc }) : doc));

const without = (doc: FixtureDoc, field: string): FixtureDoc => {
  const { [field]: _, ...rest } = doc;
  return rest;
};

export interface RuleFixture {
  name: string;
  /** Corpus lines: documents, or raw line text. */
  lines: (FixtureDoc | string)[];
  /** Every issue the validator must report, in order, by code and 1-based line. */
  expected: { code: string; line: number; field?: string }[];
  /**
   * True when the rule cannot be written in JSON Schema (it relates two
   * fields by id structure, or needs other lines): the schema accepts every line.
   */
  validatorOnly?: boolean;
}

export const RULE_FIXTURES: RuleFixture[] = [
  {
    name: 'a line that is not JSON',
    lines: [CLEAN_DOCS[0]!, '{"doc_id": "EAR-736.2(b)",'],
    expected: [{ code: 'invalid_json', line: 2 }],
  },
  {
    name: 'a JSON value that is not an object',
    lines: [CLEAN_DOCS[0]!, '["EAR-736.2(b)"]', '"EAR-736.2(c)"', 'null'],
    expected: [
      { code: 'not_an_object', line: 2 },
      { code: 'not_an_object', line: 3 },
      { code: 'not_an_object', line: 4 },
    ],
  },
  {
    name: 'a blank line',
    lines: [CLEAN_DOCS[0]!, '   ', CLEAN_DOCS[1]!],
    expected: [{ code: 'blank_line', line: 2 }],
  },
  ...(
    [
      'schema_version',
      'doc_id',
      'section_id',
      'text',
      'chunk_kind',
      'source',
      'source_ref',
    ] as const
  ).map(
    (field): RuleFixture => ({
      name: `missing ${field}`,
      lines: withDoc(2, (d) => without(d, field)),
      expected: [{ code: 'missing_field', line: 3, field }],
    }),
  ),
  {
    name: 'a string field of another type',
    lines: withDoc(1, (d) => ({ ...d, title: 5, url: null })),
    expected: [
      { code: 'wrong_type', line: 2, field: 'title' },
      { code: 'wrong_type', line: 2, field: 'url' },
    ],
  },
  {
    name: 'a required id that is not a string',
    lines: withDoc(0, (d) => ({ ...d, section_id: 736.2 })),
    expected: [{ code: 'wrong_type', line: 1, field: 'section_id' }],
  },
  {
    name: 'schema_version of another version',
    lines: withDoc(1, (d) => ({ ...d, schema_version: 'retrieval-corpus.v2' })),
    expected: [{ code: 'schema_version_mismatch', line: 2 }],
  },
  {
    name: 'doc_id that cannot be normalized',
    lines: [...CLEAN_DOCS, fixtureDoc('EAR-73.2', 'EAR-736.3', 'section')],
    expected: [{ code: 'invalid_id', line: 7, field: 'doc_id' }],
  },
  {
    name: 'section_id that carries a chunk suffix',
    lines: withDoc(3, (d) => ({ ...d, section_id: 'EAR-736.2(b)(2)#p0001' })),
    expected: [{ code: 'invalid_id', line: 4, field: 'section_id' }],
  },
  {
    name: 'doc_id and section_id upper-cased (normalizable, not canonical)',
    lines: [...CLEAN_DOCS, fixtureDoc('EAR-736.2(C)', 'EAR-736.2(C)', 'subsection')],
    expected: [
      { code: 'non_canonical_id', line: 7, field: 'doc_id' },
      { code: 'non_canonical_id', line: 7, field: 'section_id' },
    ],
  },
  {
    name: 'section_id in citation form',
    lines: withDoc(0, (d) => ({ ...d, section_id: '15 CFR 736.2' })),
    expected: [{ code: 'non_canonical_id', line: 1, field: 'section_id' }],
  },
  {
    name: 'doc_id that is neither section_id nor section_id#suffix',
    lines: withDoc(2, (d) => ({ ...d, doc_id: 'EAR-736.2(b)(3)' })),
    expected: [{ code: 'doc_id_section_mismatch', line: 3 }],
    validatorOnly: true,
  },
  {
    name: 'empty text',
    lines: withDoc(1, (d) => ({ ...d, text: '' })),
    expected: [{ code: 'empty_field', line: 2, field: 'text' }],
  },
  {
    name: 'whitespace-only text',
    lines: withDoc(2, (d) => ({ ...d, text: ' \n\t\u00a0\u2028 ' })),
    expected: [{ code: 'empty_field', line: 3, field: 'text' }],
  },
  {
    name: 'whitespace-only source_ref',
    lines: withDoc(0, (d) => ({ ...d, source_ref: '  ' })),
    expected: [{ code: 'empty_field', line: 1, field: 'source_ref' }],
  },
  {
    name: 'chunk_kind outside the enum',
    lines: withDoc(1, (d) => ({ ...d, chunk_kind: 'Subsection' })),
    expected: [{ code: 'invalid_enum', line: 2, field: 'chunk_kind' }],
  },
  {
    name: 'source outside the enum',
    lines: withDoc(0, (d) => ({ ...d, source: 'ecfr' })),
    expected: [{ code: 'invalid_enum', line: 1, field: 'source' }],
  },
  {
    name: 'a section below a section',
    lines: withDoc(1, (d) => ({ ...d, chunk_kind: 'section' })),
    expected: [{ code: 'chunk_kind_mismatch', line: 2 }],
  },
  {
    name: 'a subsection two designators deep',
    lines: withDoc(2, (d) => ({ ...d, chunk_kind: 'subsection' })),
    expected: [{ code: 'chunk_kind_mismatch', line: 3 }],
  },
  {
    name: 'a duplicate doc_id',
    lines: [...CLEAN_DOCS, CLEAN_DOCS[2]!],
    expected: [{ code: 'duplicate_doc_id', line: 7 }],
    validatorOnly: true,
  },
  {
    name: 'a parent_id absent from the corpus',
    lines: [
      ...CLEAN_DOCS,
      fixtureDoc('EAR-736.2(c)(1)', 'EAR-736.2(c)(1)', 'paragraph', { parent_id: 'EAR-736.2(c)' }),
    ],
    expected: [{ code: 'dangling_parent_id', line: 7 }],
    validatorOnly: true,
  },
  {
    name: 'a parent_id that is not canonical',
    lines: withDoc(2, (d) => ({ ...d, parent_id: '§ 736.2(b)' })),
    expected: [{ code: 'non_canonical_id', line: 3, field: 'parent_id' }],
  },
  {
    name: 'a parent_id that is not an EAR id at all',
    lines: withDoc(2, (d) => ({ ...d, parent_id: '736.2((b)' })),
    expected: [{ code: 'invalid_id', line: 3, field: 'parent_id' }],
  },
  {
    name: 'a parent_id that is not a string',
    lines: withDoc(2, (d) => ({ ...d, parent_id: null })),
    expected: [{ code: 'wrong_type', line: 3, field: 'parent_id' }],
  },
  {
    name: 'a paragraph whose parent_id skips its subsection',
    lines: withDoc(2, (d) => ({ ...d, parent_id: 'EAR-736.2' })),
    expected: [{ code: 'parent_not_container', line: 3 }],
    validatorOnly: true,
  },
  {
    name: 'a subsection whose parent_id is a sibling',
    lines: [
      ...CLEAN_DOCS,
      fixtureDoc('EAR-736.2(c)', 'EAR-736.2(c)', 'subsection', { parent_id: 'EAR-736.2(b)' }),
    ],
    expected: [{ code: 'parent_not_container', line: 7 }],
    validatorOnly: true,
  },
  {
    name: 'a document that is its own parent',
    lines: withDoc(1, (d) => ({ ...d, parent_id: 'EAR-736.2(b)' })),
    expected: [{ code: 'self_parent_id', line: 2 }],
    validatorOnly: true,
  },
  {
    name: 'ordinal that is not an integer',
    lines: withDoc(1, (d) => ({ ...d, ordinal: 1.5 })),
    expected: [{ code: 'not_integer', line: 2, field: 'ordinal' }],
  },
  {
    name: 'tokens_estimate given as a string',
    lines: withDoc(0, (d) => ({ ...d, tokens_estimate: '12' })),
    expected: [{ code: 'not_integer', line: 1, field: 'tokens_estimate' }],
  },
  {
    name: 'ordinal null',
    lines: withDoc(2, (d) => ({ ...d, ordinal: null })),
    expected: [{ code: 'not_integer', line: 3, field: 'ordinal' }],
  },
];

/** Corpora the validator must accept. */
export const CLEAN_FIXTURES: { name: string; lines: (FixtureDoc | string)[] }[] = [
  { name: 'the clean corpus', lines: CLEAN_DOCS },
  {
    name: 'unknown fields, ignored',
    lines: CLEAN_DOCS.map((d, i) => ({
      ...d,
      x_embedding_model: 'e5',
      extra: { nested: [i] },
      ordinal: i,
    })),
  },
  { name: 'children before their parents', lines: [...CLEAN_DOCS].reverse() },
  { name: 'only the required fields', lines: [fixtureDoc('EAR-744', 'EAR-744', 'section')] },
  {
    name: 'a chunk of a section whose parent is the section itself',
    lines: [
      fixtureDoc('EAR-772.1', 'EAR-772.1', 'section'),
      fixtureDoc('EAR-772.1#p0001', 'EAR-772.1', 'paragraph', { parent_id: 'EAR-772.1' }),
      fixtureDoc('EAR-772.1#p0002', 'EAR-772.1', 'paragraph', { parent_id: 'EAR-772.1' }),
    ],
  },
  {
    name: 'integral floats and big integers',
    lines: [
      JSON.stringify(
        fixtureDoc('EAR-736.2', 'EAR-736.2', 'section', { ordinal: 1, tokens_estimate: 1e15 }),
      ).replace('"ordinal":1', '"ordinal":1.0'),
    ],
  },
  {
    name: 'CRLF line breaks and a byte order mark',
    lines: [`\ufeff${JSON.stringify(CLEAN_DOCS[0])}\r`],
  },
];
