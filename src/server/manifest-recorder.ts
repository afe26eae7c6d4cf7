import { recordIndexManifest } from '../search/ensure-index-manifest.js';
import type { ChunkStore, IndexManifestRow } from '../store/types.js';

/** Writes the index manifests search workers saw missing, behind the answers. */
export interface ManifestRecorder {
  record(row: IndexManifestRow): void;
  /** Resolves once every write asked for so far has settled. */
  settled(): Promise<void>;
}

/**
 * A search worker reads on a read-only connection, so the manifest row of
 * a new index state is written here, on the server's writable store, and
 * the answer does not wait for it: while an ingest in another process
 * holds SQLite's write lock, every search of each new state would wait
 * `wait_ms` for it. A row is written once however many searches report
 * it; one the lock kept out (`store_busy` past the wait) is written when a
 * later search reports it again. Other failures go to the log.
 */
export function createManifestRecorder(
  store: ChunkStore,
  options: { wait_ms: number; log: (line: string) => void },
): ManifestRecorder {
  const writing = new Map<string, Promise<void>>();
  return {
    record(row) {
      if (store.read_only || writing.has(row.index_hash)) return;
      const write = recordIndexManifest(store, row, { wait_ms: options.wait_ms })
        .then(
          () => {},
          (error: unknown) =>
            options.log(
              `cairn serve: warning: the index manifest ${row.index_hash} was not written: ${error instanceof Error ? error.message : String(error)}`,
            ),
        )
        .finally(() => writing.delete(row.index_hash));
      writing.set(row.index_hash, write);
    },
    async settled() {
      await Promise.all(writing.values());
    },
  };
}
