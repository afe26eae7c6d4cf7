import { describe, expect, it } from 'vitest';
import { quantitiesIn } from './quantities-in.js';

const read = (text: string) => quantitiesIn(text).map((q) => [q.kind, q.value, q.text]);

describe('quantitiesIn', () => {
  it('reads numbers in words and digits with what they measure', () => {
    expect(
      read('Pay at least semi-monthly, within two weeks of the end, and $5,000 or 10 percent.'),
    ).toEqual([
      ['frequency', 24, 'semi-monthly'],
      ['duration', 14, 'two weeks'],
      ['money', 5000, '$5,000'],
      ['percent', 10, '10 percent'],
    ]);
  });

  it('gives the same values to the same amounts however written', () => {
    const value = (text: string) => quantitiesIn(text).map((q) => [q.kind, q.value]);
    expect(value('5000 dollars')).toEqual(value('$5,000'));
    expect(value('10%')).toEqual(value('ten percent'));
    expect(value('twenty-five employees')).toEqual(value('25 employees'));
    expect(value('14 days')).toEqual(value('two weeks'));
    expect(value('1.5 million dollars')).toEqual(value('$1,500,000'));
  });

  it('reads dates and years', () => {
    expect(read('on January 5, 2024')).toEqual([
      ['date', 105, 'January 5'],
      ['year', 2024, '2024'],
    ]);
  });

  it('keeps numbers that name things as references, and list markers out', () => {
    expect(read('Figure 4-2 shows it; see 29 CFR 531.54(b)(2) and (2) below')).toEqual([
      ['reference', 4, '4-2'],
      ['reference', 29, '29'],
      ['reference', 531.54, '531.54(b)(2)'],
    ]);
  });

  it('does not read "one" used as a pronoun as a number', () => {
    expect(read('One of them must file, and no one else.')).toEqual([]);
    expect(read('within one year')).toEqual([['duration', 365, 'one year']]);
  });
});
