import { matchRanges } from '../search/match-ranges.js';
import type { SearchResult } from '../search/types.js';

/**
 * The JSON body of `/api/search`: the result without the server's own
 * trace log path, and `matches`, per hit, where its text holds a searched
 * word (a display aid beside the hits, so that each hit stays exactly its
 * citation payload). A search worker builds it where the result is, so the
 * answer crosses to the server's thread as one string.
 */
export function searchResponseBody(result: SearchResult): string {
  const { trace_log: _serverPath, ...rest } = result;
  return JSON.stringify({
    ...rest,
    matches: rest.hits.map((hit) => matchRanges(hit.text, rest.terms)),
  });
}
