import { CairnError } from '../errors.js';
import { openStore } from '../store/open-store.js';
import type { ChunkStore } from '../store/types.js';

/**
 * A store that commands read and would like to write to (the traces of
 * search and of validate answer):
 * never created here, and opened read-only, with a warning, when the file
 * cannot be written (a replica, a file without write permission), so that
 * it can still be searched.
 */
export async function openExistingStore(
  db: string | undefined,
  schema?: string,
): Promise<ChunkStore> {
  const target = {
    ...(db === undefined ? {} : { db }),
    ...(schema === undefined ? {} : { schema }),
  };
  try {
    return await openStore({ ...target, create: false });
  } catch (error) {
    if (!(error instanceof CairnError && error.code === 'store_readonly')) throw error;
    return openReadOnlyStore(db, schema);
  }
}

/**
 * The store opened read-only, with the warning. For a PostgreSQL server or
 * role that refuses writes (a hot standby, `default_transaction_read_only`,
 * a role with SELECT only), whose open writes nothing and succeeds, a
 * command calls this when its first write fails with `store_readonly`.
 */
export async function openReadOnlyStore(
  db: string | undefined,
  schema?: string,
): Promise<ChunkStore> {
  const store = await openStore({
    ...(db === undefined ? {} : { db }),
    ...(schema === undefined ? {} : { schema }),
    readonly: true,
  });
  process.stderr.write(
    `cairn: warning: ${store.location} is read-only: no trace row or log line is written\n`,
  );
  return store;
}
