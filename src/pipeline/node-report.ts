import type { ChunkRow } from '../store/types.js';
import type { CairnDocument } from '../types.js';
import { jsonNodeHashes } from './to-chunk-inputs.js';

/**
 * What `ensure` did to one JSON string node (seed 004's per-node `ensure`):
 * `unchanged`, its whole string hashes as it did in the previous chunk set,
 * so its chunks and IDs are the ones stored; `updated`, the pointer was
 * there with another string; `created`, the pointer is new.
 */
export type NodeStatus = 'unchanged' | 'created' | 'updated';

export interface NodeReport {
  json_pointer: string;
  /** sha256 hex of the node's whole string (seed 004's `content_hash`). */
  content_hash: string;
  status: NodeStatus;
}

/**
 * Each string node of `doc` against the chunks of the previous version
 * (null: there was none, every node is `created`). Chunks stored without a
 * node hash (before node hashes were kept) count their node as `updated`.
 */
export function reportNodes(
  doc: CairnDocument,
  previous: readonly ChunkRow[] | null,
): NodeReport[] {
  const hashes = jsonNodeHashes(doc);
  const before = new Map<string, string | null>();
  for (const chunk of previous ?? []) {
    if (chunk.json_pointer !== '' && !before.has(chunk.json_pointer))
      before.set(chunk.json_pointer, chunk.node_hash);
  }
  return [...hashes].map(([json_pointer, content_hash]) => ({
    json_pointer,
    content_hash,
    status: !before.has(json_pointer)
      ? 'created'
      : before.get(json_pointer) === content_hash
        ? 'unchanged'
        : 'updated',
  }));
}

/** Every node of a document whose content is stored as it is. */
export function unchangedNodes(doc: CairnDocument): NodeReport[] {
  return [...jsonNodeHashes(doc)].map(([json_pointer, content_hash]) => ({
    json_pointer,
    content_hash,
    status: 'unchanged',
  }));
}
