/**
 * The canonical `EAR-` identifier grammar of `retrieval-corpus.v1`: `EAR-`, a
 * part of exactly three digits, optional dot segments, optional paragraph
 * designators `(b)`, `(1)`, `(iv)` in lower case; a doc_id may add a chunk
 * suffix `#p0001`. The sources are written with `[0-9]` rather than `\d` so
 * that the JSON Schema can reuse them in any regex dialect.
 */
export const EAR_SECTION_ID_SOURCE = 'EAR-[0-9]{3}(?:\\.[0-9]+)*(?:\\((?:[a-z]+|[0-9]+)\\))*';
export const CHUNK_SUFFIX_SOURCE = '[a-z0-9][a-z0-9:._-]*';

const EAR_SECTION_ID_PATTERN = new RegExp(`^${EAR_SECTION_ID_SOURCE}$`);
const EAR_DOC_ID_PATTERN = new RegExp(`^${EAR_SECTION_ID_SOURCE}(?:#${CHUNK_SUFFIX_SOURCE})?$`);
export const CHUNK_SUFFIX_PATTERN = new RegExp(`^${CHUNK_SUFFIX_SOURCE}$`);

/** A canonical citation id without chunk suffix (`EAR-736.2(b)`): what `section_id` holds. */
export function isCanonicalEarId(value: unknown): value is string {
  return typeof value === 'string' && EAR_SECTION_ID_PATTERN.test(value);
}

/** A canonical doc_id: a canonical EAR id, optionally with `#suffix` (`EAR-736.2(b)#p0001`). */
export function isCanonicalDocId(value: unknown): value is string {
  return typeof value === 'string' && EAR_DOC_ID_PATTERN.test(value);
}
