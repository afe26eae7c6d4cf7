import fc from 'fast-check';
import { expect, test } from 'vitest';
import { byNameAndNumber } from './load-edit-histories.js';

test('revisions named by number replay in number order; zero-padded names keep theirs', () => {
  expect(['10.md', '2.md', '1.md'].sort(byNameAndNumber)).toEqual(['1.md', '2.md', '10.md']);
  expect(['v10-b.md', 'v2-a.md', 'v2-b.md'].sort(byNameAndNumber)).toEqual([
    'v2-a.md',
    'v2-b.md',
    'v10-b.md',
  ]);
  expect(['002-ff.md', '010-aa.md', '001-zz.md'].sort(byNameAndNumber)).toEqual([
    '001-zz.md',
    '002-ff.md',
    '010-aa.md',
  ]);
});

test('property: a total order that agrees with code unit order on zero-padded numbers', () => {
  const name = fc.tuple(fc.nat(99_999), fc.stringMatching(/^[a-z-]{0,4}$/));
  fc.assert(
    fc.property(fc.array(name, { maxLength: 30 }), (parts) => {
      const padded = parts.map(([n, tail]) => `${String(n).padStart(5, '0')}${tail}.md`);
      expect([...padded].sort(byNameAndNumber)).toEqual([...padded].sort());
      const plain = parts.map(([n, tail]) => `${n}${tail}.md`);
      const sorted = [...plain].sort(byNameAndNumber);
      for (let i = 1; i < sorted.length; i++) {
        expect(byNameAndNumber(sorted[i - 1]!, sorted[i]!)).toBeLessThanOrEqual(0);
        expect(Number.parseInt(sorted[i - 1]!, 10)).toBeLessThanOrEqual(
          Number.parseInt(sorted[i]!, 10),
        );
      }
    }),
  );
});
