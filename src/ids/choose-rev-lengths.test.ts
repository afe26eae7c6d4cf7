import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chooseRevLengths } from './choose-rev-lengths.js';

describe('chooseRevLengths', () => {
  it('uses rev8, and rev12 with a warning when two revisions of one doc_uid share it', () => {
    const choices = chooseRevLengths([
      { doc_uid: 'a', rev: '8c1e9a02aaaa1111' },
      { doc_uid: 'a', rev: '8c1e9a02bbbb2222' },
      { doc_uid: 'b', rev: '8c1e9a02aaaa1111' },
      { doc_uid: 'a', rev: '11112222aaaa' },
    ]);
    expect(choices.map((choice) => choice.rev_length)).toEqual([12, 12, 8, 8]);
    expect(choices[0]!.warning).toBe(
      'doc_uid a: revisions 8c1e9a02aaaa1111 and 8c1e9a02bbbb2222 share r=8c1e9a02; using 12 hex digits',
    );
    expect(choices[2]!.warning).toBeNull();
  });

  it('extends until the prefixes differ, the same revision twice is no collision', () => {
    const choices = chooseRevLengths([
      { doc_uid: 'a', rev: '0123456789abcdef0000' },
      { doc_uid: 'a', rev: '0123456789abcdef1111' },
      { doc_uid: 'a', rev: '0123456789abcdef1111' },
    ]);
    expect(choices.map((choice) => choice.rev_length)).toEqual([20, 20, 20]);
    expect(
      chooseRevLengths([
        { doc_uid: 'a', rev: 'abcdef0123' },
        { doc_uid: 'a', rev: 'abcdef0123' },
      ])[0]!.rev_length,
    ).toBe(8);
  });

  it('makes prefixes distinct whatever the order of the entries', () => {
    const rev = fc.stringMatching(/^(?:0000|1111)[0-9a-f]{4}(?:0{4}|[0-9a-f]{4})[0-9a-f]{28}$/);
    fc.assert(
      fc.property(fc.array(rev, { maxLength: 12 }), (revs) => {
        const entries = revs.map((r) => ({ doc_uid: 'd', rev: r }));
        const choices = chooseRevLengths(entries);
        const cut = new Map<string, string>();
        for (const choice of choices) {
          const key = choice.rev.slice(0, choice.rev_length);
          if (cut.has(key)) expect(cut.get(key)).toBe(choice.rev);
          cut.set(key, choice.rev);
        }
        const reversed = chooseRevLengths([...entries].reverse()).reverse();
        expect(reversed).toEqual(choices);
      }),
    );
  });

  it('refuses a rev that is not hex', () => {
    expect(() => chooseRevLengths([{ doc_uid: 'a', rev: 'XYZ' }])).toThrow(/hex/);
  });
});
