/**
 * The text with each lone surrogate replaced by U+FFFD, one code point for
 * one, so no offset moves. A `\ud800` escape is valid JSON (and so can sit in
 * a JSON record or a notebook cell) but is no character: it cannot be stored
 * as UTF-8 nor given a byte offset, and a store would hand back U+FFFD where
 * the canonical text had the surrogate. The source bytes were valid, so this
 * is not the silent repair `decodeText` refuses for invalid UTF-8.
 *
 * `String.prototype.toWellFormed` (ES2024, in Node 20) without widening the
 * project's `lib`.
 */
export function toWellFormed(text: string): string {
  return (text as string & { toWellFormed(): string }).toWellFormed();
}
