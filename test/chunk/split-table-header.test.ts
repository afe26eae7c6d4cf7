import { describe, expect, it } from 'vitest';
import { CharChunker } from '../../src/chunk/char-chunker.js';
import { StructureChunker } from '../../src/chunk/structure-chunker.js';
import type { Chunk } from '../../src/chunk/types.js';
import { parseDocument } from '../../src/parse/parse-document.js';
import type { CairnDocument, Format } from '../../src/types.js';

const ROWS = 60;

async function parse(text: string, format: Format): Promise<CairnDocument> {
  return parseDocument({ bytes: Buffer.from(text, 'utf8'), source_url: `t.${format}`, format });
}

function tableParts(doc: CairnDocument, chunks: Chunk[]): Chunk[] {
  const table = doc.blocks.find((b) => b.type === 'table')!;
  return chunks.filter((c) => c.span.start < table.span.end && c.span.end > table.span.start);
}

function checkParts(doc: CairnDocument, chunks: Chunk[], header: string, path: string): void {
  const chars = Array.from(doc.canonical);
  const parts = tableParts(doc, chunks);
  expect(parts.length).toBeGreaterThan(2);
  parts.forEach((part, i) => {
    expect(chars.slice(part.span.start, part.span.end).join('')).toBe(part.text);
    // the header row is in the first part's text, and in the context of every later part only
    expect(part.context).toBe(i === 0 ? path : `${path}\n${header}`);
    if (i > 0) expect(part.text.includes(header)).toBe(false);
  });
}

describe('a table split over chunks', () => {
  it('gives each later part of a Markdown table its header row as context, after the heading path', async () => {
    const rows = Array.from({ length: ROWS }, (_, i) => `| row ${i} | value ${i * 7} |`).join('\n');
    const doc = await parse(`# Prices\n\n| Item 🍎 | Price |\n|---|---|\n${rows}\n`, 'markdown');
    const chunks = new StructureChunker({ max_chunk_tokens: 64 }).chunk(doc);
    checkParts(doc, chunks, '| Item 🍎 | Price |', 'Prices');
    expect(tableParts(doc, chunks).every((c) => c.split_reason === 'oversize_atomic')).toBe(true);
    // the char chunker cuts tables too: its later parts carry the header as well
    const byChars = new CharChunker({ size_chars: 200, overlap_chars: 0 }).chunk(doc);
    checkParts(doc, byChars, '| Item 🍎 | Price |', 'Prices');
  });

  it('does the same for an HTML table, and without include_headers gives the header row alone', async () => {
    const rows = Array.from({ length: ROWS }, (_, i) => `<tr><td>r${i}</td><td>${i}</td></tr>`);
    const html = `<html><body><h1>Sizes</h1><table><tr><th>Name</th><th>Size</th></tr>${rows.join('')}</table></body></html>`;
    const doc = await parse(html, 'html');
    const chunks = new StructureChunker({ max_chunk_tokens: 40 }).chunk(doc);
    checkParts(doc, chunks, 'Name | Size', 'Sizes');
    const bare = new StructureChunker({ max_chunk_tokens: 40, include_headers: false }).chunk(doc);
    const parts = tableParts(doc, bare);
    expect(parts[0]!.context).toBeUndefined();
    expect(parts.slice(1).map((c) => c.context)).toEqual(parts.slice(1).map(() => 'Name | Size'));
  });
});
