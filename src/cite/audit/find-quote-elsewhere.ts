import { dropStopwords } from '../../search/drop-stopwords.js';
import { tokenizeQuery } from '../../search/tokenize-query.js';
import type { ChunkRow, ChunkStore } from '../../store/types.js';
import { locateQuote, type QuoteMatch } from '../quote/locate-quote.js';

/** Candidates the corpus-wide search reads for a misplaced quote. */
export const ELSEWHERE_CANDIDATES = 20;
const MAX_TERMS = 8;

export interface FoundElsewhere {
  chunk: ChunkRow;
  doc_uid: string;
  rev: string;
  match: QuoteMatch;
}

export interface ElsewhereScope {
  chunker_id: string;
  /** Read this document version's chunks first (the cited chunk's document, current version). */
  version_id?: number;
  /** The chunks of a version, as the caller keeps them (several citations may search one document). */
  chunks_of: (versionId: number, chunkerId: string) => Promise<ChunkRow[]>;
  /** The chunk already searched. */
  skip_chunk_id?: string | null;
  /** Also search the whole store through the lexical index (default true). */
  corpus?: boolean;
}

const located = (m: QuoteMatch): boolean =>
  m.status === 'exact' || m.status === 'normalized' || m.status === 'elided';

const WORD = /[\p{L}\p{N}]+/gu;

/** The quote's longest word, lower-cased: a chunk without it cannot hold the quote (up to NFKC forms of that word). */
const anchorOf = (quote: string): string =>
  [...quote.toLowerCase().matchAll(WORD)].reduce((a, m) => (m[0].length > a.length ? m[0] : a), '');

/**
 * The first live chunk other than the cited one that holds the quote: the
 * cited document's chunks in reading order (those lacking the quote's
 * longest word skipped unread), then the best lexical matches of the
 * quote's words across the store. Null when none holds it.
 */
export async function findQuoteElsewhere(
  store: ChunkStore,
  quote: string,
  scope: ElsewhereScope,
): Promise<FoundElsewhere | null> {
  if (scope.version_id !== undefined) {
    const version = await store.getVersion(scope.version_id);
    const document = version === null ? null : await store.getDocumentById(version.document_id);
    const anchor = anchorOf(quote);
    if (version !== null && document !== null)
      for (const chunk of await scope.chunks_of(scope.version_id, scope.chunker_id)) {
        if (chunk.chunk_id === scope.skip_chunk_id) continue;
        if (!chunk.text.toLowerCase().includes(anchor)) continue;
        const match = locateQuote(quote, chunk.text);
        if (located(match)) return { chunk, doc_uid: document.doc_uid, rev: version.rev, match };
      }
  }
  if (scope.corpus === false) return null;
  const terms = dropStopwords(tokenizeQuery(quote)).slice(0, MAX_TERMS);
  if (terms.length === 0) return null;
  const matches = await store.searchLexical({
    chunker_id: scope.chunker_id,
    terms,
    limit: ELSEWHERE_CANDIDATES,
  });
  for (const m of matches) {
    if (m.chunk.chunk_id === scope.skip_chunk_id) continue;
    const match = locateQuote(quote, m.chunk.text);
    if (located(match)) return { chunk: m.chunk, doc_uid: m.doc_uid, rev: m.rev, match };
  }
  return null;
}
