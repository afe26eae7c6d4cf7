import { describe, expect, test } from 'vitest';
import { alignPages } from './align-pages.js';

const A = 'alpha apple amber anchor arrow';
const B1 = 'beta bison brook';
const B2 = 'bramble bugle banner';
const C = 'cedar comet canyon crane cobalt';

describe('alignPages', () => {
  test('links a split page to both halves, a removed page to none, a moved page to its new place', () => {
    const map = alignPages([A, `${B1} ${B2}`, 'delta dune dingo', C], [A, B1, B2, C]);
    expect([...map.old_to_new]).toEqual([
      [1, [1]],
      [2, [2, 3]],
      [3, []],
      [4, [4]],
    ]);
    expect(map.new_to_old.get(3)).toEqual([2]);
  });

  test('links both pages of a merge to the new page; empty pages link to nothing', () => {
    const map = alignPages([A, B1, B2, ''], [A, `${B1} ${B2}`, '']);
    expect(map.new_to_old.get(2)).toEqual([2, 3]);
    expect(map.old_to_new.get(4)).toEqual([]);
    expect(map.new_to_old.get(3)).toEqual([]);
  });

  test('is case-blind and ignores punctuation; unrelated pages do not link', () => {
    expect(alignPages(['Alpha, APPLE.'], ['alpha apple']).old_to_new.get(1)).toEqual([1]);
    expect(alignPages([A], [C]).old_to_new.get(1)).toEqual([]);
  });
});
