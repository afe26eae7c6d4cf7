import { describe, expect, it } from 'vitest';
import { parseDocument } from '../parse/parse-document.js';
import { assignOrdinals, buildEarCorpus } from './build-ear-corpus.js';
import { formatCorpusJsonl } from './format-corpus-line.js';
import { validateCorpusText } from './validate-corpus-stream.js';

const REF = `ecfr-2025-12-31-sha256:${'a'.repeat(64)}`;

/** eCFR Markdown as the export writes it: title lines before headings, regulation text indented. */
function ecfr(
  sections: { number: string; title: string; lines: string[] }[],
  part = '746',
): string {
  const out = ['# Chapter VII', '', `    PART ${part}—TEST PART`, '', `### Part ${part}`, ''];
  for (const s of sections) {
    out.push(`      § ${s.number}   ${s.title}`, '', `#### § § ${s.number}`, '');
    for (const line of s.lines) out.push(line.startsWith('>') ? line : `      ${line}`, '');
  }
  return out.join('\n');
}

async function build(markdown: string, maxTokens?: number) {
  const doc = await parseDocument({
    bytes: Buffer.from(markdown),
    source_url: 'test.md',
    format: 'ecfr',
  });
  const docs = assignOrdinals(
    buildEarCorpus(doc, {
      source_ref: REF,
      ...(maxTokens === undefined ? {} : { max_tokens: maxTokens }),
    }),
  );
  const validation = await validateCorpusText(formatCorpusJsonl(docs));
  expect(validation.ok ? [] : validation.issues).toEqual([]);
  return docs;
}

const shape = (docs: Awaited<ReturnType<typeof build>>) =>
  docs.map((d) => [d.doc_id, d.chunk_kind, d.parent_id ?? null, d.ordinal, d.text]);

