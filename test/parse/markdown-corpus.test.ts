import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/parse/parse-document.js';
import type { CairnDocument } from '../../src/types.js';
import { corpusFiles, corpusPath } from '../corpora.js';
import { assertDocumentInvariants } from '../support/assert-document.js';

async function parseAll(
  dir: string,
): Promise<{ files: number; sections: number; blocks: number; formats: Set<string> }> {
  const files = corpusFiles(dir, ['.md']);
  let sections = 0;
  let blocks = 0;
  const formats = new Set<string>();
  for (const file of files) {
    const doc = await parseDocument({ bytes: readFileSync(file), source_url: file });
    assertDocumentInvariants(doc);
    formats.add(doc.format);
    sections += doc.sections.length;
    blocks += doc.blocks.length;
  }
  return { files: files.length, sections, blocks, formats };
}

describe('every Markdown file of the corpora', () => {
  it('parses the 112 Rust book chapters as Markdown, invariants holding', async () => {
    const { files, sections, blocks, formats } = await parseAll('rustbook');
    expect({ files, sections, blocks, formats: [...formats] }).toEqual({
      files: 112,
      sections: 529,
      blocks: 6115,
      formats: ['markdown'],
    });
  }, 120_000);

  it('parses the 86 eCFR chapters through detection as eCFR, invariants holding', async () => {
    const { files, sections, blocks, formats } = await parseAll('ecfr');
    expect({ files, sections, blocks, formats: [...formats] }).toEqual({
      files: 86,
      // subparts numbered by part (Subpart 1262.1—...) and spaced designator ranges open sections
      sections: 247442,
      // each line's paragraph designators are a heading block, so that chunks hold them
      blocks: 515007,
      formats: ['ecfr'],
    });
  }, 900_000);
});

const projectSections = (doc: CairnDocument): string[] =>
  doc.sections.map(
    (s) => `${'  '.repeat(s.level - 1)}${s.sect_path} ${s.title} [${s.span.start}, ${s.span.end})`,
  );

describe('golden Markdown section tree', () => {
  it('matches rustbook/ch04-01-what-is-ownership.md', async () => {
    const path = corpusPath('rustbook', 'ch04-01-what-is-ownership.md');
    const doc = await parseDocument({ bytes: readFileSync(path), source_url: path });
    expect(doc.format).toBe('markdown');
    expect(basename(doc.source_url)).toBe('ch04-01-what-is-ownership.md');
    await expect(`${JSON.stringify(projectSections(doc), null, 1)}\n`).toMatchFileSnapshot(
      '../golden/markdown-rustbook-ch04-01.json',
    );
    // the code blocks of the chapter are typed and carry their language
    expect(doc.blocks.filter((b) => b.type === 'code').every((b) => b.lang !== undefined)).toBe(
      true,
    );
  });
});
