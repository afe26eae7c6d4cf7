import { Document } from '@langchain/core/documents';
import { BaseRetriever, type BaseRetrieverInput } from '@langchain/core/retrievers';
import { CairnError } from '../../errors.js';
import { search } from '../../search/search.js';
import { SEARCH_STRING_OPTIONS } from '../../search/search-option-keys.js';
import type { Citation, SearchOptions } from '../../search/types.js';
import type { ChunkStore } from '../../store/types.js';
import { checkAdapterOptions, type ListsEveryKey } from '../check-adapter-options.js';

/** Search options a retriever keeps for every query (each query gets its own trace id). */
export type CairnRetrieverSearchOptions = Omit<SearchOptions, 'qid'>;

export interface CairnRetrieverInput extends BaseRetrieverInput, CairnRetrieverSearchOptions {
  /** An open store, writable: every search writes its trace. */
  store: ChunkStore;
}

/** A hit's Document metadata: the full citation payload, and what else the hit knows. */
export type CairnHitMetadata = Citation & {
  /** The same as `snippet_id`, under the name cairn's splitters use. */
  chunk_id: string;
  chunker_id: string;
  heading_path: string[];
  /** The section's heading titles (`SearchHit.section_label`). */
  section_label: string;
  /** The query's trace id (`rag_traces.qid`). */
  qid: string;
};

const SEARCH_KEYS = [
  'k',
  ...SEARCH_STRING_OPTIONS,
  'trace',
  'trace_log',
  'trace_wait_ms',
  'trace_retention',
  'embedder',
  'reranker',
  'rerank_top',
  'on_warning',
] as const satisfies readonly (keyof CairnRetrieverSearchOptions)[];

/** Every key a retriever reads: its store, LangChain's `BaseRetrieverInput`, the search options. */
const INPUT_KEYS = [
  'store',
  'callbacks',
  'tags',
  'metadata',
  'verbose',
  ...SEARCH_KEYS,
] as const satisfies readonly (keyof CairnRetrieverInput)[];
true satisfies ListsEveryKey<CairnRetrieverInput, typeof INPUT_KEYS>;

/**
 * A LangChain retriever over cairn's lexical search: one Document per hit,
 * in the tie-broken order (`k_final`), `pageContent` the chunk's text, `id`
 * its chunk ID, and the hit's citation payload in the metadata, so that
 * `projectLangChainCitation` gives it back whole. Search errors
 * (`empty_query`, `analyzer_mismatch`, ...) reach the caller as CairnError.
 */
export class CairnRetriever extends BaseRetriever<CairnHitMetadata> {
  lc_namespace = ['cairn', 'retrievers'];
  readonly store: ChunkStore;
  readonly search_options: CairnRetrieverSearchOptions;

  constructor(fields: CairnRetrieverInput) {
    checkAdapterOptions('CairnRetriever', fields, INPUT_KEYS);
    // from JavaScript: a missing store (or a path) would be a TypeError at the first query
    const store: unknown = fields?.store;
    if (typeof store !== 'object' || store === null) {
      throw new CairnError(
        'invalid_option',
        'CairnRetriever needs an open store: new CairnRetriever({ store: await openStore({ db }) })',
        { details: { option: 'store' } },
      );
    }
    const { callbacks, tags, metadata, verbose } = fields;
    // only LangChain's own fields: the store is no constructor argument to record
    super({ callbacks, tags, metadata, verbose });
    this.store = fields.store;
    const options: CairnRetrieverSearchOptions = {};
    for (const key of SEARCH_KEYS) {
      if (fields[key] !== undefined) Object.assign(options, { [key]: fields[key] });
    }
    this.search_options = options;
  }

  override async _getRelevantDocuments(query: string): Promise<Document<CairnHitMetadata>[]> {
    const result = await search(this.store, query, this.search_options);
    return result.hits.map(({ text, heading_path, ...citation }) => {
      return new Document<CairnHitMetadata>({
        id: citation.snippet_id,
        pageContent: text,
        metadata: {
          ...citation,
          chunk_id: citation.snippet_id,
          chunker_id: result.chunker_id,
          heading_path,
          qid: result.qid,
        },
      });
    });
  }
}
