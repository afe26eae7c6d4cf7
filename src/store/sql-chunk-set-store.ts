import type { ChunkSetStore } from './chunk-set-store.js';
import { insertChunkSet, insertRedirects } from './insert-chunk-set.js';
import { readChunkRows } from './read-chunk-rows.js';
import { CHUNK_COLUMNS, toChunkSet, toRedirect } from './row-mappers.js';
import { type SqlStoreContext, STALE, selectOne } from './sql-context.js';
import type { SqlExecutor } from './sql-driver.js';
import type { ChunkSetRow } from './types.js';

/** The chunk set of one version and chunker, if stored. */
export async function selectChunkSet(
  executor: SqlExecutor,
  versionId: number,
  chunkerId: string,
): Promise<ChunkSetRow | null> {
  const row = await selectOne(
    executor,
    'SELECT * FROM chunk_sets WHERE version_id = ? AND chunker_id = ?',
    [versionId, chunkerId],
  );
  return row ? toChunkSet(row) : null;
}

/** Chunk sets, chunks and redirects over the SQL driver. */
export function createSqlChunkSetStore(ctx: SqlStoreContext): ChunkSetStore {
  const { driver } = ctx;
  const all = (sql: string, params: readonly unknown[] = []) =>
    driver.all<Record<string, unknown>>(sql, params);
  return {
    getChunkSet: (versionId, chunkerId) => selectChunkSet(driver, versionId, chunkerId),

    async listChunkSets(options = {}) {
      const where: string[] = [];
      const params: unknown[] = [];
      if (options.chunker_id !== undefined) {
        where.push('chunker_id = ?');
        params.push(options.chunker_id);
      }
      if (options.version_id !== undefined) {
        where.push('version_id = ?');
        params.push(options.version_id);
      }
      const rows = await all(
        `SELECT * FROM chunk_sets${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY version_id, chunker_id`,
        params,
      );
      return rows.map(toChunkSet);
    },

    async listChunks(versionId, chunkerId) {
      const rows = await all(
        `SELECT ${CHUNK_COLUMNS} FROM chunks WHERE version_id = ? AND chunker_id = ? ORDER BY seq`,
        [versionId, chunkerId],
      );
      return readChunkRows(driver, rows);
    },

    async firstChunkId(versionId, chunkerId) {
      const row = await selectOne(
        driver,
        'SELECT chunk_id FROM chunks WHERE version_id = ? AND chunker_id = ? ORDER BY seq LIMIT 1',
        [versionId, chunkerId],
      );
      return row ? String(row.chunk_id) : null;
    },

    async listUsedChunkIds(documentId, chunkerId) {
      const rows = await all(
        'SELECT chunk_id FROM chunks WHERE document_id = ? AND chunker_id = ? ' +
          'UNION SELECT from_chunk_id FROM redirects WHERE document_id = ? AND chunker_id = ?',
        [documentId, chunkerId, documentId, chunkerId],
      );
      return rows.map((row) => String(row.chunk_id));
    },

    async findChunks(chunkId, chunkerId) {
      const rows =
        chunkerId === undefined
          ? await all(
              `SELECT ${CHUNK_COLUMNS} FROM chunks WHERE chunk_id = ? ORDER BY version_id DESC, chunker_id`,
              [chunkId],
            )
          : await all(
              `SELECT ${CHUNK_COLUMNS} FROM chunks WHERE chunk_id = ? AND chunker_id = ? ORDER BY version_id DESC`,
              [chunkId, chunkerId],
            );
      return readChunkRows(driver, rows);
    },

    async findRedirects(chunkId, chunkerId) {
      const rows =
        chunkerId === undefined
          ? await all('SELECT * FROM redirects WHERE from_chunk_id = ? ORDER BY id DESC', [chunkId])
          : await all(
              'SELECT * FROM redirects WHERE from_chunk_id = ? AND chunker_id = ? ORDER BY id DESC',
              [chunkId, chunkerId],
            );
      return rows.map(toRedirect);
    },

    async listChunkerIds() {
      const rows = await all(
        'SELECT chunker_id, SUM(chunk_count) AS n FROM chunk_sets GROUP BY chunker_id ORDER BY n DESC, chunker_id',
      );
      return rows.map((row) => String(row.chunker_id));
    },

    writeChunkSet(input) {
      return ctx.index_writes.around(async () => {
        const now = new Date().toISOString();
        try {
          return await driver.transaction(async (tx) => {
            const w = { tx, dialect: driver.dialect, limits: ctx.limits, now };
            if (!(await insertChunkSet(w, input))) throw STALE;
            await insertRedirects(w, input);
            return true;
          });
        } catch (error) {
          if (error === STALE) return false;
          throw error;
        }
      });
    },
  };
}
