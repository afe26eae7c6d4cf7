import { checkCitationPayload } from './check-citation-payload.js';
import type { CitationValidationOptions, CitationValidationResult } from './types.js';

/**
 * Applies every rule of seed 001 to a parsed citation payload: an array of
 * citations, an object with a `citations` array, or a search result with a
 * `hits` array (`findCitationList`). The list is one answer segment for the
 * cross-section rule; pass `allow_cross_section_reuse` for a ranked hit list
 * that spans sections. Rules needing live facts run when the options give
 * them (`index_hash`, `analyzer`, `revs`, `text_lengths`). Synchronous, and
 * never throws: what is wrong is an issue. `verifyCitations` also checks
 * each citation against a store.
 */
export function validateCitations(
  input: unknown,
  options: CitationValidationOptions = {},
): CitationValidationResult {
  return checkCitationPayload(input, options).result;
}