describe('buildEarCorpus', () => {
  it('gives each node its own words, parents, ordinals and urls', async () => {
    const docs = await build(
      ecfr([
        {
          number: '746.1',
          title: 'Introduction.',
          lines: [
            'Intro text.',
            '(a)  First.',
            '(1) One.',
            '(2) Two about Iran.',
            '(b)  (1) BIS controls the export.',
            '(2) The countries.',
            '> [61 FR 12806, Mar. 25, 1996]',
          ],
        },
        { number: '746.2', title: 'Cuba.', lines: ['(a)  License.'] },
      ]),
    );
    expect(shape(docs)).toEqual([
      [
        'EAR-746.1',
        'section',
        null,
        1,
        '§ 746.1 Introduction.\n\nIntro text.\n\n[61 FR 12806, Mar. 25, 1996]',
      ],
      ['EAR-746.1(a)', 'subsection', 'EAR-746.1', 1, 'First.'],
      ['EAR-746.1(a)(1)', 'paragraph', 'EAR-746.1(a)', 1, 'One.'],
      ['EAR-746.1(a)(2)', 'paragraph', 'EAR-746.1(a)', 2, 'Two about Iran.'],
      ['EAR-746.1(b)', 'subsection', 'EAR-746.1', 2, '§ 746.1(b)'],
      ['EAR-746.1(b)(1)', 'paragraph', 'EAR-746.1(b)', 1, 'BIS controls the export.'],
      ['EAR-746.1(b)(2)', 'paragraph', 'EAR-746.1(b)', 2, 'The countries.'],
      ['EAR-746.2', 'section', null, 2, '§ 746.2 Cuba.'],
      ['EAR-746.2(a)', 'subsection', 'EAR-746.2', 1, 'License.'],
    ]);
    expect(docs[0]).toMatchObject({
      schema_version: 'retrieval-corpus.v1',
      section_id: 'EAR-746.1',
      title: '§ 746.1 Introduction.',
      source: 'ecfr_snapshot',
      source_ref: REF,
      url: 'https://www.ecfr.gov/current/title-15/section-746.1',
    });
    expect(docs[2]).toMatchObject({
      title: '§ 746.1(a)(1)',
      url: 'https://www.ecfr.gov/current/title-15/section-746.1#p-746.1(a)(1)',
    });
  });

  it('leaves out parts outside 730 to 774', async () => {
    const doc = await parseDocument({
      bytes: Buffer.from(ecfr([{ number: '781.1', title: 'APR.', lines: ['(a)  Text.'] }], '781')),
      source_url: 'apr.md',
      format: 'ecfr',
    });
    expect(buildEarCorpus(doc, { source_ref: REF })).toEqual([]);
  });

  it('reads a designator that follows its parent on one line as the first child', async () => {
    const docs = await build(
      ecfr([
        {
          number: '746.3',
          title: 'Iraq.',
          lines: ['(a)  Fine.', '(b) —(1)  Hidden one.', '(2)  Two.', '(i) Sub.', '(c)  After.'],
        },
      ]),
    );
    expect(shape(docs)).toEqual([
      ['EAR-746.3', 'section', null, 1, '§ 746.3 Iraq.'],
      ['EAR-746.3(a)', 'subsection', 'EAR-746.3', 1, 'Fine.'],
      // (b) has no words of its own: its text names it, so no document is empty
      ['EAR-746.3(b)', 'subsection', 'EAR-746.3', 2, '§ 746.3(b)'],
      ['EAR-746.3(b)(1)', 'paragraph', 'EAR-746.3(b)', 1, 'Hidden one.'],
      ['EAR-746.3(b)(2)', 'paragraph', 'EAR-746.3(b)', 2, 'Two.'],
      ['EAR-746.3(b)(2)(i)', 'paragraph', 'EAR-746.3(b)(2)', 1, 'Sub.'],
      ['EAR-746.3(c)', 'subsection', 'EAR-746.3', 3, 'After.'],
    ]);
  });

  it('folds a whole § when the skip is at the top level', async () => {
    const docs = await build(
      ecfr([{ number: '746.5', title: 'Gap.', lines: ['(a)  A.', '(c)  C.'] }]),
    );
    expect(shape(docs)).toEqual([
      ['EAR-746.5', 'section', null, 1, '§ 746.5 Gap.\n\n(a) A.\n\n(c) C.'],
    ]);
  });

  it('folds a whole § whose designators restart', async () => {
    const docs = await build(
      ecfr(
        [
          {
            number: '772.1',
            title: 'Definitions.',
            lines: [
              'Term one means:',
              '(1) A thing; or',
              '(2) Another.',
              'Term two means:',
              '(1) Else; and',
              '(i) More.',
            ],
          },
        ],
        '772',
      ),
    );
    expect(shape(docs)).toEqual([
      [
        'EAR-772.1',
        'section',
        null,
        1,
        '§ 772.1 Definitions.\n\nTerm one means:\n\n(1) A thing; or\n\n(2) Another.\n\nTerm two means:\n\n(1) Else; and\n\n(i) More.',
      ],
    ]);
  });

  it('splits a text over the limit into chunks; children name the first chunk', async () => {
    const long = 'BIS controls the export of items to embargoed destinations. '.repeat(12).trim();
    const docs = await build(
      ecfr([{ number: '746.4', title: 'Long.', lines: [`(a)  ${long}`, '(1) Child.'] }]),
      40,
    );
    const ids = docs.map((d) => [d.doc_id, d.section_id, d.parent_id ?? null, d.ordinal]);
    expect(ids[0]).toEqual(['EAR-746.4', 'EAR-746.4', null, 1]);
    const chunks = ids.filter(([id]) => String(id).startsWith('EAR-746.4(a)#'));
    expect(chunks.length).toBeGreaterThan(2);
    chunks.forEach(([id, section, parent, ordinal], i) => {
      expect(id).toBe(`EAR-746.4(a)#p${String(i + 1).padStart(4, '0')}`);
      expect([section, parent, ordinal]).toEqual(['EAR-746.4(a)', 'EAR-746.4', i + 1]);
    });
    expect(ids.at(-1)).toEqual(['EAR-746.4(a)(1)', 'EAR-746.4(a)(1)', 'EAR-746.4(a)#p0001', 1]);
    const rejoined = docs.filter((d) => d.section_id === 'EAR-746.4(a)').map((d) => d.text);
    expect(rejoined.join(' ')).toBe(long);
    for (const d of docs) expect(d.tokens_estimate).toBeLessThanOrEqual(40);
  });

  it('reads italic designators and ranges as the ids a reader cites', async () => {
    const docs = await build(
      ecfr(
        [
          {
            number: '748.1',
            title: 'Scope.',
            lines: [
              '(a)  A.',
              '(1) One.',
              '(i) Roman.',
              '(A) Upper.',
              '(_1_) Italic one.',
              '(2)-(3) [Reserved]',
              '(4) Four.',
            ],
          },
        ],
        '748',
      ),
    );
    expect(docs.map((d) => d.doc_id)).toEqual([
      'EAR-748.1',
      'EAR-748.1(a)',
      'EAR-748.1(a)(1)',
      'EAR-748.1(a)(1)(i)',
      'EAR-748.1(a)(1)(i)(a)',
      'EAR-748.1(a)(1)(i)(a)(1)',
      'EAR-748.1(a)(2)',
      'EAR-748.1(a)(4)',
    ]);
  });
});
