import type { Migration } from '../../migration.js';

/**
 * Seed 004 per string node: a JSON chunk's offsets within its node's own
 * text and the sha256 of the whole node, so a node that did not change
 * between versions is known by its hash, and its chunks cite the node as
 * the seed's `char_start/char_end` do. Null for chunks of other documents
 * (and for chunks stored before this migration).
 */
export const nodeOffsets: Migration = {
  version: 3,
  name: 'node_offsets',
  sql: `
ALTER TABLE chunks ADD COLUMN node_start INTEGER;
ALTER TABLE chunks ADD COLUMN node_end INTEGER;
ALTER TABLE chunks ADD COLUMN node_hash TEXT;
CREATE INDEX chunks_node_hash ON chunks (node_hash) WHERE node_hash IS NOT NULL;
`,
};
