import { describe, expect, it } from 'vitest';
import { paragraphDocument } from '../../test/ids/paragraph-document.js';
import { type AlignmentResult, alignChunkIds, type PreviousChunk } from './align-chunk-ids.js';
import { compareChunkIds } from './compare-chunk-ids.js';
import { mintChunkIds } from './mint-chunk-ids.js';
import { validateChunkIds } from './validate-chunk-ids.js';

const ORIGINAL = [
  '1. Ownership',
  'Ownership is a set of rules that govern how a Rust program manages memory.',
  'Some languages have garbage collection that regularly looks for no-longer-used memory.',
  'Rust uses a third approach: memory is managed through a system of ownership.',
  '2. The Stack and the Heap',
  'Many programming languages do not require you to think about the stack and the heap very often.',
  'Both the stack and the heap are parts of memory available to your code to use at runtime.',
  'All data stored on the stack must have a known, fixed size.',
  '3. Ownership Rules',
  'Each value in Rust has an owner, and there can only be one owner at a time.',
  'When the owner goes out of scope, the value will be dropped.',
];

function version(paragraphs: readonly string[]): PreviousChunk[] {
  const { doc, chunks } = paragraphDocument(paragraphs);
  const ids = mintChunkIds(doc, chunks);
  return chunks.map((chunk, k) => ({ chunk_id: ids[k]!, text: chunk.text }));
}

function reingest(previous: PreviousChunk[], paragraphs: readonly string[]): AlignmentResult {
  const { doc, chunks } = paragraphDocument(paragraphs);
  const result = alignChunkIds(previous, doc, chunks);
  expect(validateChunkIds({ ids: result.ids })).toEqual({ ok: true });
  expect(result.rev).toBe(doc.rev);
  for (const redirect of result.redirects) expect(result.ids).toContain(redirect.to);
  return result;
}

const idOf = (previous: PreviousChunk[], text: string): string =>
  previous.find((chunk) => chunk.text === text)!.chunk_id;

