/** How a known sentence-embedding model is run: its pooling, normalization, prefixes and vector length. */
export interface TransformersModelCard {
  pooling: 'mean' | 'cls';
  normalize: boolean;
  /** Put before a query (e5: `query: `; bge: its retrieval instruction; nomic: `search_query: `). */
  query_prefix: string;
  /** Put before a passage (e5: `passage: `; nomic: `search_document: `). */
  passage_prefix: string;
  dimensions: number;
}

const BGE_QUERY = 'Represent this sentence for searching relevant passages: ';

/**
 * Models by hub id (the ONNX exports transformers.js loads), as their model
 * cards say to run them for retrieval. An unknown model takes options
 * (mean pooling, normalized, no prefixes) and learns its dimensions from
 * one run.
 */
export const KNOWN_TRANSFORMERS_MODELS: Readonly<Record<string, TransformersModelCard>> = {
  'Xenova/all-MiniLM-L6-v2': card('mean', 384),
  'Xenova/all-MiniLM-L12-v2': card('mean', 384),
  'Xenova/all-mpnet-base-v2': card('mean', 768),
  'Xenova/bge-small-en-v1.5': card('cls', 384, BGE_QUERY),
  'Xenova/bge-base-en-v1.5': card('cls', 768, BGE_QUERY),
  'Xenova/bge-large-en-v1.5': card('cls', 1024, BGE_QUERY),
  'Xenova/e5-small-v2': card('mean', 384, 'query: ', 'passage: '),
  'Xenova/e5-base-v2': card('mean', 768, 'query: ', 'passage: '),
  'Xenova/multilingual-e5-small': card('mean', 384, 'query: ', 'passage: '),
  'nomic-ai/nomic-embed-text-v1.5': card('mean', 768, 'search_query: ', 'search_document: '),
};

function card(
  pooling: 'mean' | 'cls',
  dimensions: number,
  query_prefix = '',
  passage_prefix = '',
): TransformersModelCard {
  return { pooling, normalize: true, query_prefix, passage_prefix, dimensions };
}
