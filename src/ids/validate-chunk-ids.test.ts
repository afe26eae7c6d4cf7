import { describe, expect, it } from 'vitest';
import { validateChunkIds } from './validate-chunk-ids.js';

const id = (sect: string, block: string): string => `docA|r=8c1e9a02|s=${sect}|p=000|b=${block}`;
const good = [
  id('-', '001'),
  id('01-', '001'),
  id('01-', '001+5'),
  id('01.01-', '001'),
  id('02-', '001'),
];

describe('validateChunkIds', () => {
  it('passes unique IDs in reading order with a stable re-ingest', () => {
    expect(
      validateChunkIds({ ids: good, reingest: { ids: good, change: 'none', redirects: [] } }),
    ).toEqual({
      ok: true,
    });
  });

  it('fails on duplicates', () => {
    const result = validateChunkIds({ ids: [...good.slice(0, 2), good[1]!, ...good.slice(2)] });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const duplicate = result.issues.find((issue) => issue.code === 'duplicate_id');
    expect(duplicate).toMatchObject({ code: 'duplicate_id', id: good[1], indices: [1, 2] });
    expect(duplicate?.message).toMatch(/2 chunks share the ID/);
  });

  it('fails when byte-wise order is not reading order (1.10 before 1.9 if unpadded, subsection first)', () => {
    const result = validateChunkIds({ ids: [id('01.01-', '001'), id('01-', '002')] });
    expect(result).toEqual({
      ok: false,
      issues: [
        expect.objectContaining({
          code: 'order_mismatch',
          index: 1,
          id: id('01-', '002'),
          previous_id: id('01.01-', '001'),
        }),
      ],
    });
  });

  it('fails on an unstable re-ingest: other IDs, another chunk count, redirects or a change', () => {
    const moved = [...good];
    moved[3] = id('01.01-', '002');
    const result = validateChunkIds({
      ids: good,
      reingest: {
        ids: moved.slice(0, 4),
        change: 'minor',
        redirects: [{ from: good[3]!, to: moved[3]!, kind: 'moved' }],
      },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((issue) => issue.code)).toEqual([
      'unstable_reingest',
      'unstable_reingest',
      'unstable_reingest',
      'unstable_reingest',
    ]);
    expect(result.issues.map((issue) => issue.message).join('\n')).toMatch(
      /minor change[\s\S]*redirected[\s\S]*gave 4 chunks[\s\S]*Chunk 3 was/,
    );
  });

  it('reports malformed IDs and mixed lineages with the reason, and never throws', () => {
    const result = validateChunkIds({
      ids: [
        good[0]!,
        'docA|r=8c1e9a02|s=1-|p=000|b=001',
        'docA|r=ffffffff|s=02-|p=000|b=001',
        42 as unknown as string,
      ],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((issue) => issue.code)).toEqual([
      'malformed_id',
      'mixed_lineage',
      'malformed_id',
    ]);
    expect(result.issues[0]!.message).toMatch(/Chunk 1: .*2 digits/);
  });

  it('caps the issues of one code and says how many more there were', () => {
    const ids = Array.from({ length: 30 }, (_, k) => id('01-', String(30 - k).padStart(3, '0')));
    const result = validateChunkIds({ ids, max_issues_per_code: 5 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toHaveLength(5);
    expect(result.issues[4]!.message).toMatch(/and 24 more order_mismatch issues/);
  });
});
