import { appendFile } from 'node:fs/promises';
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
    );
  }
}

/**
 * Appends, creating the folder only when it is missing: a mkdir before every
 * append cost 40% of a search. A path that cannot be written (a folder, a
 * file's child, no permission) is `trace_log_unwritable`.
 */
async function appendLine(path: string, line: string): Promise<void> {
  try {
    try {
      await appendFile(path, line, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      makeFolderSync(dirname(path));
      await appendFile(path, line, 'utf8');
    }
  } catch (error) {
    const errno = (error as NodeJS.ErrnoException).code;
    throw new CairnError(
      'trace_log_unwritable',
      `Cannot write the trace log ${path} (${errno ?? (error as Error).message}); the rag_traces row is written: name another log file, or none`,
      { cause: error, details: { source: path, ...(errno === undefined ? {} : { errno }) } },
    );
  }
}
