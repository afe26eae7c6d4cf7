import type { Migration } from '../../migration.js';

/**
 * A version's canonical text (62 MB over the eCFR) is compressed into TOAST
 * as it is written: pglz took the writer backend about 2.4 s of CPU for the
 * eCFR's, lz4 about 1 s, for the same size on disk. (The encoded model,
 * compressed by cairn already, is stored as it is either way.) Values read
 * back are the same; rows stored before keep pglz, which PostgreSQL reads
 * beside lz4. A server built without lz4 refuses the method
 * (feature_not_supported) and keeps pglz.
 */
export const lz4Versions: Migration = {
  version: 13,
  name: 'lz4-versions',
  sql: '',
  async run(tx) {
    // in `run`: the migration's `sql` is split at semicolons, which a DO block holds
    await tx.run(`DO $$
BEGIN
  ALTER TABLE document_versions ALTER COLUMN canonical SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END
$$`);
  },
};
