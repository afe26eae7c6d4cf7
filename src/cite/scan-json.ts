import { FORBIDDEN_KEYS } from './citation-contract.js';
import { pointerToken } from './cite-issue.js';

interface JsonKeyFinding {
  key: string;
  /** JSON Pointer of the member. */
  path: string;
  /** UTF-16 index of the key's opening quote. */
  position: number;
}

export interface JsonScan {
  /** UTF-16 index just past the first JSON value (or where scanning stopped on an error). */
  end: number;
  error: { position: number; detail: string } | null;
  duplicates: (JsonKeyFinding & { first_position: number })[];
  forbidden: JsonKeyFinding[];
}

type Frame =
  | { kind: 'object'; keys: Map<string, number>; key: string }
  | { kind: 'array'; count: number };

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const HEX4 = /[0-9a-fA-F]{4}/y;
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);

/**
 * Reads the first JSON value of `text` from `from` (RFC 8259), without
 * building it, to find what JSON.parse hides: duplicate keys (the last one
 * silently wins) and prototype keys. A loop with an explicit stack, not
 * recursion, so that deep nesting cannot exhaust the V8 call stack. Keys seen
 * per open object are the only memory it holds; at most `max_findings` of
 * each kind are kept.
 */
export function scanJson(text: string, from = 0, maxFindings = 100): JsonScan {
  const duplicates: JsonScan['duplicates'] = [];
  const forbidden: JsonKeyFinding[] = [];
  const stack: Frame[] = [];
  let i = from;
  let state: 'value' | 'key_or_close' | 'key' | 'after_value' = 'value';
  const done = (end: number, error: JsonScan['error'] = null): JsonScan => ({
    end,
    error,
    duplicates,
    forbidden,
  });
  const unexpected = (at: number): JsonScan =>
    done(
      at,
      at >= text.length
        ? { position: at, detail: 'Unexpected end of JSON input' }
        : { position: at, detail: `Unexpected character ${JSON.stringify(text[at])}` },
    );
  const pathTo = (key: string): string => `${pointerOf(stack)}${pointerToken(key)}`;

  for (;;) {
    i = skipWhitespace(text, i);
    if (state === 'value') {
      const c = text[i];
      if (c === '{') {
        stack.push({ kind: 'object', keys: new Map(), key: '' });
        i++;
        state = 'key_or_close';
        continue;
      }
      if (c === '[') {
        stack.push({ kind: 'array', count: 0 });
        i = skipWhitespace(text, i + 1);
        if (text[i] === ']') {
          stack.pop();
          i++;
          state = 'after_value';
        }
        continue;
      }
      if (c === '"') {
        const end = scanString(text, i);
        if (typeof end !== 'number') return done(end.position, end);
        i = end;
      } else if (c === 't' || c === 'f' || c === 'n') {
        const word = c === 't' ? 'true' : c === 'f' ? 'false' : 'null';
        if (!text.startsWith(word, i)) return unexpected(i);
        i += word.length;
      } else {
        NUMBER.lastIndex = i;
        if (!NUMBER.test(text)) return unexpected(i);
        i = NUMBER.lastIndex;
      }
      state = 'after_value';
      continue;
    }
    if (state === 'key_or_close' || state === 'key') {
      if (state === 'key_or_close' && text[i] === '}') {
        stack.pop();
        i++;
        state = 'after_value';
        continue;
      }
      if (text[i] !== '"') {
        return done(i, {
          position: i,
          detail:
            i >= text.length ? 'Unexpected end of JSON input' : 'Expected a double-quoted key',
        });
      }
      const end = scanString(text, i);
      if (typeof end !== 'number') return done(end.position, end);
      const key = JSON.parse(text.slice(i, end)) as string;
      const frame = stack[stack.length - 1] as Extract<Frame, { kind: 'object' }>;
      const first = frame.keys.get(key);
      if (first !== undefined) {
        if (duplicates.length < maxFindings)
          duplicates.push({ key, path: pathTo(key), position: i, first_position: first });
      } else frame.keys.set(key, i);
      if (FORBIDDEN_KEYS.has(key) && forbidden.length < maxFindings)
        forbidden.push({ key, path: pathTo(key), position: i });
      frame.key = key;
      i = skipWhitespace(text, end);
      if (text[i] !== ':') return done(i, { position: i, detail: 'Expected ":" after a key' });
      i++;
      state = 'value';
      continue;
    }
    // after a value: close or continue the container, or stop at the top level
    const top = stack[stack.length - 1];
    if (top === undefined) return done(i);
    const close = top.kind === 'array' ? ']' : '}';
    if (text[i] === ',') {
      i++;
      if (top.kind === 'array') {
        top.count++;
        state = 'value';
      } else state = 'key';
    } else if (text[i] === close) {
      stack.pop();
      i++;
    } else {
      return done(i, {
        position: i,
        detail: i >= text.length ? 'Unexpected end of JSON input' : `Expected "," or "${close}"`,
      });
    }
  }
}

/** The index past a string's closing quote, or the problem. `at` is its opening quote. */
function scanString(text: string, at: number): number | { position: number; detail: string } {
  let i = at + 1;
  for (;;) {
    const c = text.charCodeAt(i);
    if (Number.isNaN(c)) return { position: i, detail: 'Unterminated string' };
    if (c === 0x22) return i + 1;
    if (c < 0x20) return { position: i, detail: 'Bad control character in string' };
    if (c === 0x5c) {
      const e = text[i + 1];
      if (e === 'u') {
        HEX4.lastIndex = i + 2;
        if (!HEX4.test(text)) return { position: i, detail: 'Bad Unicode escape in string' };
        i += 6;
        continue;
      }
      if (e === undefined || !ESCAPES.has(e))
        return { position: i, detail: 'Bad escaped character in string' };
      i += 2;
      continue;
    }
    i++;
  }
}

/** Whitespace as JSON defines it: space, tab, line feed, carriage return. */
export function skipWhitespace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) i++;
    else return i;
  }
}

/** The pointer of the value being read; the stack's top frame holds its key or index. */
function pointerOf(stack: readonly Frame[]): string {
  let path = '';
  for (let d = 0; d < stack.length - 1; d++) {
    const frame = stack[d]!;
    path += pointerToken(frame.kind === 'array' ? frame.count : frame.key);
  }
  return path;
}
