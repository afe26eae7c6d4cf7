/**
 * The URIs of cairn's MCP resources. Chunk IDs hold `|` and `=`, and a
 * doc_uid may hold `/`: each ID is one percent-encoded path segment.
 */
export const DOCUMENT_URI_PREFIX = 'cairn://documents/';
export const CHUNK_URI_PREFIX = 'cairn://chunks/';

export function documentUri(docUid: string): string {
  return `${DOCUMENT_URI_PREFIX}${encodeURIComponent(docUid)}`;
}

export function chunkUri(chunkId: string): string {
  return `${CHUNK_URI_PREFIX}${encodeURIComponent(chunkId)}`;
}

/** The document or chunk a cairn URI names; null for any other URI or a bad escape. */
export function parseResourceUri(uri: string): { kind: 'document' | 'chunk'; id: string } | null {
  for (const [prefix, kind] of [
    [DOCUMENT_URI_PREFIX, 'document'],
    [CHUNK_URI_PREFIX, 'chunk'],
  ] as const) {
    if (!uri.startsWith(prefix)) continue;
    const encoded = uri.slice(prefix.length);
    if (encoded === '' || encoded.includes('/')) return null;
    try {
      return { kind, id: decodeURIComponent(encoded) };
    } catch {
      return null;
    }
  }
  return null;
}
