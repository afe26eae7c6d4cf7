import { dropStopwords } from '../../search/drop-stopwords.js';
import { tokenizeQuery } from '../../search/tokenize-query.js';
import type { ChunkRow, ChunkStore } from '../../store/types.js';
import { isLocated, locateQuote, type QuoteMatch } from '../quote/locate-quote.js';
import { chunksHoldingQuote, type DocumentWords, indexDocumentWords } from './document-words.js';

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
  /** Asked right before a store-wide search: false when the caller's budget for them is spent. */
  may_search_store?: () => boolean;
}

/** The store-wide search was due and the caller's budget for it spent. */
export const STORE_SEARCH_SPENT = 'store_search_spent';

/**
 * Each document's word index, kept as long as the caller keeps the chunk
 * list it was built from: the audit keeps one list per document version for
 * the whole request, so the document is read once however many citations
 * search it.
 */
const indexes = new WeakMap<readonly ChunkRow[], DocumentWords>();

function wordsOf(chunks: readonly ChunkRow[]): DocumentWords {
  let index = indexes.get(chunks);
  if (index === undefined) {
    index = indexDocumentWords(chunks);
    indexes.set(chunks, index);
  }
  return index;
}

/**
 * The first live chunk other than the cited one that holds the quote: the
 * cited document's chunks in reading order (only those its word index says
 * may hold the quote are read), then the best lexical matches of the
 * quote's words across the store. Null when none holds it;
 * `STORE_SEARCH_SPENT` when the store was not searched for want of budget.
 */
export async function findQuoteElsewhere(
  store: ChunkStore,
  quote: string,
  scope: ElsewhereScope,
): Promise<FoundElsewhere | typeof STORE_SEARCH_SPENT | null> {
  if (scope.version_id !== undefined) {
    const version = await store.getVersion(scope.version_id);
    const document = version === null ? null : await store.getDocumentById(version.document_id);
    if (version !== null && document !== null) {
      const index = wordsOf(await scope.chunks_of(scope.version_id, scope.chunker_id));
      for (const c of chunksHoldingQuote(index, quote)) {
        const chunk = index.chunks[c]!;
        if (chunk.chunk_id === scope.skip_chunk_id) continue;
        const match = locateQuote(quote, chunk.text);
        if (isLocated(match)) return { chunk, doc_uid: document.doc_uid, rev: version.rev, match };
      }
    }
  }
  if (scope.corpus === false) return null;
  const terms = dropStopwords(tokenizeQuery(quote)).slice(0, MAX_TERMS);
  if (terms.length === 0) return null;
  if (scope.may_search_store?.() === false) return STORE_SEARCH_SPENT;
  const matches = await store.searchLexical({
    chunker_id: scope.chunker_id,
    terms,
    limit: ELSEWHERE_CANDIDATES,
  });
  for (const m of matches) {
    if (m.chunk.chunk_id === scope.skip_chunk_id) continue;
    const match = locateQuote(quote, m.chunk.text);
    if (isLocated(match)) return { chunk: m.chunk, doc_uid: m.doc_uid, rev: m.rev, match };
  }
  return null;
}
