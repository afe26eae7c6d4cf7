// cairn/llamaindex: LlamaIndex.TS adapters. llamaindex is an optional peer dependency.

export type { CairnChunkMetadata } from '../chunk-metadata.js';
export type { CairnLoaderSource, LoadedChunk } from '../load-cairn-chunks.js';
export type {
  CitationListProjection,
  CitationProjection,
  ProjectionOptions,
} from '../project-citation.js';
export type { SourceTextFormat } from '../split-source-text.js';
export { CairnLoader } from './cairn-loader.js';
export type { CairnNodeParserOptions } from './cairn-node-parser.js';
export { CairnNodeParser } from './cairn-node-parser.js';
export type {
  CairnHitNodeMetadata,
  CairnRetrieverOptions,
  CairnRetrieverSearchOptions,
} from './cairn-retriever.js';
export { CairnRetriever } from './cairn-retriever.js';
export type { LlamaIndexProjectionOptions } from './project-llamaindex-citation.js';
export {
  projectLlamaIndexCitation,
  projectLlamaIndexCitations,
} from './project-llamaindex-citation.js';
