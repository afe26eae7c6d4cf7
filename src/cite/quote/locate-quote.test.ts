import { describe, expect, test } from 'vitest';
import { closestPassage } from './closest-passage.js';
import { codePointAtUtf8Byte, sliceCodePoints } from './code-points.js';
import { locateQuote, MAX_ELISION_GAP } from './locate-quote.js';

const TEXT =
  'Rust’s ownership   rules: Each value in Rust has an owner. There can only be one owner at a time. When the owner goes out of scope, the value will be dropped.';

describe('locateQuote', () => {
  test('a verbatim quote is exact, with code point offsets', () => {
    const m = locateQuote('Each value in Rust has an owner', TEXT);
    expect(m).toMatchObject({ status: 'exact', normalized: [] });
    expect(sliceCodePoints(TEXT, m.start!, m.end!)).toBe('Each value in Rust has an owner');
  });

  test('offsets count code points, not UTF-16 units', () => {
    const text = '𝔸𝔹 then the quoted words follow here';
    const m = locateQuote('the quoted words', text);
    expect([m.start, m.end]).toEqual([8, 24]);
  });

  test('whitespace, quote style and case changes are normalized, and named', () => {
    const m = locateQuote("rust's OWNERSHIP rules: each value", TEXT);
    expect(m.status).toBe('normalized');
    expect(m.normalized).toEqual(['whitespace', 'quotes', 'case']);
    expect(sliceCodePoints(TEXT, m.start!, m.end!)).toBe('Rust’s ownership   rules: Each value');
  });

  test('NFKC: a ligature and full-width letters', () => {
    const m = locateQuote('the value will be dropped', 'then the value will be dropped');
    expect(m.status).toBe('exact');
    const n = locateQuote('ﬁne print is ＲＵＳＴ code', 'the fine print is RUST code');
    expect(n).toMatchObject({ status: 'normalized', normalized: ['nfkc'] });
  });

  test('dashes fold to a hyphen', () => {
    const m = locateQuote('one owner — at a time', 'only one owner - at a time');
    expect(m).toMatchObject({ status: 'normalized', normalized: ['dashes'] });
  });

  test('fragments in order with "..." are elided; out of order they are not', () => {
    const m = locateQuote('When the owner goes ... the value will be dropped', TEXT);
    expect(m.status).toBe('elided');
    expect(m.fragments).toHaveLength(2);
    const swapped = locateQuote('the value will be dropped … When the owner goes', TEXT);
    expect(swapped.status).toBe('not_found');
  });

  test('a fragment under four words is not enough for an elision', () => {
    const m = locateQuote('Each value in Rust … one owner', TEXT);
    expect(m).toMatchObject({ status: 'not_found', detail: 'elision_fragment_too_short' });
  });

  test('"..." bridging text farther apart than the gap limit is not elided', () => {
    const filler = ' filler words go here.'.repeat(Math.ceil(MAX_ELISION_GAP / 20));
    const text = `The first part says this much.${filler} The second part says that much.`;
    const m = locateQuote('first part says this ... second part says that', text);
    expect(m).toMatchObject({ status: 'not_found', detail: 'elision_gap_too_wide' });
    const near = locateQuote(
      'first part says this ... second part says that',
      `The first part says this much, and The second part says that much.`,
    );
    expect(near.status).toBe('elided');
  });

  test('"..." over a sentence or clause boundary of the text is not elided', () => {
    const text =
      'Some cars run on petrol; in other places, the driver must charge the battery overnight. Later, the driver must wait.';
    for (const quote of [
      'Some cars run on petrol ... the driver must charge the battery',
      'Some cars run on petrol ... the driver must wait',
      'in other places, the driver ... the driver must wait',
    ]) {
      expect(locateQuote(quote, text), quote).toMatchObject({
        status: 'not_found',
        detail: 'elision_crosses_clause',
      });
    }
    // a full stop inside a number or a word is no boundary
    const figures = 'The rate rose to 3.5 per cent in the north of the region this year.';
    expect(locateQuote('The rate rose to ... in the north of the region', figures).status).toBe(
      'elided',
    );
  });

  test('a quote under three words is too short, even when it occurs', () => {
    expect(locateQuote('a', TEXT).status).toBe('too_short');
    expect(locateQuote('Rust has', TEXT).status).toBe('too_short');
  });

  test('a fabricated quote is not found; the closest passage is reported', () => {
    expect(locateQuote('Each value in Python has an owner', TEXT).status).toBe('not_found');
    const c = closestPassage('Each value in Python has an owner', TEXT)!;
    expect(c.text).toBe('Each value in Rust has an owner');
    expect(c.similarity).toBeCloseTo(6 / 7, 3);
  });
});

describe('code points', () => {
  test('UTF-8 byte offsets map to code points only on boundaries', () => {
    const text = 'aé€𝔸b';
    expect([0, 1, 3, 6, 10, 11].map((b) => codePointAtUtf8Byte(text, b))).toEqual([
      0, 1, 2, 3, 4, 5,
    ]);
    expect(codePointAtUtf8Byte(text, 2)).toBeNull();
    expect(codePointAtUtf8Byte(text, 12)).toBeNull();
  });
});
