import type { IndexManifestRow, RagTraceRow, WaitOptions } from './types.js';

/** What searches leave behind: index manifests and trace rows (seed 001). */
export interface TraceStore {
  putIndexManifest(row: IndexManifestRow, options?: WaitOptions): Promise<void>;
  getIndexManifest(indexHash: string): Promise<IndexManifestRow | null>;
  /**
   * Appends a trace row. `wait_ms`: wait at most this long for another
   * connection's write lock (SQLite), then fail with `store_busy`.
   */
  insertRagTrace(row: RagTraceRow, options?: WaitOptions): Promise<void>;
  /** Trace rows newest first (then qid, seg); `qid` keeps one query's rows. */
  listRagTraces(options?: {
    limit?: number;
    offset?: number;
    qid?: string;
  }): Promise<RagTraceRow[]>;
}
