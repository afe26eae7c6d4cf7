import type { BaseNode, NodeWithScore } from 'llamaindex';
import {
  type CitationListProjection,
  type CitationProjection,
  type ProjectionOptions,
  type ProjectionSource,
  projectCitation,
  projectCitations,
} from '../project-citation.js';

export interface LlamaIndexProjectionOptions extends ProjectionOptions {
  /** Its 1-based rank in the retriever's results (else `metadata.k_pos`, else `metadata.k`). */
  k_pos?: number;
}

/** Where LlamaIndex readers put the file a node came from. */
const SOURCE_KEYS = ['file_path', 'source'] as const;

function sourceOf(result: NodeWithScore | BaseNode, position?: number): ProjectionSource {
  // from JavaScript a list can hold a hole, or a NodeWithScore without its node: each
  // projects as a result with nothing in it
  const scored = isObject(result) && 'node' in result;
  const node: Partial<BaseNode> = scored ? (result.node ?? {}) : isObject(result) ? result : {};
  const parent = node.sourceNode?.nodeId;
  return {
    metadata: isObject(node.metadata) ? node.metadata : {},
    source_keys: SOURCE_KEYS,
    ...(node.id_ === undefined ? {} : { id: node.id_ }),
    ...(parent === undefined ? {} : { parent_id: parent }),
    ...(scored && result.score !== undefined ? { score: result.score } : {}),
    ...(position === undefined ? {} : { position }),
  };
}

/**
 * One LlamaIndex node, scored or not, as a citation payload (seed 001's
 * LlamaIndex adapter): snippet_id is `metadata.chunk_id`, else the node's
 * `id_`; doc_id `metadata.doc_id`, else the source document's id; the
 * score is the NodeWithScore's. Offsets come from `metadata.offsets` (code
 * points) only: `startCharIdx`/`endCharIdx` are UTF-16 indices in
 * LlamaIndex.TS and are never read as code points. See `projectCitation`
 * for the rules and the issues. Never throws.
 */
export function projectLlamaIndexCitation(
  result: NodeWithScore | BaseNode,
  options: LlamaIndexProjectionOptions = {},
): CitationProjection {
  const { k_pos, ...rest } = options;
  return projectCitation(sourceOf(result, k_pos), rest);
}

/** A retriever's results, in its order: each one's position is its k_pos unless its metadata names one. */
export function projectLlamaIndexCitations(
  results: readonly (NodeWithScore | BaseNode)[],
  options: ProjectionOptions = {},
): CitationListProjection {
  return projectCitations(
    results.map((result) => sourceOf(result)),
    options,
  );
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
