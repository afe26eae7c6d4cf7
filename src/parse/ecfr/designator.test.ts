import { describe, expect, it } from 'vitest';
import { designatorReadings, readDesignators } from './designator.js';

const read = (line: string) => {
  const { tokens, body16 } = readDesignators(line, 0);
  return { designators: tokens.map((t) => t.text), body: line.slice(body16) };
};

describe('readDesignators', () => {
  it('reads one or several designators at the start of a line', () => {
    expect(read('(a)  This part')).toEqual({ designators: ['(a)'], body: 'This part' });
    expect(read('(b)  (1) BIS controls')).toEqual({
      designators: ['(b)', '(1)'],
      body: 'BIS controls',
    });
    expect(read('(b)(1)(i) Text')).toEqual({ designators: ['(b)', '(1)', '(i)'], body: 'Text' });
    expect(read('(2) —(i)  Except as')).toEqual({ designators: ['(2)', '(i)'], body: 'Except as' });
    expect(read('(5)-(6) [Reserved]')).toEqual({ designators: ['(5)-(6)'], body: '[Reserved]' });
  });

  it('reads italic designators in the forms the exports use', () => {
    expect(read('(_1_) A change')).toEqual({ designators: ['(_1_)'], body: 'A change' });
    expect(read('(*2*) B')).toEqual({ designators: ['(*2*)'], body: 'B' });
    expect(read('(<i>iii</i>) C').designators).toEqual(['(<i>iii</i>)']);
  });

  it('leaves parentheses that are not designators in the text', () => {
    expect(read('(see § 1.2) text')).toEqual({ designators: [], body: '(see § 1.2) text' });
    expect(read('(ILS) means')).toEqual({ designators: [], body: '(ILS) means' });
    expect(read('(ab) x')).toEqual({ designators: [], body: '(ab) x' });
    expect(read('(a) —Definitions.')).toEqual({ designators: ['(a)'], body: '—Definitions.' });
    expect(read('Text (a)')).toEqual({ designators: [], body: 'Text (a)' });
  });

  it('gives every reading of an ambiguous token', () => {
    const kinds = (line: string) =>
      readDesignators(line, 0).tokens[0]!.readings.map((r) => [r.kind, r.value]);
    expect(kinds('(i)')).toEqual([
      ['letter', 9],
      ['roman', 1],
    ]);
    expect(kinds('(v)')).toEqual([
      ['letter', 22],
      ['roman', 5],
    ]);
    expect(kinds('(iv)')).toEqual([['roman', 4]]);
    expect(kinds('(aa)')).toEqual([['letter', 27]]);
    expect(kinds('(B)')).toEqual([['upper', 2]]);
    expect(kinds('(12)')).toEqual([['number', 12]]);
  });
});

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
