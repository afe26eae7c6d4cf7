import { CairnError } from '../errors.js';
import { type OpenStoreOptions, openStore } from '../store/open-store.js';
import type { ChunkStore } from '../store/types.js';

/**
 * A store that commands read and would like to write to (the traces of
 * search, serve and validate answer): never created here, and opened
 * read-only, with a warning, when it cannot be written (a SQLite replica or
 * file without write permission; a PostgreSQL hot standby or role that may
 * only read), so that it can still be searched.
 */
export async function openExistingStore(
  db: string | undefined,
  schema?: string,
  extra: Pick<OpenStoreOptions, 'max_connections'> = {},
): Promise<ChunkStore> {
  const target = {
    ...(db === undefined ? {} : { db }),
    ...(schema === undefined ? {} : { schema }),
    ...extra,
  };
  let store: ChunkStore;
  try {
    store = await openStore({ ...target, create: false });
  } catch (error) {
    if (!(error instanceof CairnError && error.code === 'store_readonly')) throw error;
    return openReadOnlyStore(target);
  }
  // PostgreSQL opens for writing whatever the role may do: ask before the first write fails
  if (!(await store.refusesWrites().catch(() => false))) return store;
  await store.close().catch(() => {});
  return openReadOnlyStore(target);
}

/** The store opened read-only, with the warning. */
async function openReadOnlyStore(target: OpenStoreOptions): Promise<ChunkStore> {
  const store = await openStore({ ...target, readonly: true });
  process.stderr.write(
    `cairn: warning: ${store.location} is read-only: no trace row or log line is written\n`,
  );
  return store;
}
