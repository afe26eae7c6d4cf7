import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ingestSources } from '../../../src/ingest/ingest-sources.js';
import { openStore } from '../../../src/store/open-store.js';
import type { ChunkStore } from '../../../src/store/types.js';
import { corpusPath } from '../../corpora.js';

/** Chapters with code, tables and lists; the guessing game has an astral character (👍) mid-text. */
export const CHAPTERS = [
  'ch02-00-guessing-game-tutorial.md',
  'ch04-01-what-is-ownership.md',
  'ch16-01-threads.md',
  'ch16-03-shared-state.md',
];

export function readChapter(name: string): string {
  return readFileSync(corpusPath('rustbook', name), 'utf8');
}

export interface RustbookStore {
  dir: string;
  db: string;
  store: ChunkStore;
  dispose(): Promise<void>;
}

/**
 * A SQLite store file in a temp dir with `CHAPTERS` ingested as `cairn
 * ingest` does from the rustbook folder: each chapter's source_url is its
 * file name, so a framework Document whose `source` is the file name gets
 * the same doc_uid and chunk IDs.
 */
export async function openRustbookStore(prefix: string): Promise<RustbookStore> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const db = join(dir, 'cairn.db');
  const store = await openStore({ db });
  const summary = await ingestSources(store, CHAPTERS, {
    workers: 0,
    cwd: corpusPath('rustbook'),
  });
  if (summary.failed !== 0) throw new Error(`ingest failed: ${JSON.stringify(summary.files)}`);
  return {
    dir,
    db,
    store,
    dispose: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
