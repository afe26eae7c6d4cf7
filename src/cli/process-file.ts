import type { SourceResult, SourceTask } from '../ingest/process-source.js';
import { createWorkerPool } from '../ingest/worker-pool.js';
import { readSourceFile } from '../load/read-source-file.js';
import { DEFAULT_MAX_BYTES } from '../parse/parse-input.js';

/**
 * Parses, and chunks when the task names a chunker, one file on a worker
 * thread. A parser can need a hundred times a file's size in heap (micromark
 * on one long code block or quote); on the main thread, running out of heap
 * aborts the process with V8's own message and no error code. On a worker it
 * is `worker_out_of_memory`, which the command reports like any other error.
 */
export async function processFile(
  path: string,
  task: Omit<SourceTask, 'bytes' | 'source_url'>,
  options: { timeout_ms?: number } = {},
): Promise<SourceResult> {
  const bytes = await readSourceFile(path, {
    max_bytes: task.parse_options?.max_bytes ?? DEFAULT_MAX_BYTES,
  });
  const pool = createWorkerPool({
    size: 1,
    ...(options.timeout_ms === undefined ? {} : { task_timeout_ms: options.timeout_ms }),
  });
  try {
    return await pool.run({ ...task, bytes, source_url: path });
  } finally {
    await pool.close();
  }
}
