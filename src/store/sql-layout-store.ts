import { decodeGeometry } from './encode-geometry.js';
import type { LayoutStore, VersionLayoutInput } from './layout-store.js';
import { type SqlStoreContext, selectOne, type WriteTx } from './sql-context.js';

export function createSqlLayoutStore(ctx: SqlStoreContext): LayoutStore {
  const { driver } = ctx;
  return {
    async getVersionGeometry(versionId) {
      const row = await selectOne(
        driver,
        'SELECT geometry FROM version_layouts WHERE version_id = ?',
        [versionId],
      );
      return row ? decodeGeometry(row.geometry) : null;
    },

    async getVersionSource(versionId) {
      const row = await selectOne(
        driver,
        'SELECT source_type, source_sha256, source FROM version_layouts WHERE version_id = ? AND source IS NOT NULL',
        [versionId],
      );
      if (!row) return null;
      const bytes = row.source as Uint8Array;
      return {
        media_type: String(row.source_type),
        sha256: String(row.source_sha256),
        bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      };
    },
  };
}

/** A new version's layout row, inside the transaction that writes the version. */
export async function insertVersionLayout(
  w: WriteTx,
  versionId: number,
  layout: VersionLayoutInput,
): Promise<void> {
  await w.tx.run(
    'INSERT INTO version_layouts (version_id, geometry, source_type, source_sha256, source, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    [
      versionId,
      layout.geometry,
      layout.source?.media_type ?? null,
      layout.source?.sha256 ?? null,
      layout.source?.bytes ?? null,
      w.now,
    ],
  );
}
