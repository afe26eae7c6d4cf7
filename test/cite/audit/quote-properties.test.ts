import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  countWords,
  locateQuote,
  MAX_ELISION_GAP,
  MIN_FRAGMENT_WORDS,
  MIN_QUOTE_WORDS,
} from '../../../src/cite/quote/locate-quote.js';
import {
  ALL_NORMALIZATIONS,
  normalizeForMatch,
} from '../../../src/cite/quote/normalize-for-match.js';
import { corpusPath } from '../../corpora.js';
import '../../support/fast-check-seed.js';

/** Real passages: the paragraphs of a rustbook chapter with enough words. */
const PARAGRAPHS = readFileSync(corpusPath('rustbook', 'ch04-01-what-is-ownership.md'), 'utf8')
  .split(/\n{2,}/u)
  .filter((p) => p.split(/\s+/u).length >= 30);
const DOCUMENT = PARAGRAPHS.join('\n\n');
const fold = (text: string) => normalizeForMatch(text, ALL_NORMALIZATIONS).text;
const FOLDED_DOCUMENT = fold(DOCUMENT);
const VERIFIED = ['exact', 'normalized', 'elided'];

/** Word spans of a text: [start, end) in UTF-16 units. */
const spans = (text: string) =>
  [...text.matchAll(/\S+/gu)].map((m) => [m.index, m.index + m[0].length] as const);

const CURLY: Record<string, string> = { "'": '’', '"': '“', '-': '–' };
/** Whitespace runs replaced by other runs, straight quotes and hyphens by typographic ones. */
const perturb = (text: string, spaces: string[], curly: boolean) => {
  let i = 0;
  const spaced = text.replace(/\s+/gu, () => spaces[i++ % spaces.length]!);
  return curly ? spaced.replace(/['"-]/gu, (c) => CURLY[c]!) : spaced;
};

describe('quote location properties', () => {
  test('any substring of a chunk, whitespace and quote style perturbed, verifies', () => {
    fc.assert(
      fc.property(
        fc.nat(PARAGRAPHS.length - 1),
        fc.nat(),
        fc.integer({ min: 3, max: 25 }),
        fc.array(fc.constantFrom(' ', '  ', '\n', '\t ', ' \n  '), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        (p, at, count, spaces, curly) => {
          const text = PARAGRAPHS[p]!;
          const words = spans(text);
          const from = at % Math.max(1, words.length - count);
          const quote = text.slice(
            words[from]![0],
            words[Math.min(words.length, from + count) - 1]![1],
          );
          const m = locateQuote(perturb(quote, spaces, curly), text);
          // markup such as `>` or `#` is no word: a span of it may hold under three
          if (countWords(quote) < MIN_QUOTE_WORDS) {
            expect(m.status).toBe('too_short');
            return;
          }
          expect(VERIFIED).toContain(m.status);
          expect(fold([...text].slice(m.start!, m.end!).join(''))).toBe(fold(quote));
        },
      ),
    );
  });

  test('a string not in the document never verifies', () => {
    const vocabulary = [...new Set(DOCUMENT.split(/\s+/u).filter((w) => /^[a-z]+$/u.test(w)))];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...vocabulary), { minLength: 3, maxLength: 12 }),
        fc.nat(PARAGRAPHS.length - 1),
        (words, p) => {
          const quote = words.join(' ');
          fc.pre(!FOLDED_DOCUMENT.includes(fold(quote)));
          expect(VERIFIED).not.toContain(locateQuote(quote, PARAGRAPHS[p]!).status);
          expect(VERIFIED).not.toContain(locateQuote(quote, DOCUMENT).status);
        },
      ),
    );
  });

  test('fragments taken in order with "..." verify; out of order they do not', () => {
    fc.assert(
      fc.property(
        fc.nat(PARAGRAPHS.length - 1),
        fc.nat(),
        fc.integer({ min: 4, max: 7 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 4, max: 7 }),
        fc.constantFrom(' ... ', '…', ' … ', ' [...] '),
        (p, at, n1, gap, n2, mark) => {
          const text = PARAGRAPHS[p]!;
          const words = spans(text);
          fc.pre(words.length >= n1 + gap + n2);
          const a = at % (words.length - (n1 + gap + n2) + 1);
          const first = text.slice(words[a]![0], words[a + n1 - 1]![1]);
          const b = a + n1 + gap;
          const second = text.slice(words[b]![0], words[b + n2 - 1]![1]);
          fc.pre(words[b]![0] - words[a + n1 - 1]![1] <= MAX_ELISION_GAP);
          // each fragment once in the passage, so order is the only thing that differs
          const once = (f: string) => {
            const folded = fold(text);
            const i = folded.indexOf(fold(f));
            return i >= 0 && folded.indexOf(fold(f), i + 1) < 0;
          };
          // a fragment's words are runs of letters and digits; markup such as `>` is none
          fc.pre(
            countWords(first) >= MIN_FRAGMENT_WORDS && countWords(second) >= MIN_FRAGMENT_WORDS,
          );
          fc.pre(
            once(first) &&
              once(second) &&
              !fold(first).includes('...') &&
              !fold(second).includes('...'),
          );
          const inOrder = locateQuote(`${first}${mark}${second}`, text);
          // an elision may not skip the end of a sentence or clause (a mark before a space)
          const skipped = text.slice(words[a + n1 - 1]![1], words[b]![0]);
          if (/[.;:?!](?=\s|$)/u.test(skipped)) {
            expect(inOrder).toMatchObject({
              status: 'not_found',
              detail: 'elision_crosses_clause',
            });
            return;
          }
          expect(inOrder.status).toBe('elided');
          expect(inOrder.fragments).toHaveLength(2);
          expect(locateQuote(`${second}${mark}${first}`, text).status).toBe('not_found');
        },
      ),
    );
  });
});
