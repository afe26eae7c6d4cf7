import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, test } from 'vitest';
import type { GoldDocs } from '../../src/eval/gold-set.js';
import { loadGoldCitations, loadGoldQuestions } from '../../src/eval/load-gold-set.js';
import { matchGoldDoc } from '../../src/eval/match-gold-doc.js';

const TEXTS: Record<string, string> = {
  // an astral character first: code points and UTF-16 units differ from there on
  d1: '🦀 Ownership rules. Each value has an owner. The owner goes out of scope; the value is dropped.',
  d2: 'Slices reference a contiguous sequence.',
  d3: 'Another copy of the guide.',
};
const DOCS: GoldDocs = {
  refs: [
    { doc_uid: 'd1', source_url: '../shared/corpora/rustbook/ch04-01.md' },
    { doc_uid: 'd2', source_url: 'rustbook/ch04-03.md' },
    { doc_uid: 'd3', source_url: 'other/ch04-03.md' },
  ],
  text: async (ref) => TEXTS[ref.doc_uid]!,
};

const line = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: 'g-1',
    question: 'Who owns a value?',
    paraphrases: ['a', 'b', 'c'],
    doc: 'rustbook/ch04-01.md',
    section: 'Ownership',
    gold_quote: 'Each value has an owner.',
    ...over,
  });

describe('loadGoldQuestions', () => {
  test('resolves a quote to its span in code points, after an astral character', async () => {
    const { items, issues } = await loadGoldQuestions(line(), DOCS);
    expect(issues).toEqual([]);
    const [q] = items;
    expect(q).toMatchObject({ id: 'g-1', line: 1, doc: { doc_uid: 'd1' }, start: 19, end: 43 });
    expect(Array.from(TEXTS.d1!).slice(q!.start, q!.end).join('')).toBe('Each value has an owner.');
  });

  test('a gold_span is checked against the text length and read back as the quote', async () => {
    const ok = await loadGoldQuestions(
      line({ gold_quote: undefined, gold_span: { start: 2, end: 11 } }),
      DOCS,
    );
    expect(ok.items[0]!.quote).toBe('Ownership');
    const bad = await loadGoldQuestions(
      [
        line({ id: 'a', gold_quote: undefined, gold_span: { start: 5, end: 5 } }),
        line({ id: 'b', gold_quote: undefined, gold_span: { start: 0, end: 500 } }),
      ].join('\n'),
      DOCS,
    );
    expect(bad.issues.map((i) => [i.code, i.line])).toEqual([
      ['bad_span', 1],
      ['bad_span', 2],
    ]);
  });

  test('refuses every bad line with its code and line number, and keeps none of them', async () => {
    const text = [
      line({ id: 'ok' }),
      '',
      'not json',
      line({ id: 'twice', gold_quote: 'value' }),
      line({ id: 'absent', gold_quote: 'Nobody owns anything.' }),
      line({ id: 'nodoc', doc: 'rustbook/ch99.md' }),
      line({ id: 'ambiguous', doc: 'ch04-03.md', gold_quote: 'Slices' }),
      line({ id: 'noq', question: undefined }),
      line({ id: 'para', paraphrases: 'one' }),
      line({ id: 'both', gold_span: { start: 0, end: 1 } }),
      line({ id: 'none', gold_quote: undefined }),
      line({ id: 'ok' }),
      '[1, 2]',
    ].join('\n');
    const { items, issues } = await loadGoldQuestions(text, DOCS);
    expect(issues.map((i) => [i.line, i.code, i.field ?? null])).toEqual([
      [3, 'malformed_line', null],
      [4, 'quote_not_unique', 'gold_quote'],
      [5, 'quote_absent', 'gold_quote'],
      [6, 'unknown_doc', 'doc'],
      [7, 'ambiguous_doc', 'doc'],
      [8, 'missing_field', 'question'],
      [9, 'wrong_type', 'paraphrases'],
      [10, 'quote_and_span', 'gold_span'],
      [11, 'missing_field', 'gold_quote'],
      [12, 'duplicate_id', 'id'],
      [13, 'malformed_line', null],
    ]);
    expect(issues[1]!.message).toMatch(/occurs 2 times/);
    expect(items.map((q) => q.id)).toEqual(['ok', 'ok']);
  });

  test('an empty file is refused: nothing to measure', async () => {
    const { issues } = await loadGoldQuestions('\n\n', DOCS);
    expect(issues.map((i) => i.code)).toEqual(['empty_gold_set']);
  });

  test('a plain citation list is refused: it has no questions', async () => {
    const { issues } = await loadGoldQuestions('[{"doc":"d2","start":0,"end":6}]', DOCS);
    expect(issues.map((i) => i.code)).toEqual(['malformed_line']);
  });
});

