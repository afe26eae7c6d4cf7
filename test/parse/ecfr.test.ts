import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/parse/parse-document.js';
import type { CairnDocument, Section } from '../../src/types.js';
import { corpusPath } from '../corpora.js';
import { nastyPiece } from '../support/arbitraries.js';
import { assertDocumentInvariants } from '../support/assert-document.js';

const parseEcfrText = (text: string): Promise<CairnDocument> =>
  parseDocument({
    bytes: Buffer.from(text, 'utf8'),
    source_url: 'title-15/chapter-VII.md',
    format: 'ecfr',
  });

const textOf = (doc: CairnDocument, span: { start: number; end: number }): string =>
  Array.from(doc.canonical).slice(span.start, span.end).join('');

/** The section tree as a golden file shows it: one line per section, indented by level. */
function projectSections(doc: CairnDocument, keep: (s: Section) => boolean = () => true): string[] {
  return doc.sections
    .filter(keep)
    .map(
      (s) =>
        `${'  '.repeat(s.level - 1)}${s.sect_path} ${s.title} [${s.span.start}, ${s.span.end})`,
    );
}

const EXCERPT = `---
title: CHAPTER VII—BUREAU OF INDUSTRY AND SECURITY
chapter: VII
title_number: 15
---

CHAPTER VII—BUREAU OF INDUSTRY AND SECURITY

# Chapter VII

    PART 746—EMBARGOES AND OTHER SPECIAL CONTROLS

### Part 746

**Authority:** 50 U.S.C. 4801-4852.

    Subpart A—General

      § 746.1   Introduction.

#### § § 746.1

      In this part, references to the EAR are references to 15 CFR chapter VII.

      (a)  This part contains licensing requirements 😀.

      (1)  All the items on the CCL require a license to _Cuba._

      (2)  BIS maintains license requirements on exports to _Iran._

      (b)  (1) BIS controls the export and reexport of selected categories of items.

      (i) First.

      (ii) Second.

      (2) The countries are listed.

> [61 FR 12806, Mar. 25, 1996]

      § 746.2   Cuba.

#### § § 746.2

      (a)  License requirements.
`;

describe('eCFR parser on an excerpt', () => {
  let doc: CairnDocument;
  beforeAll(async () => {
    doc = await parseEcfrText(EXCERPT);
  });

  it('names sections by the title lines and nests subparts and designators', () => {
    expect(doc.format).toBe('ecfr');
    expect(doc.title).toBe('CHAPTER VII—BUREAU OF INDUSTRY AND SECURITY');
    expect(projectSections(doc).map((line) => line.replace(/ \[\d+, \d+\)$/, ''))).toEqual([
      '1 CHAPTER VII—BUREAU OF INDUSTRY AND SECURITY',
      '  1.1 PART 746—EMBARGOES AND OTHER SPECIAL CONTROLS',
      '    1.1.1 Subpart A—General',
      '      1.1.1.1 § 746.1 Introduction.',
      '        1.1.1.1.1 (a)',
      '          1.1.1.1.1.1 (1)',
      '          1.1.1.1.1.2 (2)',
      '        1.1.1.1.2 (b)',
      '          1.1.1.1.2.1 (1)',
      '            1.1.1.1.2.1.1 (i)',
      '            1.1.1.1.2.1.2 (ii)',
      '          1.1.1.1.2.2 (2)',
      '      1.1.1.2 § 746.2 Cuba.',
      '        1.1.1.2.1 (a)',
    ]);
    const section = doc.sections[3]!;
    expect(section.designator).toBe('§ 746.1');
    expect(textOf(doc, section.heading_span!)).toBe('§ 746.1   Introduction.');
    expect(doc.sections[7]!.heading_path.slice(-2)).toEqual(['§ 746.1 Introduction.', '(b)']);
    assertDocumentInvariants(doc);
  });

  it('reads indented regulation text as one paragraph per line, each designator a heading block before it', () => {
    // the designators are blocks, so chunks hold them; `(b)  (1) BIS controls...` is the text of
    // (b)(1), and (b) holds no block of its own
    expect(doc.blocks.filter((b) => b.section === 7)).toEqual([]);
    expect(textOf(doc, doc.sections[8]!.span)).toMatch(/^\(b\) {2}\(1\) BIS controls/);
    expect(textOf(doc, doc.sections[8]!.heading_span!)).toBe('(1)');
    const inB1 = doc.blocks.filter((b) => b.section === 8);
    expect(inB1.map((b) => [b.type, textOf(doc, b.span)])).toEqual([
      ['heading', '(b)  (1)'],
      ['paragraph', 'BIS controls the export and reexport of selected categories of items.'],
    ]);
    expect(
      doc.blocks.filter((b) => b.section === 3).map((b) => [b.type, textOf(doc, b.span)]),
    ).toEqual([
      ['heading', '§ 746.1   Introduction.'],
      ['heading', '#### § § 746.1'],
      ['paragraph', 'In this part, references to the EAR are references to 15 CFR chapter VII.'],
    ]);
    const quote = doc.blocks.find((b) => b.type === 'quote')!;
    expect(textOf(doc, quote.span)).toBe('> [61 FR 12806, Mar. 25, 1996]');
    expect(doc.sections[quote.section!]!.title).toBe('(2)');
    expect(doc.blocks[0]!.type).toBe('front_matter');
  });

  it('gives the same tree for CRLF line endings, with spans still exact', async () => {
    const crlf = await parseEcfrText(EXCERPT.replace(/\n/g, '\r\n'));
    assertDocumentInvariants(crlf);
    expect(crlf.sections.map((s) => s.sect_path + s.title)).toEqual(
      doc.sections.map((s) => s.sect_path + s.title),
    );
    expect(crlf.blocks.map((b) => textOf(crlf, b.span))).toEqual(
      doc.blocks.map((b) => textOf(doc, b.span).replace(/\n/g, '\r\n')),
    );
  });

  it('opens subparts numbered by part and spaced subpart ranges (14 CFR V, 15 CFR IX)', async () => {
    const doc = await parseEcfrText(
      '### Part 1262\n\n    Subpart 1262.1—General Provisions\n\n      § 1262.101   Purpose of these rules.\n\n#### § § 1262.101\n\n      (a) Text.\n\n' +
        '    Subparts B - C [Reserved]\n\n    Subpart 1262.2 [Reserved]\n',
    );
    assertDocumentInvariants(doc);
    expect(projectSections(doc).map((line) => line.replace(/ \[\d+, \d+\)$/, ''))).toEqual([
      '1 Part 1262',
      '  1.1 Subpart 1262.1—General Provisions',
      '    1.1.1 § 1262.101 Purpose of these rules.',
      '      1.1.1.1 (a)',
      '  1.2 Subparts B - C [Reserved]',
      '  1.3 Subpart 1262.2 [Reserved]',
    ]);
  });

  it('names a range of reserved parts by its plural title line (title 12 chapter VIII)', async () => {
    const reserved = await parseEcfrText(
      '# Chapter VIII\n\n  PARTS 800-809 [RESERVED]\n\n### Part 800-809\n\n  PART 810—FEDERAL FINANCING BANK BILLS\n\n### Part 810\n',
    );
    assertDocumentInvariants(reserved);
    const part = reserved.sections.find((s) => s.sect_path === '1.1')!;
    expect(part.title).toBe('PARTS 800-809 [RESERVED]');
    // the title line is the part's heading, not a paragraph left in the chapter before it
    expect(reserved.blocks.filter((b) => b.type === 'paragraph')).toEqual([]);
  });
});

