import { toIndexManifest, toRagTrace } from './row-mappers.js';
import { type SqlStoreContext, selectOne } from './sql-context.js';
import type { SqlDriver } from './sql-driver.js';
import type { TraceStore } from './trace-store.js';
import type { WaitOptions } from './types.js';

/** Index manifests and trace rows over the SQL driver. */
export function createSqlTraceStore(ctx: SqlStoreContext): TraceStore {
  const { driver } = ctx;
  return {
    async putIndexManifest(row, options = {}) {
      await runWaiting(
        driver,
        options,
        'INSERT INTO index_manifests (index_hash, kind, chunker_id, analyzer, embed_model, params, chunk_count, created_at) ' +
          'VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (index_hash) DO NOTHING',
        [
          row.index_hash,
          row.kind,
          row.chunker_id,
          row.analyzer,
          row.embed_model,
          JSON.stringify(row.params),
          row.chunk_count,
          row.created_at,
        ],
      );
    },

    async getIndexManifest(indexHash) {
      const row = await selectOne(driver, 'SELECT * FROM index_manifests WHERE index_hash = ?', [
        indexHash,
      ]);
      return row ? toIndexManifest(row) : null;
    },

    async insertRagTrace(row, options = {}) {
      const json = (value: unknown): string | null =>
        value === undefined || value === null ? null : JSON.stringify(value);
      await runWaiting(
        driver,
        options,
        'INSERT INTO rag_traces (ts, qid, seg, deltaS, lambda_state, store, index_hash, embed_model, analyzer, section_id, rev, citations, scores, kpos, kfinal) ' +
          'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        [
          row.ts,
          row.qid,
          row.seg,
          row.deltaS,
          row.lambda_state,
          row.store,
          row.index_hash,
          row.embed_model,
          row.analyzer,
          row.section_id,
          row.rev,
          json(row.citations),
          json(row.scores),
          json(row.kpos),
          json(row.kfinal),
        ],
      );
    },

    async pruneRagTraces(retention, options = {}) {
      if ('days' in retention) {
        const cutoff = new Date(Date.now() - retention.days * 86_400_000).toISOString();
        return runWaiting(driver, options, 'DELETE FROM rag_traces WHERE ts < ?', [cutoff]);
      }
      if (retention.rows <= 0) return runWaiting(driver, options, 'DELETE FROM rag_traces', []);
      // the index on ts finds the boundary row without reading the table
      return runWaiting(
        driver,
        options,
        'DELETE FROM rag_traces WHERE ts < (SELECT ts FROM rag_traces ORDER BY ts DESC LIMIT 1 OFFSET ?)',
        [retention.rows - 1],
      );
    },

    async countRagTraces() {
      return Number((await selectOne(driver, 'SELECT COUNT(*) AS n FROM rag_traces'))?.n ?? 0);
    },

    async listRagTraces(options = {}) {
      const where = options.qid === undefined ? '' : 'WHERE qid = ? ';
      const rows = await driver.all<Record<string, unknown>>(
        `SELECT * FROM rag_traces ${where}ORDER BY ts DESC, qid, seg LIMIT ? OFFSET ?`,
        [
          ...(options.qid === undefined ? [] : [options.qid]),
          options.limit ?? 100,
          options.offset ?? 0,
        ],
      );
      return rows.map(toRagTrace);
    },
  };
}

/** `run`, waiting at most `wait_ms` for another connection's lock where the driver can bound that. */
function runWaiting(
  driver: SqlDriver,
  options: WaitOptions,
  sql: string,
  params: readonly unknown[],
): Promise<number> {
  return options.wait_ms !== undefined && driver.run_briefly
    ? driver.run_briefly(sql, params, options.wait_ms)
    : driver.run(sql, params);
}
