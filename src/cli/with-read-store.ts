import { openStore } from '../store/open-store.js';
import type { ChunkStore } from '../store/types.js';
import { reportError } from './report-error.js';

/** Opens the store read-only, runs the command, reports errors with the CLI's exit codes. */
export async function withReadStore(
  flags: { db?: string; json?: boolean },
  fn: (store: ChunkStore) => Promise<number>,
): Promise<void> {
  let store: ChunkStore | null = null;
  try {
    store = await openStore({
      readonly: true,
      ...(flags.db === undefined ? {} : { db: flags.db }),
    });
    process.exitCode = await fn(store);
  } catch (error) {
    process.exitCode = reportError(error, { json: flags.json === true });
  } finally {
    await store?.close().catch(() => {});
  }
}
