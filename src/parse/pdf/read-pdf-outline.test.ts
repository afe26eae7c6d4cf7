import { describe, expect, it } from 'vitest';
import { MAX_OUTLINE_DEPTH, readPdfOutline } from './read-pdf-outline.js';

interface Node {
  title: string;
  dest: string | unknown[] | null;
  items: Node[];
}

const node = (title: string, dest: Node['dest'], ...items: Node[]): Node => ({
  title,
  dest,
  items,
});

/** A stand-in for pdf.js: named destinations and page references resolve through these maps. */
function source(outline: Node[] | null | Error, numPages = 10) {
  const named: Record<string, unknown[]> = { 'chapter.1': [{ num: 11, gen: 0 }, { name: 'XYZ' }] };
  const pages: Record<number, number> = { 11: 1, 12: 3, 13: 4 };
  return {
    numPages,
    getOutline: async () => {
      if (outline instanceof Error) throw outline;
      return outline as never;
    },
    getDestination: async (id: string) => named[id] ?? null,
    getPageIndex: async (ref: { num: number }) => {
      const page = pages[ref.num];
      if (page === undefined) throw new Error('Invalid page reference');
      return page;
    },
  };
}

describe('readPdfOutline', () => {
  it('flattens the tree in reading order with depths and resolved pages', async () => {
    const outline = [
      node(
        'One',
        'chapter.1',
        node('One.a', [{ num: 12, gen: 0 }]),
        node('One.b', [2, { name: 'Fit' }]),
      ),
      node('Two', [{ num: 13, gen: 0 }]),
    ];
    expect(await readPdfOutline(source(outline) as never)).toEqual([
      { title: 'One', depth: 0, pageIndex: 1 },
      { title: 'One.a', depth: 1, pageIndex: 3 },
      { title: 'One.b', depth: 1, pageIndex: 2 },
      { title: 'Two', depth: 0, pageIndex: 4 },
    ]);
  });

  it('gives an entry without a usable destination the next page, or at the end the previous one', async () => {
    const outline = [
      node('Part', null, node('First', [{ num: 12, gen: 0 }])),
      node('Dangling', [{ num: 99, gen: 0 }]),
      node('Unknown name', 'nope'),
      node('Out of range', [42]),
    ];
    expect(
      (await readPdfOutline(source(outline) as never)).map((e) => [e.title, e.pageIndex]),
    ).toEqual([
      ['Part', 3],
      ['First', 3],
      ['Dangling', 3],
      ['Unknown name', 3],
      ['Out of range', 3],
    ]);
  });

  it('reads no outline when there is none, none resolves, or it cannot be read', async () => {
    expect(await readPdfOutline(source(null) as never)).toEqual([]);
    expect(await readPdfOutline(source([node('Web link', null)]) as never)).toEqual([]);
    expect(await readPdfOutline(source(new Error('bad outline')) as never)).toEqual([]);
  });

  it('walks a very deep outline without overflowing the stack, keeping 64 levels', async () => {
    let deepest = node('leaf', [3]);
    for (let i = 0; i < 20_000; i++) deepest = node(`level ${i}`, [1], deepest);
    const entries = await readPdfOutline(source([deepest]) as never);
    expect(entries).toHaveLength(10_000);
    // deeper entries are siblings at the last level kept, in order
    expect(entries.map((e) => e.depth).slice(60, 68)).toEqual([60, 61, 62, 63, 63, 63, 63, 63]);
    expect(entries.at(-1)).toMatchObject({ title: 'level 10000', depth: MAX_OUTLINE_DEPTH - 1 });
  });
});
