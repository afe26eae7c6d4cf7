import { createScanner } from 'jsonc-parser';
import { escapeJsonPointerToken } from './json-pointer.js';

/** jsonc-parser's `SyntaxKind` numbers (a `const enum`, which isolated modules cannot import). */
const TOKEN = {
  openBrace: 1,
  closeBrace: 2,
  openBracket: 3,
  closeBracket: 4,
  comma: 5,
  colon: 6,
  string: 10,
  eof: 17,
} as const;

/** A member whose key a later member of the same object repeats: `JSON.parse` keeps only the last. */
export interface ShadowedMember {
  /** RFC 6901 pointer of the key: the pointer every occurrence shares. */
  json_pointer: string;
  /** UTF-16 range of the shadowed value in the text. */
  start16: number;
  end16: number;
  /** UTF-16 index of the key that repeats it. */
  repeat16: number;
}

interface Frame {
  /** The token this container is under in its parent (a key, or an array index). */
  token: string | null;
  /** Objects: each key's latest value range; null for an array. */
  members: Map<string, [number, number]> | null;
  index: number;
  /** Objects: the key whose value comes next, and where that value starts. */
  key: string | null;
  keyAt: number;
  valueStart: number;
  expectKey: boolean;
}

/**
 * Every shadowed member of every object, in source order. The text has
 * already passed `JSON.parse`, so tokens only have to be followed, not
 * checked; jsonc-parser's scanner reads them. The walk keeps a stack of the
 * open containers, never recursion (JSON nests 10,000 deep here), and each
 * open object's keys, so memory follows the widest open object, not the file.
 */
export function findShadowedMembers(text: string): ShadowedMember[] {
  const found: ShadowedMember[] = [];
  const stack: Frame[] = [];
  const scanner = createScanner(text, true);
  const pointerOf = (key: string): string =>
    `${stack
      .slice(1)
      .map((f) => `/${escapeJsonPointerToken(f.token!)}`)
      .join('')}/${escapeJsonPointerToken(key)}`;
  let pendingToken: string | null = null;
  const valueStarts = (offset: number): void => {
    const top = stack.at(-1);
    if (top === undefined) return;
    if (top.members === null) pendingToken = String(top.index);
    else {
      pendingToken = top.key;
      top.valueStart = offset;
    }
  };
  const valueEnds = (end: number): void => {
    const top = stack.at(-1);
    if (top === undefined || top.members === null || top.key === null) return;
    const previous = top.members.get(top.key);
    if (previous !== undefined) {
      found.push({
        json_pointer: pointerOf(top.key),
        start16: previous[0],
        end16: previous[1],
        repeat16: top.keyAt,
      });
    }
    top.members.set(top.key, [top.valueStart, end]);
  };
  for (let kind = scanner.scan(); kind !== TOKEN.eof; kind = scanner.scan()) {
    const offset = scanner.getTokenOffset();
    const end = offset + scanner.getTokenLength();
    const top = stack.at(-1);
    if (top?.members && top.expectKey && kind === TOKEN.string) {
      top.key = scanner.getTokenValue();
      top.keyAt = offset;
      top.expectKey = false;
      continue;
    }
    if (kind === TOKEN.colon) continue;
    if (kind === TOKEN.comma) {
      if (top?.members) top.expectKey = true;
      else if (top) top.index++;
      continue;
    }
    if (kind === TOKEN.openBrace || kind === TOKEN.openBracket) {
      valueStarts(offset);
      stack.push({
        token: pendingToken,
        members: kind === TOKEN.openBrace ? new Map() : null,
        index: 0,
        key: null,
        keyAt: 0,
        valueStart: 0,
        expectKey: true,
      });
      continue;
    }
    if (kind === TOKEN.closeBrace || kind === TOKEN.closeBracket) {
      stack.pop();
      valueEnds(end);
      continue;
    }
    // a scalar: string, number, true, false, null
    valueStarts(offset);
    valueEnds(end);
  }
  return found;
}
