import { pointerToken } from './cite-issue.js';

/** The field of an object payload that holds its list, in the order looked for. */
const LIST_FIELDS = ['citations', 'hits'] as const;

/**
 * Where a payload keeps its citations: the payload itself when it is an
 * array, else its `citations` array, else its `hits` array (a search result,
 * `cairn search --json` or `GET /api/search`, whose hits are citation
 * payloads plus their text). `path` is the list's JSON Pointer; `list` is
 * null when there is none, or `field` when that field is not an array.
 */
export function findCitationList(input: unknown): {
  list: readonly unknown[] | null;
  path: string;
  field: (typeof LIST_FIELDS)[number] | null;
} {
  if (Array.isArray(input)) return { list: input, path: '', field: null };
  if (typeof input !== 'object' || input === null) return { list: null, path: '', field: null };
  for (const field of LIST_FIELDS) {
    if (!Object.hasOwn(input, field)) continue;
    const value = (input as Record<string, unknown>)[field];
    return { list: Array.isArray(value) ? value : null, path: pointerToken(field), field };
  }
  return { list: null, path: '', field: null };
}
