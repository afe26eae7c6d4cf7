import { describe, expect, it } from 'vitest';
import {
  childKinds,
  designatorReadings,
  readDesignatorSequence,
} from './read-designator-sequence.js';

describe('designatorReadings', () => {
  it('reads every kind, ambiguity and range', () => {
    expect(designatorReadings('(b)')).toEqual([{ kind: 'letter', value: 2, last: 2 }]);
    expect(designatorReadings('(i)')).toEqual([
      { kind: 'letter', value: 9, last: 9 },
      { kind: 'roman', value: 1, last: 1 },
    ]);
    expect(designatorReadings('(xiv)')).toEqual([{ kind: 'roman', value: 14, last: 14 }]);
    expect(designatorReadings('(aa)')).toEqual([{ kind: 'letter', value: 27, last: 27 }]);
    expect(designatorReadings('(B)')).toEqual([{ kind: 'upper', value: 2, last: 2 }]);
    expect(designatorReadings('(_3_)')).toEqual([{ kind: 'italic_number', value: 3, last: 3 }]);
    expect(designatorReadings('(<i>ii</i>)')).toEqual([
      { kind: 'italic_roman', value: 2, last: 2 },
    ]);
    expect(designatorReadings('(5)-(7)')).toEqual([{ kind: 'number', value: 5, last: 7 }]);
    expect(designatorReadings('(7)-(5)')).toEqual([]);
    expect(designatorReadings('(Cat 5)')).toEqual([]);
  });
});

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
