import { CairnError } from '../../errors.js';

/**
 * RFC 6901 JSON Pointer from reference tokens: `~` becomes `~0` and `/`
 * becomes `~1` (in that order, so that a literal `~1` in a key survives as
 * `~01`). The empty list is the whole document, `""`.
 */
export function formatJsonPointer(tokens: readonly (string | number)[]): string {
  let pointer = '';
  for (const token of tokens) pointer += `/${escapeJsonPointerToken(String(token))}`;
  return pointer;
}

/** One reference token escaped for a pointer, without its leading `/`. */
export function escapeJsonPointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Reference tokens of an RFC 6901 pointer. Tokens stay strings: whether `0`
 * names an array index or an object key depends on the value it is applied to.
 */
export function parseJsonPointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) {
    throw new CairnError(
      'invalid_json_pointer',
      `JSON pointer ${JSON.stringify(pointer)} must be empty or start with "/"`,
      {
        details: { json_pointer: pointer },
      },
    );
  }
  const bad = /~(?![01])/.exec(pointer);
  if (bad) {
    throw new CairnError(
      'invalid_json_pointer',
      `JSON pointer ${JSON.stringify(pointer)} has "~" not followed by 0 or 1 at index ${bad.index}`,
      { details: { json_pointer: pointer, index: bad.index } },
    );
  }
  // one pass over both escapes: "~01" must decode to "~1", never to "/"
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~[01]/g, (sequence) => (sequence === '~0' ? '~' : '/')));
}
