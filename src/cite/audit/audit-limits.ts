import { CairnError } from '../../errors.js';
import type { ReadCitation } from '../shapes/types.js';

/**
 * What one audit may ask for. Each citation costs store reads and a
 * search for its quote (in its chunk, then elsewhere), and each quote is
 * folded and matched whole: an answer under the body limit could otherwise
 * ask for hours of work. Past any bound the answer is refused whole,
 * before the store is read, with `input_too_large`.
 */
export const AUDIT_LIMITS = {
  /** Citations per answer, after a shape's expansion (a Gemini support names several chunks). */
  max_citations: 1_000,
  /** Code points in one quote: a quote is a passage of one chunk, not a document. */
  max_quote_chars: 5_000,
  /** Code points of every quote of the answer together. */
  max_quoted_chars: 200_000,
  /**
   * Store-wide lexical searches for quotes found in no chunk of their own
   * document: each costs more as the store grows, so past this many the
   * rest are reported unfound without one.
   */
  max_store_searches: 100,
} as const;

/**
 * Refuses an audit of more citations than `AUDIT_LIMITS.max_citations`;
 * readers call it with a count before they build one citation per item.
 */
export function checkAuditCitationCount(count: number): void {
  if (count > AUDIT_LIMITS.max_citations)
    throw new CairnError(
      'input_too_large',
      `The answer has ${count} citations, more than the ${AUDIT_LIMITS.max_citations} one audit checks`,
      { details: { citations: count, limit: AUDIT_LIMITS.max_citations } },
    );
}

/** Refuses citations past `AUDIT_LIMITS`: their count, one quote's length, all quotes' length. */
export function checkAuditLimits(citations: readonly ReadCitation[]): void {
  checkAuditCitationCount(citations.length);
  let total = 0;
  for (const [index, c] of citations.entries()) {
    if (c.quote === null) continue;
    // code points, counted without a copy; UTF-16 length bounds them from above
    const chars =
      c.quote.length > AUDIT_LIMITS.max_quote_chars ? codePoints(c.quote) : c.quote.length;
    if (chars > AUDIT_LIMITS.max_quote_chars)
      throw new CairnError(
        'input_too_large',
        `Citation ${index} quotes ${chars} characters, more than the ${AUDIT_LIMITS.max_quote_chars} an audit locates`,
        { details: { citation: index, quote_chars: chars, limit: AUDIT_LIMITS.max_quote_chars } },
      );
    total += chars;
    if (total > AUDIT_LIMITS.max_quoted_chars)
      throw new CairnError(
        'input_too_large',
        `The answer's quotes run past ${AUDIT_LIMITS.max_quoted_chars} characters together, more than one audit locates`,
        { details: { quoted_chars: total, limit: AUDIT_LIMITS.max_quoted_chars } },
      );
  }
}

function codePoints(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // a high surrogate followed by a low one is one code point
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}
