import { open, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { CairnError } from '../errors.js';
import { makeFolderSync } from '../make-folder.js';
import type { TraceRetention } from '../store/trace-store.js';
import type { ChunkStore, WaitOptions } from '../store/types.js';
import { formatTraceLine, type TraceFields, traceFields } from './format-trace-line.js';
import { DEFAULT_TRACE_RETENTION } from './trace-retention.js';
import type { TracedResult } from './types.js';

export interface WriteTraceOptions extends WaitOptions {
  k: number;
  log_path: string | null;
  fields?: TraceFields;
  /** Trace rows to keep once this one is written (default `DEFAULT_TRACE_RETENTION`); false keeps every row. */
  retention?: TraceRetention | false;
}

/**
 * One `rag_traces` row and, when `log_path` is set, one appended log line for
 * a finished search or one segment of a verified answer (`fields`); then the
 * rows the retention does not keep are deleted, so the table stays bounded.
 */
export async function writeTrace(
  store: ChunkStore,
  result: TracedResult,
  options: WriteTraceOptions,
): Promise<void> {
  const ts = new Date().toISOString();
  const top = result.hits[0];
  const fields = traceFields(options.fields);
  await store.insertRagTrace(
    {
      ts,
      qid: result.qid,
      seg: fields.seg,
      deltaS: fields.deltaS,
      lambda_state: fields.lambda,
      store: store.dialect,
      index_hash: result.index_hash,
      embed_model: result.embed_model,
      analyzer: result.analyzer,
      section_id: top?.section_id ?? null,
      rev: top?.rev ?? null,
      citations: result.hits.map((h) => h.snippet_id),
      scores: result.hits.map((h) => h.score_norm),
      // with several engines or queries, each hit's rank in each (seed 001 keeps one k_pos per hit otherwise)
      kpos: result.hits.map((h) =>
        h.ranks === undefined && h.queries === undefined
          ? h.k_pos
          : {
              k_pos: h.k_pos,
              ...(h.ranks === undefined
                ? {}
                : { lexical: h.ranks.lexical, vector: h.ranks.vector }),
              ...(h.queries === undefined ? {} : { queries: h.queries }),
            },
      ),
      kfinal: result.hits.map((h) => h.k_final),
    },
    options.wait_ms === undefined ? {} : { wait_ms: options.wait_ms },
  );
  const retention = options.retention ?? DEFAULT_TRACE_RETENTION;
  if (retention !== false)
    await store.pruneRagTraces(
      retention,
      options.wait_ms === undefined ? {} : { wait_ms: options.wait_ms },
    );
  if (options.log_path !== null) {
    await appendLine(
      options.log_path,
      `${formatTraceLine(result, { store: store.dialect, ts, k: options.k }, fields)}\n`,
      traceLogCapBytes(retention),
    );
  }
}

/** Bytes of log a kept row stands for: a search's line is a few hundred bytes. */
const LOG_BYTES_PER_ROW = 512;
/** The log's cap at least, so a tiny retention does not rotate at every line. */
const MIN_LOG_BYTES = 4096;

/**
 * The size past which the trace log is rotated: as many lines, about, as
 * the rows the retention keeps (the default's for a retention in days or
 * none), so the log is bounded with the table it mirrors.
 */
export function traceLogCapBytes(retention: TraceRetention | false): number {
  const rows =
    retention !== false && 'rows' in retention ? retention.rows : DEFAULT_TRACE_RETENTION_ROWS;
  return Math.max(MIN_LOG_BYTES, rows * LOG_BYTES_PER_ROW);
}

const DEFAULT_TRACE_RETENTION_ROWS =
  'rows' in DEFAULT_TRACE_RETENTION ? DEFAULT_TRACE_RETENTION.rows : 10_000;

/**
 * Appends, creating the folder only when it is missing: a mkdir before every
 * append cost 40% of a search. Once the file is past `capBytes` it becomes
 * `<path>.1` (replacing the one before), so the log and its one older
 * file hold at most about twice the cap. A path that cannot be written (a
 * folder, a file's child, no permission) is `trace_log_unwritable`.
 */
async function appendLine(path: string, line: string, capBytes: number): Promise<void> {
  try {
    let size: number;
    try {
      size = await appendAndMeasure(path, line);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      makeFolderSync(dirname(path));
      size = await appendAndMeasure(path, line);
    }
    // two processes may both see the file past the cap: the second rename finds nothing
    if (size > capBytes)
      await rename(path, `${path}.1`).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
  } catch (error) {
    const errno = (error as NodeJS.ErrnoException).code;
    throw new CairnError(
      'trace_log_unwritable',
      `Cannot write the trace log ${path} (${errno ?? (error as Error).message}); the rag_traces row is written: name another log file, or none`,
      { cause: error, details: { source: path, ...(errno === undefined ? {} : { errno }) } },
    );
  }
}

/** The line appended, and the file's size after it (fstat on the open handle costs no path lookup). */
async function appendAndMeasure(path: string, line: string): Promise<number> {
  const handle = await open(path, 'a');
  try {
    await handle.appendFile(line, 'utf8');
    return (await handle.stat()).size;
  } finally {
    await handle.close();
  }
}