describe('alignChunkIds', () => {
  const before = version(ORIGINAL);

  it('changes nothing on identical input', () => {
    const result = reingest(before, ORIGINAL);
    expect(result.change).toBe('none');
    expect(result.ids).toEqual(before.map((chunk) => chunk.chunk_id));
    expect(result.redirects).toEqual([]);
  });

  it('keeps every ID and the lineage through a typo fix; rev names the new text', () => {
    const edited = ORIGINAL.map((p) => p.replace('garbage collection', 'garbage colection'));
    const result = reingest(before, edited);
    expect(result.change).toBe('minor');
    expect(result.ids).toEqual(before.map((chunk) => chunk.chunk_id));
    expect(result.redirects).toEqual([]);
    expect(result.lineage_rev).toBe(before[0]!.chunk_id.split('|')[1]!.slice(2));
    expect(result.rev.startsWith(result.lineage_rev)).toBe(false);
    expect(result.stats.edited).toBe(1);
  });

  it('gives an inserted paragraph an ID between its neighbours without renumbering them', () => {
    const added = 'A new paragraph about the heap, inserted by a later edit.';
    const edited = [...ORIGINAL.slice(0, 6), added, ...ORIGINAL.slice(6)];
    const result = reingest(before, edited);
    expect(result.change).toBe('minor');
    const kept = result.ids.filter((_, k) => k !== 6);
    expect(kept).toEqual(before.map((chunk) => chunk.chunk_id));
    expect(result.ids[6]).toBe(`${before[5]!.chunk_id}+5`);
    expect(result.redirects).toEqual([]);
  });

  it('places chunks inserted before the first one in block 000', () => {
    const result = reingest(before, ['An opening line before everything.', ...ORIGINAL]);
    expect(result.ids[0]).toMatch(/\|s=-\|p=000\|b=001$/); // the natural ID is free and fits
    const again = reingest(
      result.ids.map((chunk_id, k) => ({
        chunk_id,
        text: ['An opening line before everything.', ...ORIGINAL][k]!,
      })),
      ['A second opening line.', 'An opening line before everything.', ...ORIGINAL],
    );
    expect(again.ids[0]).toMatch(/\|s=-\|p=000\|b=000\+5$/);
  });

  it('redirects a deleted paragraph to its nearest survivor', () => {
    const gone = ORIGINAL[6]!;
    const result = reingest(
      before,
      ORIGINAL.filter((p) => p !== gone),
    );
    expect(result.change).toBe('minor');
    expect(result.redirects).toEqual([
      { from: idOf(before, gone), to: idOf(before, ORIGINAL[5]!), kind: 'deleted' },
    ]);
  });

  it('re-keys a paragraph moved to another section, in its new place, and redirects', () => {
    const mover = ORIGINAL[2]!;
    const edited = [...ORIGINAL.filter((p) => p !== mover)];
    edited.splice(edited.indexOf(ORIGINAL[9]!), 0, mover);
    const result = reingest(before, edited);
    expect(result.change).toBe('minor');
    const at = edited.indexOf(mover);
    expect(result.redirects).toEqual([
      { from: idOf(before, mover), to: result.ids[at]!, kind: 'moved' },
    ]);
    expect(compareChunkIds(result.ids[at - 1]!, result.ids[at]!)).toBeLessThan(0);
  });

  it('redirects the absorbed paragraph of a merge to the merged chunk', () => {
    const merged = `${ORIGINAL[6]} ${ORIGINAL[7]}`;
    const edited = [...ORIGINAL.slice(0, 6), merged, ...ORIGINAL.slice(8)];
    const result = reingest(before, edited);
    expect(result.change).toBe('minor');
    expect(result.ids[6]).toBe(idOf(before, ORIGINAL[6]!));
    expect(result.redirects).toEqual([
      { from: idOf(before, ORIGINAL[7]!), to: idOf(before, ORIGINAL[6]!), kind: 'merged' },
    ]);
  });

  it('keeps the ID on one piece of a split paragraph and inserts the other', () => {
    const [first, second] = [
      'Many programming languages do not require you to think',
      'about the stack and the heap very often.',
    ];
    const edited = [...ORIGINAL.slice(0, 5), first!, second!, ...ORIGINAL.slice(6)];
    const result = reingest(before, edited);
    expect(result.change).toBe('minor');
    expect(result.ids.filter((id) => before.some((chunk) => chunk.chunk_id === id))).toHaveLength(
      before.length,
    );
    expect(result.redirects).toEqual([]);
  });

  it('mints a new lineage on a rewrite and redirects what it can match', () => {
    const rewritten = [
      '1. Memory',
      'An entirely different introduction to memory management in systems languages.',
      'Ownership is a set of rules that govern how a Rust program manages memory.',
      'Nothing else from the earlier text survives in this version of the chapter.',
    ];
    const result = reingest(before, rewritten);
    expect(result.change).toBe('major');
    expect(result.lineage_rev).toBe(result.rev.slice(0, 8));
    expect(result.ids.every((id) => id.includes(`|r=${result.lineage_rev}|`))).toBe(true);
    expect(result.redirects).toHaveLength(before.length);
    expect(result.redirects.find((r) => r.from === idOf(before, ORIGINAL[1]!))).toEqual({
      from: idOf(before, ORIGINAL[1]!),
      to: result.ids[2],
      kind: 'moved',
    });
    expect(result.redirects.filter((r) => r.kind === 'deleted').length).toBeGreaterThan(0);
  });

  it('never hands out a retired ID again', () => {
    const edited = [...ORIGINAL.slice(0, 6), 'Inserted text.', ...ORIGINAL.slice(6)];
    const { doc, chunks } = paragraphDocument(edited);
    const retired = `${before[5]!.chunk_id}+5`;
    const result = alignChunkIds(before, doc, chunks, { retired_ids: [retired] });
    expect(result.ids[6]).not.toBe(retired);
    expect(compareChunkIds(before[5]!.chunk_id, result.ids[6]!)).toBeLessThan(0);
    expect(compareChunkIds(result.ids[6]!, before[6]!.chunk_id)).toBeLessThan(0);
  });

  it('refuses a previous version of another document or of mixed lineages', () => {
    const { doc, chunks } = paragraphDocument(ORIGINAL, 'other');
    expect(() => alignChunkIds(before, doc, chunks)).toThrow(/doc_uid/);
    const mixed = [
      before[0]!,
      { ...before[1]!, chunk_id: before[1]!.chunk_id.replace(/r=\w+/, 'r=ffffffff') },
    ];
    const own = paragraphDocument(ORIGINAL);
    expect(() => alignChunkIds(mixed, own.doc, own.chunks)).toThrow(/lineages/);
  });
});
