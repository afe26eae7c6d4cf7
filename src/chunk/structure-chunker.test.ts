import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cl100kCount } from '../../test/chunk/assert-chunks.js';
import { buildStructuredDocument } from '../../test/chunk/chunk-arbitraries.js';
import { bundleEntries } from '../../test/store/support/bundle-entries.js';
import { StructureChunker } from './structure-chunker.js';

const prose = (n: number) => 'Ownership is a set of rules that govern memory. '.repeat(n).trim();

describe('structure chunker', () => {
  const doc = buildStructuredDocument([
    { type: 'section', depth: 1, text: 'Guide' },
    { type: 'paragraph', text: prose(3) },
    { type: 'section', depth: 2, text: 'Rules' },
    { type: 'paragraph', text: prose(2) },
    { type: 'code', text: 'fn main() {\n    let s = String::from("hello");\n}' },
    { type: 'section', depth: 2, text: 'Scope' },
    { type: 'paragraph', text: prose(1) },
  ]);

  it('starts chunks at headings, never mixes sections, and gives the heading path as context', () => {
    const chunks = new StructureChunker().chunk(doc);
    expect(chunks.map((c) => c.sect_path)).toEqual(['1', '1.1', '1.2']);
    expect(chunks.map((c) => c.heading_path)).toEqual([
      ['Guide'],
      ['Guide', 'Rules'],
      ['Guide', 'Scope'],
    ]);
    expect(chunks[1]!.block_types).toEqual(['heading', 'paragraph', 'code']);
    expect(chunks[1]!.context).toBe('Guide > Rules');
    expect(chunks[1]!.text.startsWith('Rules')).toBe(true);
    for (const chunk of chunks) expect(chunk.token_count).toBe(cl100kCount(chunk.text));
    expect(new StructureChunker({ include_headers: false }).chunk(doc)[1]!.context).toBeUndefined();
  });

  it("joins a section's own heading path as context, also where it does not extend its parent's", () => {
    const deep = buildStructuredDocument([
      { type: 'section', depth: 1, text: 'Guide' },
      { type: 'section', depth: 2, text: 'Rules' },
      { type: 'section', depth: 3, text: 'Moves' },
      { type: 'paragraph', text: prose(1) },
      { type: 'section', depth: 3, text: 'Copies' },
      { type: 'paragraph', text: prose(1) },
    ]);
    const contexts = (d: typeof deep) =>
      new StructureChunker().chunk(d).map((c) => [c.heading_path.join(' > '), c.context]);
    expect(contexts(deep)).toContainEqual(['Guide > Rules > Moves', 'Guide > Rules > Moves']);
    // a model from elsewhere (a stored JSON document) may name a path its parent's does not start
    const edited = {
      ...deep,
      sections: deep.sections.map((s) =>
        s.title === 'Copies' ? { ...s, heading_path: ['Other', 'Copies'] } : s,
      ),
    };
    const got = contexts(edited);
    expect(got).toContainEqual(['Other > Copies', 'Other > Copies']);
    for (const [path, context] of got) expect(context).toBe(path);
  });

  it('packs across sections only when told, never ending a chunk on a heading', () => {
    const chunks = new StructureChunker({ cross_sections: true }).chunk(doc);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.sect_path).toBe('1');
    const tight = new StructureChunker({ cross_sections: true, max_chunk_tokens: 40 }).chunk(doc);
    expect(tight.length).toBeGreaterThan(1);
    for (const chunk of tight.slice(0, -1)) expect(chunk.block_types.at(-1)).not.toBe('heading');
  });

  it('splits an oversize code block on lines and says so; a long paragraph on sentences', () => {
    const code = Array.from({ length: 60 }, (_, i) => `    let value_${i} = compute(${i});`).join(
      '\n',
    );
    const big = buildStructuredDocument([
      { type: 'code', text: code },
      { type: 'paragraph', text: prose(40) },
    ]);
    const chunks = new StructureChunker({ max_chunk_tokens: 64 }).chunk(big);
    const codeChunks = chunks.filter((c) => c.block_types.includes('code'));
    expect(codeChunks.length).toBeGreaterThan(3);
    expect(codeChunks.map((c) => c.block_part)).toEqual(codeChunks.map((_, i) => i));
    for (const chunk of codeChunks) {
      expect(chunk.split_reason).toBe('oversize_atomic');
      expect(chunk.text.endsWith(';')).toBe(true);
    }
    const prosChunks = chunks.filter((c) => c.block_types.includes('paragraph'));
    for (const chunk of prosChunks) {
      expect(chunk.split_reason).toBe('oversize_block');
      expect(chunk.text.endsWith('memory.')).toBe(true);
      expect(chunk.token_count).toBeLessThanOrEqual(64);
    }
  });

  it('reads a string as a plain-text document', () => {
    const chunks = new StructureChunker().chunk(
      '1. Introduction\n\nSome text.\n\n2. Results\n\nMore text.',
    );
    expect(chunks.map((c) => [c.sect_path, c.text])).toEqual([
      ['1', '1. Introduction\n\nSome text.'],
      ['2', '2. Results\n\nMore text.'],
    ]);
  });

  it('merges regulation paragraph sections into their § section when asked', () => {
    const reg = buildStructuredDocument([
      { type: 'section', depth: 1, text: '§ 736.2 General prohibitions' },
      { type: 'paragraph', text: 'Intro.' },
      { type: 'section', depth: 2, text: '(a)' },
      { type: 'paragraph', text: '(a) First.' },
      { type: 'section', depth: 2, text: '(b)' },
      { type: 'paragraph', text: '(b) Second.' },
    ]);
    // buildStructuredDocument gives no designators: mark them as the eCFR parser does
    reg.sections[0]!.designator = '§ 736.2';
    reg.sections[1]!.designator = '(a)';
    reg.sections[2]!.designator = '(b)';
    expect(new StructureChunker().chunk(reg)).toHaveLength(3);
    const merged = new StructureChunker({ merge_paragraph_sections: true }).chunk(reg);
    expect(merged).toHaveLength(1);
    expect(merged[0]!.sect_path).toBe('1');
  });

  it('refuses a string over max_content_chars before parsing it, in a small heap', async () => {
    // the model of 21 MB of short paragraphs takes about 1 GB: parsed first, it runs out of heap
    const bundle = await bundleEntries({ structure: 'src/chunk/structure-chunker.ts' });
    try {
      const script = `
        const { StructureChunker } = await import(${JSON.stringify(pathToFileURL(bundle.file('structure')).href)});
        const chunker = new StructureChunker({ limits: { max_content_chars: 1000 } });
        try { chunker.chunk('word.\\n\\n'.repeat(3_000_000)); } catch (error) { console.log(error.code); }`;
      const run = spawnSync(
        process.execPath,
        ['--max-old-space-size=128', '--input-type=module', '-e', script],
        { encoding: 'utf8' },
      );
      expect(run.stdout.trim()).toBe('content_too_large');
    } finally {
      bundle.dispose();
    }
  });
});
