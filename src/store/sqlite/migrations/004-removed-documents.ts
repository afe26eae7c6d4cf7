import type { Migration } from '../../migration.js';

/**
 * `cairn rm`: a removed document keeps its rows (versions, chunks,
 * redirects) so that its chunk IDs still resolve, as `deleted`, but leaves
 * search, listings and the lexical index state. `removed_at` says so;
 * NULL for a document in service. The index on `rag_traces (ts)` serves the
 * trace retention, which deletes the oldest rows first.
 */
export const removedDocuments: Migration = {
  version: 4,
  name: 'removed_documents',
  sql: `
ALTER TABLE documents ADD COLUMN removed_at TEXT;
CREATE INDEX rag_traces_ts ON rag_traces (ts);
`,
};
