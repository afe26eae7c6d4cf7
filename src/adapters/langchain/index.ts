// cairn/langchain: LangChain.js adapters. @langchain/core is an optional peer dependency.

export type { CairnChunkMetadata } from '../chunk-metadata.js';
export type { CairnLoaderSource, LoadedChunk } from '../load-cairn-chunks.js';
export type {
  CitationListProjection,
  CitationProjection,
  ProjectionOptions,
} from '../project-citation.js';
export type { SourceTextFormat } from '../split-source-text.js';
export type { CairnLoadedMetadata } from './cairn-loader.js';
export { CairnLoader } from './cairn-loader.js';
export type {
  CairnHitMetadata,
  CairnRetrieverInput,
  CairnRetrieverSearchOptions,
} from './cairn-retriever.js';
export { CairnRetriever } from './cairn-retriever.js';
export type {
  CairnLoc,
  CairnSplitMetadata,
  CairnTextSplitterOptions,
} from './cairn-text-splitter.js';
export { CairnTextSplitter } from './cairn-text-splitter.js';
export type {
  LangChainProjectionOptions,
  LangChainResult,
} from './project-langchain-citation.js';
export {
  projectLangChainCitation,
  projectLangChainCitations,
} from './project-langchain-citation.js';
