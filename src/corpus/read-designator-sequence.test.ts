import { describe, expect, it } from 'vitest';
import { childKinds, readDesignatorSequence } from './read-designator-sequence.js';

describe('readDesignatorSequence', () => {
  const top = childKinds(null);
  it('accepts the scheme', () => {
    expect(readDesignatorSequence(['(a)', '(b)', '(c)'], top)).toEqual({
      ok: true,
      kinds: ['letter', 'letter', 'letter'],
    });
    expect(readDesignatorSequence(['(1)', '(2)-(4)', '(5)'], top)).toMatchObject({ ok: true });
    // (i) after (h) is the letter; (i) first under a number is the roman
    expect(
      readDesignatorSequence(
        ['(a)', '(b)', '(c)', '(d)', '(e)', '(f)', '(g)', '(h)', '(i)', '(j)'],
        top,
      ),
    ).toMatchObject({ ok: true });
    expect(readDesignatorSequence(['(i)', '(ii)', '(iii)'], childKinds('number'))).toEqual({
      ok: true,
      kinds: ['roman', 'roman', 'roman'],
    });
    expect(readDesignatorSequence(['(A)', '(B)'], childKinds('roman'))).toMatchObject({ ok: true });
  });

  it('calls a missing designator a gap', () => {
    expect(readDesignatorSequence(['(2)', '(3)'], childKinds('letter'))).toEqual({
      ok: false,
      problem: 'gap',
      at: 0,
    });
    expect(readDesignatorSequence(['(a)', '(c)'], top)).toEqual({
      ok: false,
      problem: 'gap',
      at: 1,
    });
  });

  it('calls a wrong kind or a count going down a restart', () => {
    expect(readDesignatorSequence(['(1)'], childKinds('roman'))).toEqual({
      ok: false,
      problem: 'restart',
      at: 0,
    });
    expect(readDesignatorSequence(['(1)', '(2)', '(1)'], top)).toEqual({
      ok: false,
      problem: 'restart',
      at: 2,
    });
    expect(readDesignatorSequence(['(a)'], childKinds('italic_roman'))).toEqual({
      ok: false,
      problem: 'restart',
      at: 0,
    });
  });
});
