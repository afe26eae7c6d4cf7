import type { IndexManifestRow, RagTraceRow, WaitOptions } from './types.js';

/** Which trace rows to keep: the newest `rows` (whole queries: rows of the boundary's timestamp stay), or those of the last `days`. */
export type TraceRetention = { rows: number } | { days: number };

/** What searches leave behind: index manifests and trace rows (seed 001). */
export interface TraceStore {
  putIndexManifest(row: IndexManifestRow, options?: WaitOptions): Promise<void>;
  getIndexManifest(indexHash: string): Promise<IndexManifestRow | null>;
  /**
   * Appends a trace row. `wait_ms`: wait at most this long for another
   * connection's write lock (SQLite), then fail with `store_busy`.
   */
  insertRagTrace(row: RagTraceRow, options?: WaitOptions): Promise<void>;
  /** Deletes the trace rows the retention does not keep; resolves to how many went. */
  pruneRagTraces(retention: TraceRetention, options?: WaitOptions): Promise<number>;
  countRagTraces(): Promise<number>;
  /** Trace rows newest first (then qid, seg); `qid` keeps one query's rows. */
  listRagTraces(options?: {
    limit?: number;
    offset?: number;
    qid?: string;
  }): Promise<RagTraceRow[]>;
}
