import { isHighSurrogate, isLowSurrogate } from '../../load/surrogates.js';

/** Code points in `text` before UTF-16 index `index`. */
export function codePointIndex(text: string, index: number): number {
  let count = 0;
  for (let i = 0; i < index && i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // a high surrogate followed by a low one is one code point
    if (isHighSurrogate(unit) && i + 1 < text.length && isLowSurrogate(text.charCodeAt(i + 1))) i++;
    count++;
  }
  return count;
}

/** `text`'s code points `[start, end)`; null when the span is not inside it. */
export function sliceCodePoints(text: string, start: number, end: number): string | null {
  if (!(Number.isSafeInteger(start) && Number.isSafeInteger(end) && 0 <= start && start <= end))
    return null;
  let cp = 0;
  let from = -1;
  let i = 0;
  for (; i <= text.length; cp++) {
    if (cp === start) from = i;
    if (cp === end) return text.slice(from, i);
    if (i === text.length) break;
    const unit = text.charCodeAt(i);
    i += isHighSurrogate(unit) && i + 1 < text.length ? 2 : 1;
  }
  return null;
}

/**
 * The code point index of UTF-8 byte offset `byte` in `text` (Gemini's
 * segment offsets count bytes); null when the offset is past the end or
 * falls inside a character's encoding.
 */
export function codePointAtUtf8Byte(text: string, byte: number): number | null {
  if (!Number.isSafeInteger(byte) || byte < 0) return null;
  let bytes = 0;
  let cp = 0;
  for (const ch of text) {
    if (bytes === byte) return cp;
    if (bytes > byte) return null;
    const c = ch.codePointAt(0)!;
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    cp++;
  }
  return bytes === byte ? cp : null;
}
