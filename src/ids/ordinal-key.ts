/**
 * Order-preserving, prefix-free text keys for non-negative integers, so that
 * plain byte-wise comparison of IDs orders numbers numerically.
 *
 * A number with at most `width` digits is zero-padded to `width` (`7` ->
 * `007`): the common case stays as readable as the seed's `b=007`. A longer
 * number is its digits behind a letter that says how many more digits than
 * `width` it has (`a` one more, `b` two more, ...): letters sort after
 * digits, and a longer number after any shorter one (`999` < `a1000` <
 * `b10000`). Safe integers have at most 16 digits, so the letters never run
 * out.
 */
export function encodeOrdinal(value: number, width: number): string {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`expected a non-negative safe integer, received ${value}`);
  }
  const digits = String(value);
  if (digits.length <= width) return digits.padStart(width, '0');
  return String.fromCharCode(LETTER_A + digits.length - width - 1) + digits;
}

export interface DecodedOrdinal {
  value: number;
  /** Characters of `text` used from `from`. */
  end: number;
}

/**
 * Reads one ordinal key of `width` starting at `from`; returns a reason
 * string when the text there is not the canonical key of any number.
 */
export function decodeOrdinal(text: string, from: number, width: number): DecodedOrdinal | string {
  const head = text.charCodeAt(from);
  if (isDigit(head)) {
    const digits = text.slice(from, from + width);
    if (digits.length < width || !/^\d+$/.test(digits)) {
      return `expected ${width} digits at "${text.slice(from)}"`;
    }
    return { value: Number(digits), end: from + width };
  }
  if (head >= LETTER_A && head <= LETTER_Z) {
    const length = width + 1 + head - LETTER_A;
    const digits = text.slice(from + 1, from + 1 + length);
    if (digits.length < length || !/^\d+$/.test(digits)) {
      return `"${String.fromCharCode(head)}" announces ${length} digits at "${text.slice(from)}"`;
    }
    if (digits.startsWith('0')) return `a long number must not start with 0: "${digits}"`;
    const value = Number(digits);
    if (!Number.isSafeInteger(value)) return `number ${digits} is too large`;
    return { value, end: from + 1 + length };
  }
  return `expected a number at "${text.slice(from)}"`;
}

const LETTER_A = 0x61;
const LETTER_Z = 0x7a;

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}
