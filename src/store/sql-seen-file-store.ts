import { toSeenFile } from './row-mappers.js';
import type { SeenFileStore } from './seen-file-store.js';
import { type SqlStoreContext, selectOne } from './sql-context.js';
import type { SqlExecutor } from './sql-driver.js';
import type { SeenFileRow } from './types.js';

const SEEN_UPSERT =
  'INSERT INTO seen_files (source_url, settings_key, size, mtime_ms, file_hash, document_id, version_id, seen_at_ms) ' +
  'VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (source_url, settings_key) DO UPDATE SET size = excluded.size, ' +
  'mtime_ms = excluded.mtime_ms, file_hash = excluded.file_hash, document_id = excluded.document_id, ' +
  'version_id = excluded.version_id, seen_at_ms = excluded.seen_at_ms';

/** Records one seen file, replacing what was recorded for its source and settings. */
export async function upsertSeenFile(executor: SqlExecutor, row: SeenFileRow): Promise<void> {
  await executor.run(SEEN_UPSERT, [
    row.source_url,
    row.settings_key,
    row.size,
    row.mtime_ms,
    row.file_hash,
    row.document_id,
    row.version_id,
    row.seen_at_ms,
  ]);
}

/** Seen files over the SQL driver. */
export function createSqlSeenFileStore(ctx: SqlStoreContext): SeenFileStore {
  const { driver } = ctx;
  return {
    async getSeenFile(sourceUrl, settingsKey) {
      const row = await selectOne(
        driver,
        'SELECT * FROM seen_files WHERE source_url = ? AND settings_key = ?',
        [sourceUrl, settingsKey],
      );
      return row ? toSeenFile(row) : null;
    },

    async recordSeenFiles(rows) {
      if (rows.length === 0) return;
      await driver.transaction(async (tx) => {
        for (const row of rows) await upsertSeenFile(tx, row);
      });
    },
  };
}
