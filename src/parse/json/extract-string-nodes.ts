import { CairnError } from '../../errors.js';
import { isHighSurrogate, isLowSurrogate } from '../../load/surrogates.js';
import { escapeJsonPointerToken } from './json-pointer.js';

/** Seed 004: string nodes at or over this many characters become units. */
export const DEFAULT_CHUNK_THRESHOLD_CHARS = 10_000;

/** Keys whose value names the section of the object holding them (`HEAD` is the eCFR XML's heading). */
export const DEFAULT_JSON_TITLE_KEYS: readonly string[] = Object.freeze([
  'title',
  'name',
  'heading',
  'HEAD',
]);

/** A longer value is text, not a title. */
const MAX_TITLE_CHARS = 300;

/** A titled object above a string node: its pointer (its identity) and its title. */
export interface NodeTitle {
  json_pointer: string;
  title: string;
}

export interface StringNode {
  /** RFC 6901 pointer of the node. */
  json_pointer: string;
  /** The string value itself, unchanged. */
  content: string;
  /** The titled objects the node lies in, outermost first (absent when none). */
  titles?: readonly NodeTitle[];
}

/** A container being walked: its children and a cursor, so the stack grows with depth, not breadth. */
interface Frame {
  container: Record<string, unknown> | unknown[];
  /** Object keys, or null for an array. */
  keys: string[] | null;
  next: number;
  /**
   * The container's own pointer, made once from its parent's when the walk
   * enters it. A string node's pointer is this plus one token: rebuilding it
   * from the root for every node costs depth x nodes token escapes (a 400 kB
   * file, 100,000 strings 500 levels down, takes 30 s and 2.8 GB of heap to
   * walk that way). V8 keeps `parent + token` as a rope that shares the
   * parent, so a chain costs one small string per level, not a copy of the
   * path.
   */
  pointer: string;
  /** Titled objects from the root down to this container (shared with the parent's when it adds none). */
  titles: readonly NodeTitle[];
}

/**
 * Seed 004's "large string extraction": every string node whose length in
 * code points (what Python's `len` counts) is at or over `threshold`, in
 * document order: object keys in the order the object holds them, array
 * elements in index order.
 *
 * The walk uses an explicit stack, never recursion: `JSON.parse` accepts a
 * million levels of nesting, and a recursive walk would overflow V8's stack
 * long before that.
 */
export function extractStringNodes(
  value: unknown,
  threshold: number = DEFAULT_CHUNK_THRESHOLD_CHARS,
  titleKeys: readonly string[] = DEFAULT_JSON_TITLE_KEYS,
): StringNode[] {
  checkThreshold(threshold);
  const nodes: StringNode[] = [];
  const seen = new WeakSet<object>();
  const stack: Frame[] = [];
  const visit = (
    current: unknown,
    parent: string,
    token: string | null,
    titles: readonly NodeTitle[],
  ): void => {
    // a key's NUL (a `\u0000` escape) becomes U+FFFD as a value's does: the pointer is
    // stored, and no store keeps NUL alike (PostgreSQL text refuses it)
    const pointerOf = (): string =>
      token === null
        ? parent
        : `${parent}/${escapeJsonPointerToken(token.includes('\0') ? token.replaceAll('\0', '\ufffd') : token)}`;
    if (typeof current === 'string') {
      if (hasCodePointsAtLeast(current, threshold)) {
        nodes.push({
          json_pointer: pointerOf(),
          content: current,
          ...(titles.length === 0 ? {} : { titles }),
        });
      }
      return;
    }
    if (typeof current !== 'object' || current === null) return;
    const pointer = pointerOf();
    if (seen.has(current)) {
      throw new CairnError(
        'invalid_option',
        `Not a JSON tree: the container at ${pointer || '(root)'} is reached twice (a cycle or a shared reference)`,
      );
    }
    seen.add(current);
    // Object.keys and own-property reads: a `__proto__` key that JSON.parse
    // made an own property is read as data, never through the prototype setter
    const keys = Array.isArray(current) ? null : Object.keys(current);
    const title = keys === null ? null : titleOf(current as Record<string, unknown>, titleKeys);
    // a title that repeats its parent's (a record's `title` and its content's `HEAD`) is one section
    const own =
      title === null || title === titles.at(-1)?.title
        ? titles
        : [...titles, { json_pointer: pointer, title }];
    stack.push({ container: current as Frame['container'], keys, next: 0, pointer, titles: own });
  };
  visit(value, '', null, []);
  while (stack.length > 0) {
    const frame = stack.at(-1)!;
    const size = frame.keys ? frame.keys.length : (frame.container as unknown[]).length;
    if (frame.next >= size) {
      stack.pop();
      continue;
    }
    const i = frame.next++;
    const token = frame.keys ? frame.keys[i]! : String(i);
    const child = frame.keys
      ? (frame.container as Record<string, unknown>)[token]
      : (frame.container as unknown[])[i];
    visit(child, frame.pointer, token, frame.titles);
  }
  return nodes;
}

/** The first title key the object has with a short non-blank string, or an array whose first string is one. */
function titleOf(object: Record<string, unknown>, titleKeys: readonly string[]): string | null {
  for (const key of titleKeys) {
    if (!Object.hasOwn(object, key)) continue;
    const value = object[key];
    const text = Array.isArray(value) ? value.find((item) => typeof item === 'string') : value;
    if (typeof text !== 'string') continue;
    const title = text.replace(/\s+/gu, ' ').trim();
    if (title !== '' && title.length <= MAX_TITLE_CHARS) return title;
  }
  return null;
}

/** Refuses a threshold that is not a positive integer: 0 would make empty strings units. */
export function checkThreshold(threshold: number): void {
  if (!Number.isSafeInteger(threshold) || threshold < 1) {
    throw new CairnError(
      'invalid_option',
      `chunk_threshold_chars must be a positive integer, received ${threshold}`,
      {
        details: { option: 'chunk_threshold_chars', received: threshold },
      },
    );
  }
}

/** `Array.from(text).length >= min`, without counting further than needed. */
function hasCodePointsAtLeast(text: string, min: number): boolean {
  if (text.length < min) return false;
  // a code point is at most two UTF-16 units
  if (text.length >= 2 * min) return true;
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (isHighSurrogate(unit) && isLowSurrogate(text.charCodeAt(i + 1))) i++;
    if (++count >= min) return true;
  }
  return false;
}