describe('loadGoldCitations', () => {
  test('reads a plain list of {doc, start, end} with the same checks, by item', async () => {
    const { items, issues } = await loadGoldCitations(
      JSON.stringify([
        { doc: 'd2', start: 0, end: 6 },
        { doc: 'd2', start: 7, end: 700 },
        { doc: 'nope', start: 0, end: 1 },
        { doc: 'd2', start: -1, end: 2 },
      ]),
      DOCS,
    );
    expect(items.map((s) => [s.doc.doc_uid, s.start, s.end, s.quote])).toEqual([
      ['d2', 0, 6, 'Slices'],
    ]);
    expect(issues.map((i) => [i.unit, i.line, i.code])).toEqual([
      ['item', 2, 'bad_span'],
      ['item', 3, 'unknown_doc'],
      ['item', 4, 'wrong_type'],
    ]);
  });

  test('reads gold lines too, without asking for their questions', async () => {
    const { items, issues } = await loadGoldCitations(
      JSON.stringify({ doc: 'rustbook/ch04-03.md', gold_quote: 'contiguous' }),
      DOCS,
    );
    expect(issues).toEqual([]);
    expect(items[0]).toMatchObject({ start: 19, end: 29 });
  });
});

describe('matchGoldDoc', () => {
  test('exact source path, then doc_uid, then a unique tail on / boundaries', () => {
    expect(matchGoldDoc('rustbook/ch04-03.md', DOCS.refs)).toMatchObject({
      doc: { doc_uid: 'd2' },
    });
    expect(matchGoldDoc('d3', DOCS.refs)).toMatchObject({ doc: { doc_uid: 'd3' } });
    expect(matchGoldDoc('corpora/rustbook/ch04-01.md', DOCS.refs)).toMatchObject({
      doc: { doc_uid: 'd1' },
    });
    // the stored path may be the shorter one: a folder ingested from inside
    expect(matchGoldDoc('shared/other/ch04-03.md', DOCS.refs)).toMatchObject({
      doc: { doc_uid: 'd3' },
    });
    expect(matchGoldDoc('4-01.md', DOCS.refs)).toEqual({ status: 'unknown' });
    expect(matchGoldDoc('ch04-03.md', DOCS.refs)).toMatchObject({ status: 'ambiguous' });
  });
});

describe('schemas/gold-set.v1.schema.json agrees with the loader on a line', () => {
  const schema = JSON.parse(readFileSync('schemas/gold-set.v1.schema.json', 'utf8'));
  const accepts = new Ajv2020({ allErrors: true, strict: true }).compile(schema);
  const cases: [string, string, boolean][] = [
    ['a full line', line(), true],
    [
      'a span instead of the quote',
      line({ gold_quote: undefined, gold_span: { start: 2, end: 11 } }),
      true,
    ],
    ['no question', line({ question: undefined }), false],
    ['a blank section', line({ section: '  ' }), false],
    ['paraphrases not a list', line({ paraphrases: 'one' }), false],
    ['both quote and span', line({ gold_span: { start: 2, end: 11 } }), false],
    ['neither quote nor span', line({ gold_quote: undefined }), false],
    ['a negative start', line({ gold_quote: undefined, gold_span: { start: -1, end: 11 } }), false],
  ];
  test.each(cases)('%s', async (_name, text, ok) => {
    expect(accepts(JSON.parse(text))).toBe(ok);
    expect((await loadGoldQuestions(text, DOCS)).issues.length === 0).toBe(ok);
  });
});
