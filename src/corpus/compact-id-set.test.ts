import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CompactIdSet, digestOf } from './compact-id-set.js';

describe('CompactIdSet', () => {
  it('answers like a Map of first lines, through many growths', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 6 }), { maxLength: 400 }),
        fc.array(fc.string({ maxLength: 6 })),
        (ids, probes) => {
          const set = new CompactIdSet(16);
          const model = new Map<string, number>();
          ids.forEach((id, i) => {
            const line = i + 1;
            expect(set.add(id, line)).toBe(model.get(id) ?? 0);
            if (!model.has(id)) model.set(id, line);
          });
          expect(set.size).toBe(model.size);
          for (const id of [...ids, ...probes]) {
            expect(set.lineOf(id)).toBe(model.get(id) ?? 0);
            expect(set.has(id)).toBe(model.has(id));
          }
        },
      ),
    );
  });

  it('holds a hundred thousand ids in 16 bytes a slot', () => {
    const set = new CompactIdSet();
    let added = 0;
    for (let i = 1; i <= 100_000; i++) if (set.add(`EAR-736.2(b)(${i})`, i) === 0) added++;
    expect(added).toBe(100_000);
    expect(set.add('EAR-736.2(b)(77)', 200_000)).toBe(77);
    expect(set.size).toBe(100_000);
    // capacity is the next power of two over 4/3 of the count: 2^18 slots here
    expect(set.byteLength).toBe((1 << 18) * 16);
  });
});

describe('digestOf', () => {
  it('keeps near-identical ids apart', () => {
    const seen = new Set<string>();
    const ids: string[] = [];
    for (let part = 730; part <= 774; part++) {
      for (let section = 1; section <= 40; section++) {
        for (const para of [
          '',
          '(a)',
          '(b)',
          '(a)(1)',
          '(b)(1)(i)',
          '(b)(1)(ii)(A)',
          '#p0001',
          '#p0002',
        ]) {
          for (let n = 1; n <= 10; n++) ids.push(`EAR-${part}.${section}${para}(${n})`);
        }
      }
    }
    for (const id of ids) seen.add(Array.from(digestOf(id)).join(','));
    expect(seen.size).toBe(ids.length);
    // each lane on its own should already be near collision-free on these ids
    for (let lane = 0; lane < 3; lane++) {
      const values = new Set(ids.map((id) => digestOf(id)[lane]));
      expect(values.size).toBeGreaterThan(ids.length - 10);
    }
  });
});
