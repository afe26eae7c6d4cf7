import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PageGeometry, TextRun } from '../types.js';
import { decodeGeometry, encodeGeometry } from './encode-geometry.js';

/** A coordinate on the 0.1 pt grid `pageGeometry` rounds to, negative ones included. */
const coordinate = fc.integer({ min: -20_000, max: 20_000 }).map((n) => Math.round(n) / 10);

const pages = fc.array(
  fc.record({
    view: fc.tuple(coordinate, coordinate, coordinate, coordinate),
    rotate: fc.constantFrom(0, 90, 180, 270),
    runs: fc.array(
      fc.tuple(
        fc.nat(5),
        fc.integer({ min: 1, max: 40 }),
        coordinate,
        coordinate,
        coordinate,
        coordinate,
        fc.nat(60),
        fc.constantFrom(0 as const, 1 as const, 2 as const),
      ),
      { maxLength: 40 },
    ),
  }),
  { maxLength: 5 },
);

describe('encodeGeometry', () => {
  it('decodes to the geometry it encoded, coordinate for coordinate', async () => {
    await fc.assert(
      fc.asyncProperty(pages, async (drawn) => {
        let at = 0;
        const geometry: PageGeometry[] = drawn.map((page, i) => ({
          number: i + 1,
          view: page.view,
          rotate: page.rotate,
          runs: page.runs.map(([gap, length, x0, y0, x1, y1, line, flow]): TextRun => {
            const start = at + gap;
            at = start + length;
            return [start, at, x0, y0, x1, y1, line, flow];
          }),
        }));
        expect(await decodeGeometry(await encodeGeometry(geometry))).toEqual(geometry);
      }),
    );
  });
});
