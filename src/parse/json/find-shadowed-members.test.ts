import { describe, expect, it } from 'vitest';
import { findShadowedMembers } from './find-shadowed-members.js';

describe('findShadowedMembers', () => {
  it('finds each shadowed member with its pointer, its value range and the repeating key', () => {
    const text =
      '{"a": "first", "b": [1, {"c": "x", "c": {"d": "y"}}], "a" : "second", "e/~": 1, "e/~": 2, "a": [3]}';
    const found = findShadowedMembers(text).map((s) => [
      s.json_pointer,
      text.slice(s.start16, s.end16),
      text.slice(s.repeat16, s.repeat16 + 3),
    ]);
    expect(found).toEqual([
      ['/b/1/c', '"x"', '"c"'],
      ['/a', '"first"', '"a"'],
      ['/e~1~0', '1', '"e/'],
      ['/a', '"second"', '"a"'],
    ]);
  });

  it('finds none in a document without repeats, and walks 10,000 levels without recursion', () => {
    expect(findShadowedMembers('{"a": {"a": [{"a": 1}, {"a": 2}]}, "b": "a"}')).toEqual([]);
    const deep = `${'['.repeat(10_000)}{"k": 1, "k": 2}${']'.repeat(10_000)}`;
    expect(findShadowedMembers(deep)).toHaveLength(1);
    expect(findShadowedMembers(deep)[0]!.json_pointer).toBe(`${'/0'.repeat(10_000)}/k`);
  });
});
