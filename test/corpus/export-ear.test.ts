import { createHash } from 'node:crypto';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RetrievalCorpusDocument } from '../../src/corpus/corpus-contract.js';
import { type EarCorpusExport, exportEarCorpus } from '../../src/corpus/export-ear-corpus.js';
import { formatCorpusJsonl } from '../../src/corpus/format-corpus-line.js';
import { validateCorpusText } from '../../src/corpus/validate-corpus-stream.js';
import { corpusPath } from '../corpora.js';
import { tempDir } from '../support/temp-dir.js';

const CHAPTER_VII = corpusPath('ecfr', 'title-15', 'chapter-VII.md');
const OPTIONS = { snapshot_date: '2025-12-31' };

let exported: EarCorpusExport;
let jsonl: string;
let byId: Map<string, RetrievalCorpusDocument>;

beforeAll(async () => {
  exported = await exportEarCorpus(CHAPTER_VII, OPTIONS);
  jsonl = formatCorpusJsonl(exported.documents);
  byId = new Map(exported.documents.map((d) => [d.doc_id, d]));
});

/** The `§` headings of parts 730 to 774 in the source, read without the parser. */
async function earSectionsInSource(): Promise<string[]> {
  const text = await readFile(CHAPTER_VII, 'utf8');
  return [...text.matchAll(/^#### § § (\d{3})\.(\d+)$/gm)]
    .filter((m) => Number(m[1]) >= 730 && Number(m[1]) <= 774)
    .map((m) => `EAR-${m[1]}.${m[2]}`);
}

describe('EAR export of chapter VII', () => {
  it('validates clean', async () => {
    const result = await validateCorpusText(jsonl);
    expect(result.ok ? [] : result.issues.slice(0, 5)).toEqual([]);
    expect(result.stats.documents).toBe(exported.documents.length);
  });

  it('has one section per § of parts 730 to 774 and nothing outside them', async () => {
    const sections = [
      ...new Set(
        exported.documents.filter((d) => d.chunk_kind === 'section').map((d) => d.section_id),
      ),
    ];
    expect(sections).toEqual(await earSectionsInSource());
    expect(sections).toHaveLength(121);
    for (const d of exported.documents) {
      const part = Number(d.section_id.slice(4, 7));
      expect(part >= 745 && part <= 774, d.doc_id).toBe(true);
    }
  });

  it('counts sections, subsections and paragraphs', () => {
    const count = (kind: string, chunk: boolean) =>
      exported.documents.filter((d) => d.chunk_kind === kind && d.doc_id.includes('#') === chunk)
        .length;
    // These follow the eCFR parser's reading of designators: a § or paragraph
    // whose designators it misreads is folded into one document (see buildEarCorpus).
    expect({
      section: count('section', false),
      section_chunks: count('section', true),
      subsection: count('subsection', false),
      subsection_chunks: count('subsection', true),
      paragraph: count('paragraph', false),
      paragraph_chunks: count('paragraph', true),
    }).toEqual({
      section: 119,
      section_chunks: 28,
      // § 758.1(i), the letter after (h)(2), is a subsection (it was read as the roman (h)(2)(i))
      subsection: 447,
      subsection_chunks: 2,
      paragraph: 1263,
      paragraph_chunks: 0,
    });
  });

  it('resolves every parent_id to the immediate container, earlier in the file', () => {
    const position = new Map(exported.documents.map((d, i) => [d.doc_id, i]));
    for (const [i, d] of exported.documents.entries()) {
      if (d.chunk_kind === 'section') {
        expect(d.parent_id).toBeUndefined();
        continue;
      }
      const parent = byId.get(d.parent_id!);
      expect(parent, `${d.doc_id} -> ${d.parent_id}`).toBeDefined();
      expect(position.get(d.parent_id!)!).toBeLessThan(i);
      expect(d.section_id.startsWith(parent!.section_id)).toBe(true);
      expect(d.section_id.slice(parent!.section_id.length)).toMatch(/^\([a-z0-9]+\)$/);
    }
  });

  it('numbers siblings from 1 in reading order', () => {
    const next = new Map<string, number>();
    for (const d of exported.documents) {
      const key = d.parent_id ?? '';
      const expected = (next.get(key) ?? 0) + 1;
      next.set(key, expected);
      expect(d.ordinal, d.doc_id).toBe(expected);
    }
  });

  it('has EAR-746.1(b)(1) under EAR-746.1(b), although both designators share one line', () => {
    const doc = byId.get('EAR-746.1(b)(1)');
    expect(
      doc?.text.startsWith('BIS controls the export and reexport of selected categories of items'),
    ).toBe(true);
    expect(doc).toMatchObject({
      section_id: 'EAR-746.1(b)(1)',
      chunk_kind: 'paragraph',
      parent_id: 'EAR-746.1(b)',
      title: '§ 746.1(b)(1)',
      url: 'https://www.ecfr.gov/current/title-15/section-746.1#p-746.1(b)(1)',
    });
    // (b) has no words of its own: its citation label stands in
    expect(byId.get('EAR-746.1(b)')).toMatchObject({
      chunk_kind: 'subsection',
      parent_id: 'EAR-746.1',
      text: '§ 746.1(b)',
    });
  });

  it('has EAR-746.1(a)(2), about Iran, under EAR-746.1(a)', () => {
    const doc = byId.get('EAR-746.1(a)(2)');
    expect(doc?.text).toMatch(
      /^BIS maintains license requirements and other restrictions on exports and reexports to _Iran\._/,
    );
    expect(doc?.parent_id).toBe('EAR-746.1(a)');
    expect(byId.get('EAR-746.1(a)')?.parent_id).toBe('EAR-746.1');
  });

  it('gives a section its title line, its text before (a), and its source note', () => {
    const doc = byId.get('EAR-746.1')!;
    expect(doc.title).toBe('§ 746.1 Introduction.');
    expect(doc.url).toBe('https://www.ecfr.gov/current/title-15/section-746.1');
    expect(
      doc.text.startsWith(
        '§ 746.1 Introduction.\n\nIn this part, references to the EAR are references to 15 CFR',
      ),
    ).toBe(true);
    expect(doc.text).toMatch(/\n\n\[61 FR 12806, Mar\. 25, 1996, as amended at .*\]$/);
    expect(doc.text).not.toContain(
      'This part contains or refers to all the BIS licensing requirements',
    );
    expect(byId.get('EAR-746.1(d)')!.text).not.toContain('61 FR 12806');
  });

  it('names the snapshot by date and the sha256 of the source file', async () => {
    const sha = createHash('sha256')
      .update(await readFile(CHAPTER_VII))
      .digest('hex');
    expect(new Set(exported.documents.map((d) => d.source_ref))).toEqual(
      new Set([`ecfr-2025-12-31-sha256:${sha}`]),
    );
    expect(new Set(exported.documents.map((d) => d.source))).toEqual(new Set(['ecfr_snapshot']));
  });

  it('carries tokens_estimate and a sha256 of each text', () => {
    for (const d of exported.documents) {
      expect(d.hash).toBe(createHash('sha256').update(d.text).digest('hex'));
      expect(d.tokens_estimate).toBeGreaterThan(0);
      expect(d.tokens_estimate).toBeLessThanOrEqual(1024);
    }
  });

  it('is byte-identical across runs and wherever the file lies', async () => {
    const again = formatCorpusJsonl((await exportEarCorpus(CHAPTER_VII, OPTIONS)).documents);
    expect(again).toBe(jsonl);
    const dir = tempDir('cairn-ear-');
    await copyFile(CHAPTER_VII, join(dir, 'copy.md'));
    expect(
      formatCorpusJsonl((await exportEarCorpus(join(dir, 'copy.md'), OPTIONS)).documents),
    ).toBe(jsonl);
  });

  it('loses no regulation text and repeats none', async () => {
    const source = await readFile(CHAPTER_VII, 'utf8');
    const squash = (s: string) => s.replace(/\s+/g, '');
    const bySection = new Map<string, string>();
    for (const d of exported.documents) {
      const key = d.section_id.replace(/\(.*$/, '');
      bySection.set(key, (bySection.get(key) ?? '') + squash(d.text));
    }
    let sourceChars = 0;
    const blocks = source.split(/^#### § § /m).slice(1);
    for (const block of blocks) {
      const number = /^(\d{3}\.\d+)/.exec(block)![1]!;
      const id = `EAR-${number}`;
      const exportedText = bySection.get(id);
      if (Number(number.slice(0, 3)) > 774) continue;
      expect(exportedText, id).toBeDefined();
      // the § ends at the next heading or at the title line of the next §, part (a reserved
      // range's plural, PARTS 775-780 [RESERVED], too) or subpart
      const body = block
        .split(/^(?:#{1,4} |\s*§ \d{3}\.\d+ |\s*(?:PARTS?|SUBCHAPTER|CHAPTER|Subparts?) )/m)[0]!
        .split('\n')
        .slice(1);
      for (const line of body) {
        const words = squash(
          line
            .replace(/^\s*>\s?/, '')
            .replace(/^\s*(?:—?\([^()\s]{1,10}\)(?:-\([^()\s]{1,10}\))?\s*)*/, ''),
        );
        if (words === '') continue;
        sourceChars += words.length;
        expect(exportedText!.includes(words), `${id}: ${line.slice(0, 80)}`).toBe(true);
      }
    }
    const exportedChars = [...bySection.values()].reduce((n, t) => n + t.length, 0);
    // titles, labels and folded designators add a little; repeating text would double it
    expect(exportedChars / sourceChars).toBeGreaterThan(1);
    expect(exportedChars / sourceChars).toBeLessThan(1.025);
  });
});

describe('EAR export of a file with over 120,000 documents', () => {
  it('exports them all: no push(...spread) overflowing the stack', async () => {
    // 5,000 sections of 26 paragraphs (2 MB): pushed as spread arguments, they overflow the stack
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const sections = Array.from({ length: 5000 }, (_, k) => {
      const lines = [...letters].map((c) => `  (${c}) Text ${c}.`).join('\n');
      return `#### § § 736.${k + 1}\n\n§ 736.${k + 1} Title.\n\n${lines}\n`;
    });
    const path = join(tempDir('cairn-export-'), 'many.md');
    await writeFile(path, `### Part 736\n\n${sections.join('\n')}`);
    const result = await exportEarCorpus(path, OPTIONS);
    expect(result.documents).toHaveLength(5000 * 27);
  }, 60_000);
});