/** eCFR-shaped pieces: headings, title lines, indented designator lines, among nasty text. */
const ECFR_PIECES = [
  '\n\n',
  '\n',
  '\r\n',
  '# Chapter I\n',
  '### Part 1\n',
  '    PART 1—GENERAL\n\n',
  '      § 1.1   Scope.\n\n#### § § 1.1\n\n',
  '    Subpart A—General\n',
  '      (a) ',
  '      (b)  (1) ',
  '      (i) ',
  '(ii) ',
  '(A) ',
  '      (h) x\n\n      (i) y\n',
  '> [1 FR 2]\n',
  '**Authority:** x\n',
  '      ',
  '—(',
];

describe('eCFR parser on generated input', () => {
  it('keeps spans exact, loses no text, and is deterministic', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .array(
            fc.oneof(fc.constantFrom(...ECFR_PIECES), nastyPiece, fc.constantFrom('word', 'Text.')),
            {
              maxLength: 50,
            },
          )
          .map((parts) => parts.join('')),
        async (text) => {
          const doc = await parseEcfrText(text);
          assertDocumentInvariants(doc);
          // every non-blank code point is in a block, designators included: chunks are made of blocks
          const chars = Array.from(doc.canonical);
          const covered = new Uint8Array(chars.length);
          for (const b of doc.blocks) covered.fill(1, b.span.start, b.span.end);
          chars.forEach((ch, i) => {
            if (!/\s/u.test(ch) && covered[i] === 0)
              throw new Error(`code point ${i} ${JSON.stringify(ch)} lost`);
          });
          expect(await parseEcfrText(text)).toEqual(doc);
        },
      ),
    );
  });
});

describe('eCFR parser on title 15 chapter VII (the EAR)', () => {
  let doc: CairnDocument;
  beforeAll(async () => {
    const path = corpusPath('ecfr', 'title-15', 'chapter-VII.md');
    doc = await parseDocument({ bytes: readFileSync(path), source_url: path });
  }, 60_000);

  const part746 = (): Section => doc.sections.find((s) => s.title.startsWith('PART 746—'))!;

  it('is detected as eCFR and keeps its invariants', () => {
    expect(doc.format).toBe('ecfr');
    assertDocumentInvariants(doc);
  });

  it('matches the golden section tree of part 746', async () => {
    const part = part746();
    const tree = projectSections(
      doc,
      (s) => s.index === part.index || s.heading_path[part.level - 1] === part.title,
    );
    expect(tree.length).toBeGreaterThan(100);
    await expect(`${JSON.stringify(tree, null, 1)}\n`).toMatchFileSnapshot(
      '../golden/ecfr-15-vii-part-746.json',
    );
  });

  it('puts § 746.1(b)(1) and (a)(2) where the regulation has them', () => {
    const part = part746();
    const s7461 = doc.sections.find((s) => s.parent === part.index && s.designator === '§ 746.1')!;
    expect(s7461.title).toBe('§ 746.1 Introduction.');
    const b = doc.sections.find((s) => s.parent === s7461.index && s.designator === '(b)')!;
    const b1 = doc.sections.find((s) => s.parent === b.index && s.designator === '(1)')!;
    const firstBlock = doc.blocks.find((x) => x.section === b1.index && x.type === 'paragraph')!;
    expect(textOf(doc, firstBlock.span)).toMatch(
      /^BIS controls the export and reexport of selected categories of items/,
    );
    const a = doc.sections.find((s) => s.parent === s7461.index && s.designator === '(a)')!;
    const a2 = doc.sections.find((s) => s.parent === a.index && s.designator === '(2)')!;
    expect(textOf(doc, a2.span)).toMatch(
      /^\(2\)\s+BIS maintains license requirements .* to _Iran\._/,
    );
    expect(a2.heading_path.slice(-3)).toEqual(['§ 746.1 Introduction.', '(a)', '(2)']);
  });
});
