import {
  BaseRetriever,
  extractText,
  type NodeWithScore,
  type QueryBundle,
  TextNode,
} from 'llamaindex';
import { CairnError } from '../../errors.js';
import { orderingScore } from '../../search/ordering-score.js';
import { search } from '../../search/search.js';
import { SEARCH_STRING_OPTIONS } from '../../search/search-option-keys.js';
import type { Citation, SearchOptions } from '../../search/types.js';
import type { ChunkStore } from '../../store/types.js';
import { checkAdapterOptions, type ListsEveryKey } from '../check-adapter-options.js';
import { HIDDEN_PAYLOAD_KEYS } from '../export-records.js';

/** Search options a retriever keeps for every query (each query gets its own trace id). */
export type CairnRetrieverSearchOptions = Omit<SearchOptions, 'qid'>;

export interface CairnRetrieverOptions extends CairnRetrieverSearchOptions {
  /** An open store, writable: every search writes its trace. */
  store: ChunkStore;
}

/** A hit's node metadata: the full citation payload, and what else the hit knows. */
export type CairnHitNodeMetadata = Citation & {
  /** The same as `snippet_id`, under the name cairn's node parser uses. */
  chunk_id: string;
  chunker_id: string;
  heading_path: string[];
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

const OPTION_KEYS = [
  'store',
  ...SEARCH_KEYS,
] as const satisfies readonly (keyof CairnRetrieverOptions)[];
true satisfies ListsEveryKey<CairnRetrieverOptions, typeof OPTION_KEYS>;

/**
 * A LlamaIndex.TS retriever over cairn's search: one NodeWithScore per hit,
 * in the hits' order (`k_final`). The node's `id_` is the chunk ID, its text
 * the chunk's text, its metadata the hit's citation payload (IDs, offsets
 * and index facts kept out of what LlamaIndex embeds and shows the LLM),
 * and `score` the score that ordered the hits (`rerank_score`, else
 * `score_norm`; BM25's own is `metadata.score_raw`), which never rises down
 * the list, as LlamaIndex's postprocessors expect. `projectLlamaIndexCitations`
 * gives the payload back with that score as `score_raw`, as for any scored
 * node. Search errors reach the caller as CairnError with their code.
 */
export class CairnRetriever extends BaseRetriever {
  readonly store: ChunkStore;
  readonly search_options: CairnRetrieverSearchOptions;

  constructor(options: CairnRetrieverOptions) {
    super();
    checkAdapterOptions('CairnRetriever', options, OPTION_KEYS);
    const store: unknown = options?.store;
    if (typeof store !== 'object' || store === null) {
      throw new CairnError(
        'invalid_option',
        'CairnRetriever needs an open store: new CairnRetriever({ store: await openStore({ db }) })',
        { details: { option: 'store' } },
      );
    }
    this.store = options.store;
    const picked: CairnRetrieverSearchOptions = {};
    for (const key of SEARCH_KEYS) {
      if (options[key] !== undefined) Object.assign(picked, { [key]: options[key] });
    }
    this.search_options = picked;
  }

  override async _retrieve(params: QueryBundle): Promise<NodeWithScore[]> {
    const result = await search(this.store, extractText(params.query), this.search_options);
    return result.hits.map(({ text, heading_path, ...citation }) => {
      const metadata: CairnHitNodeMetadata = {
        ...citation,
        chunk_id: citation.snippet_id,
        chunker_id: result.chunker_id,
        heading_path,
        qid: result.qid,
      };
      const node = new TextNode({
        id_: citation.snippet_id,
        text,
        metadata,
        excludedEmbedMetadataKeys: [...HIDDEN_PAYLOAD_KEYS, 'qid'],
        excludedLlmMetadataKeys: [...HIDDEN_PAYLOAD_KEYS, 'qid'],
      });
      return { node, score: orderingScore(citation) };
    });
  }
}
