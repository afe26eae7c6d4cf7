import { dirname, join } from 'node:path';
import type { ChunkStore } from '../store/types.js';

/**
 * Where trace lines go: the caller's file, none when the caller says
 * `false`, else `traces.log` beside the store's database file. A store with
 * no file on this machine (in memory, a PostgreSQL server) has no natural
 * place for one, so it gets none: its `rag_traces` rows are the trace.
 */
export function traceLogPath(
  store: Pick<ChunkStore, 'capabilities'>,
  option: string | false | undefined,
): string | null {
  if (option === false) return null;
  if (option !== undefined) return option;
  const file = store.capabilities.file_path;
  return file === null ? null : join(dirname(file), 'traces.log');
}
