import fc from 'fast-check';
import { expect, test } from 'vitest';
import { matchRanges } from '../../src/search/match-ranges.js';

type Piece = { text: string; mark: boolean };
// the viewer's plain ES module (checked by its own // @ts-check), typed here by hand
const { hitExcerpt } = (await import('../../viewer/hit-excerpt.js' as string)) as {
  hitExcerpt: (text: string, ranges: number[][], max: number) => Piece[];
};

const shown = (pieces: Piece[]) => pieces.map((p) => (p.mark ? `[${p.text}]` : p.text)).join('');

test('the excerpt opens shortly before the first match, on one line, with the matches marked', () => {
  const text = `${'The rules of\nownership are checked. '.repeat(6)}The borrow\nchecker enforces\n  them for every reference.\n${'More text follows here. '.repeat(20)}`;
  const pieces = hitExcerpt(text, matchRanges(text, ['borrow', 'checker']), 80);
  expect(shown(pieces)).toBe(
    '…are checked. The rules of ownership are checked. The [borrow] [checker] enforces…',
  );
  expect(pieces.some((p) => p.text.includes('\n'))).toBe(false);
});

test('a short text without a match is shown whole, without ellipses', () => {
  expect(shown(hitExcerpt('  one\n\ntwo  ', [], 280))).toBe('one two');
});

test('pieces are the text in order, whitespace collapsed, within the budget plus ellipses', () => {
  const word = fc.constantFrom('export', 'Exports', 'other', 'x', '𝒳', 'é');
  const sep = fc.constantFrom(' ', '\n', '\n\n  ', ', ');
  fc.assert(
    fc.property(
      fc.array(fc.tuple(word, sep), { maxLength: 60 }),
      fc.integer({ min: 5, max: 120 }),
      (pairs, max) => {
        const text = pairs.map(([w, s]) => w + s).join('');
        const ranges = matchRanges(text, ['export']);
        const pieces = hitExcerpt(text, ranges, max);
        const body = pieces.filter((p) => p.text !== '…');
        const joined = body.map((p) => p.text).join('');
        expect(Array.from(joined).length).toBeLessThanOrEqual(max);
        // what is shown is a stretch of the collapsed text
        expect(text.replace(/\s+/g, ' ')).toContain(joined.trim());
        for (const p of body)
          if (p.mark) expect(ranges.map(([s, e]) => text.slice(s, e))).toContain(p.text);
        // the first match is shown, whenever the budget reaches it
        if (ranges.length > 0 && max >= 70) expect(body.some((p) => p.mark)).toBe(true);
      },
    ),
  );
});
