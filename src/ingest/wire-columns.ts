import type { Span } from '../types.js';

/** What the column tables of a worker's answer share (`packBlocks`, `packChunks`). */

/** A span's keys, in the order every parser sets them. */
const SPAN_KEYS = ['start', 'end', 'start_byte', 'end_byte'] as const;

/** A whole number an Int32Array holds, and not negative (-1 stands for null). */
export function isIndex(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= 0 &&
    value <= 0x7fffffff &&
    !Object.is(value, -0)
  );
}

/** The object's own keys are `keys` in this order, then some of `optional`, in their order. */
export function hasKeys(
  object: object,
  keys: readonly string[],
  optional: readonly string[] = [],
): boolean {
  let i = 0;
  let next = 0;
  for (const key in object) {
    if (!Object.hasOwn(object, key)) return false;
    if (i < keys.length) {
      if (key !== keys[i]) return false;
    } else {
      while (next < optional.length && optional[next] !== key) next++;
      if (next === optional.length) return false;
      next++;
    }
    i++;
  }
  return i >= keys.length;
}

/** Each distinct value once, in order of first use. */
export class ValueTable<T> {
  readonly values: T[] = [];
  private readonly at = new Map<T, number>();

  indexOf(value: T): number {
    let i = this.at.get(value);
    if (i === undefined) {
      i = this.values.length;
      this.at.set(value, i);
      this.values.push(value);
    }
    return i;
  }
}

/** Writes a span's four offsets at `at`; false when one is not a whole number an Int32Array holds. */
export function putSpan(spans: Int32Array, at: number, span: unknown): boolean {
  if (typeof span !== 'object' || span === null || !hasKeys(span, SPAN_KEYS)) return false;
  const { start, end, start_byte, end_byte } = span as Record<(typeof SPAN_KEYS)[number], unknown>;
  if (!isIndex(start) || !isIndex(end) || !isIndex(start_byte) || !isIndex(end_byte)) return false;
  spans[at] = start;
  spans[at + 1] = end;
  spans[at + 2] = start_byte;
  spans[at + 3] = end_byte;
  return true;
}

/** The span `putSpan` wrote at `at`. */
export function spanAt(spans: Int32Array, at: number): Span {
  return {
    start: spans[at]!,
    end: spans[at + 1]!,
    start_byte: spans[at + 2]!,
    end_byte: spans[at + 3]!,
  };
}
