import { dropStopwords } from '../../search/drop-stopwords.js';
import { tokenizeQuery } from '../../search/tokenize-query.js';
import type { ChunkRow, ChunkStore } from '../../store/types.js';
import { locateQuote, type QuoteMatch } from '../quote/locate-quote.js';

/** Candidates the corpus-wide search reads for a misplaced quote. */
export const ELSEWHERE_CANDIDATES = 20;
const MAX_TERMS = 16;

export interface FoundElsewhere {
  chunk: ChunkRow;
  doc_uid: string;
  rev: string;
  match: QuoteMatch;
}

export interface ElsewhereScope {
  chunker_id: string;
  /** Look through this version's chunks first (the cited chunk's document). */
  version?: { id: number; doc_uid: string; rev: string };
  /** The chunk already searched. */
  skip_chunk_id?: string | null;
}

const located = (m: QuoteMatch): boolean =>
  m.status === 'exact' || m.status === 'normalized' || m.status === 'elided';

/**
 * The first chunk other than the cited one that holds the quote: the cited
 * document's chunks in reading order, then the best lexical matches of the
 * quote's words across the store. Null when none does.
 */
export async function findQuoteElsewhere(
  store: ChunkStore,
  quote: string,
  scope: ElsewhereScope,
): Promise<FoundElsewhere | null> {
  if (scope.version !== undefined) {
    const { id, doc_uid, rev } = scope.version;
    for (const chunk of await store.listChunks(id, scope.chunker_id)) {
      if (chunk.chunk_id === scope.skip_chunk_id) continue;
      const match = locateQuote(quote, chunk.text);
      if (located(match)) return { chunk, doc_uid, rev, match };
    }
  }
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
