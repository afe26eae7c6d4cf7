import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, resolveStoreTarget } from './open-store.js';
import type { ChunkStore } from './types.js';

/** A store made for one run, on the same database kind as another, and its removal. */
export interface TemporaryStore {
  store: ChunkStore;
  /** Closes the store and removes it: the SQLite file's folder, or the PostgreSQL schema. */
  dispose(): Promise<void>;
}

/**
 * An empty store of the same kind as `db` (a SQLite path or a `postgres://`
 * URL, as `openStore` reads it): a fresh SQLite file in a temporary folder,
 * or a fresh schema on the same PostgreSQL server, so that rankings compare
 * engine with engine.
 */
export async function openTemporaryStore(
  db: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Promise<TemporaryStore> {
  const target = resolveStoreTarget(db, env);
  if (target.kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-tmp-'));
    try {
      const store = await openStore({ db: join(dir, 'temporary.db'), env: {} });
      return {
        store,
        async dispose() {
          await store.close().catch(() => {});
          rmSync(dir, { recursive: true, force: true });
        },
      };
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
  }
  const schema = `cairn_tmp_${process.pid}_${randomBytes(4).toString('hex')}`;
  const { dropSchema } = await import('./postgres/driver.js');
  try {
    const store = await openStore({ db: target.url, schema, env: {} });
    return {
      store,
      async dispose() {
        await store.close().catch(() => {});
        await dropSchema(target.url, schema);
      },
    };
  } catch (error) {
    await dropSchema(target.url, schema).catch(() => {});
    throw error;
  }
}
