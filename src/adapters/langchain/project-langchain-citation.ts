import type { DocumentInterface } from '@langchain/core/documents';
import {
  type CitationListProjection,
  type CitationProjection,
  type ProjectionOptions,
  type ProjectionSource,
  projectCitation,
  projectCitations,
} from '../project-citation.js';

/** A vector store's result: a Document, or `[Document, score]` as `similaritySearchWithScore` gives. */
export type LangChainResult = DocumentInterface | readonly [DocumentInterface, number];

export interface LangChainProjectionOptions extends ProjectionOptions {
  /** The store's score for the Document (else `metadata.score_raw`, else `metadata.score`). */
  score?: number;
  /** Its 1-based rank in the store's results (else `metadata.k_pos`, else `metadata.k`). */
  k_pos?: number;
}

/** `metadata.source` is where LangChain loaders put the path or URL. */
const SOURCE_KEYS = ['source'] as const;

function sourceOf(result: DocumentInterface, score?: number, position?: number): ProjectionSource {
  // from JavaScript a list can hold a hole: it projects as a result with nothing in it
  const document: Partial<DocumentInterface> = isObject(result) ? result : {};
  const metadata = document.metadata;
  return {
    metadata: isObject(metadata) ? metadata : {},
    source_keys: SOURCE_KEYS,
    ...(document.id === undefined ? {} : { id: document.id }),
    ...(score === undefined ? {} : { score }),
    ...(position === undefined ? {} : { position }),
  };
}

/**
 * One LangChain Document as a citation payload (seed 001's `lc_project`):
 * what a `CairnTextSplitter` or `CairnRetriever` wrote, plus the score and
 * the index facts a vector store adds. See `projectCitation` for the rules
 * and the issues. Never throws.
 */
export function projectLangChainCitation(
  document: DocumentInterface,
  options: LangChainProjectionOptions = {},
): CitationProjection {
  const { score, k_pos, ...rest } = options;
  return projectCitation(sourceOf(document, score, k_pos), rest);
}

/**
 * A result list, in the store's order: each result's position is its k_pos
 * unless its metadata names one. Issue paths point into the list.
 */
export function projectLangChainCitations(
  results: readonly LangChainResult[],
  options: ProjectionOptions = {},
): CitationListProjection {
  return projectCitations(
    results.map((result) => (isScored(result) ? sourceOf(result[0], result[1]) : sourceOf(result))),
    options,
  );
}

const isScored = (result: LangChainResult): result is readonly [DocumentInterface, number] =>
  Array.isArray(result);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
