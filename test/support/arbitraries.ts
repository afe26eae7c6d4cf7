import fc from 'fast-check';

/**
 * Pieces of text that break naive offset code: astral characters, combining
 * marks, ZWJ sequences, every line terminator, BOM-like and bidi characters.
 */
const NASTY = [
  '😀',
  '👩‍👩‍👧',
  '🇫🇷',
  'e\u0301',
  'ñ',
  '\u0915\u094d\u0937',
  '\r\n',
  '\r',
  '\n',
  '\n\n',
  '\u2028',
  '\u2029',
  '\t',
  ' ',
  '\u00a0',
  '\u200b',
  '\u202e',
  '\ufeff',
  '𝔘𝔫𝔦',
  '中文',
  'العربية',
];

export const nastyPiece = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }),
);

/** Text built from nasty pieces and plain words. */
export const nastyText = (maxPieces = 60): fc.Arbitrary<string> =>
  fc
    .array(fc.oneof(nastyPiece, fc.constantFrom('word', 'Alpha beta.', '1. Intro', '2.3 Scope')), {
      maxLength: maxPieces,
    })
    .map((parts) => parts.join(''));
