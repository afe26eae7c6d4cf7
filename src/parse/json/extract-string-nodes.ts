import { CairnError } from '../../errors.js';
import { formatJsonPointer } from './json-pointer.js';

/** Seed 004: string nodes at or over this many characters become units. */
export const DEFAULT_CHUNK_THRESHOLD_CHARS = 10_000;

export interface StringNode {
  /** RFC 6901 pointer of the node. */
  json_pointer: string;
  /** The string value itself, unchanged. */
  content: string;
}

/** A container on the path from the root, linked upward so deep paths cost one frame each. */
interface PathStep {
  token: string;
  parent: PathStep | null;
}

/** A container being walked: its children and a cursor, so the stack grows with depth, not breadth. */
interface Frame {
  container: Record<string, unknown> | unknown[];
  /** Object keys, or null for an array. */
  keys: string[] | null;
  next: number;
  step: PathStep | null;
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
): StringNode[] {
  checkThreshold(threshold);
  const nodes: StringNode[] = [];
  const seen = new WeakSet<object>();
  const stack: Frame[] = [];
  const visit = (current: unknown, parent: PathStep | null, token: string | null): void => {
    const stepOf = (): PathStep | null => (token === null ? parent : { token, parent });
    if (typeof current === 'string') {
      if (hasCodePointsAtLeast(current, threshold)) {
        nodes.push({ json_pointer: pointerOf(stepOf()), content: current });
      }
      return;
    }
    if (typeof current !== 'object' || current === null) return;
    const step = stepOf();
    if (seen.has(current)) {
      throw new CairnError(
        'invalid_option',
        `Not a JSON tree: the container at ${pointerOf(step) || '(root)'} is reached twice (a cycle or a shared reference)`,
      );
    }
    seen.add(current);
    // Object.keys and own-property reads: a `__proto__` key that JSON.parse
    // made an own property is read as data, never through the prototype setter
    const keys = Array.isArray(current) ? null : Object.keys(current);
    stack.push({ container: current as Frame['container'], keys, next: 0, step });
  };
  visit(value, null, null);
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
    visit(child, frame.step, token);
  }
  return nodes;
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
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    if (++count >= min) return true;
  }
  return false;
}

function pointerOf(step: PathStep | null): string {
  const tokens: string[] = [];
  for (let s = step; s !== null; s = s.parent) tokens.push(s.token);
  return formatJsonPointer(tokens.reverse());
}
