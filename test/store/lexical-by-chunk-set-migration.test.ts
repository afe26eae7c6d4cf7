import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, test } from 'vitest';
import { TokenChunker } from '../../src/chunk/token-chunker.js';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { search } from '../../src/search/search.js';
import { openStore } from '../../src/store/open-store.js';
import { corpusPath } from '../corpora.js';

const dir = mkdtempSync(join(tmpdir(), 'cairn-fts-by-set-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CHAPTERS = ['ch04-01-what-is-ownership.md', 'ch16-01-threads.md'];

/** The index as migration 2 made it: the text alone, with no chunk set in it. */
const TEXT_ONLY_INDEX = `
DROP TABLE chunks_fts;
CREATE VIRTUAL TABLE chunks_fts USING fts5 (text, content = 'chunks', content_rowid = 'id',
  tokenize = 'porter unicode61 remove_diacritics 2');
INSERT INTO chunks_fts (chunks_fts) VALUES ('rebuild');
DELETE FROM schema_migrations WHERE version = 9;
`;

test('a store whose index holds text alone migrates to one that names each chunk set, with the same hits', async () => {
  const db = join(dir, 'cairn.db');
  const store = await openStore({ db });
  const cwd = corpusPath('rustbook');
  await ingestSources(store, CHAPTERS, { workers: 0, cwd });
  await ingestSources(store, CHAPTERS, { workers: 0, cwd, chunker: new TokenChunker() });
  const query = { trace: false } as const;
  const before = await search(store, 'threads ownership', query);
  await store.close();

  const raw = new Database(db);
  raw.exec(TEXT_ONLY_INDEX);
  raw.close();

  const migrated = await openStore({ db });
  try {
    const after = await search(migrated, 'threads ownership', query);
    expect(after.hits.map((h) => h.snippet_id)).toEqual(before.hits.map((h) => h.snippet_id));
    const token = await search(migrated, 'threads ownership', { ...query, chunker: 'token' });
    expect(token.hits.length).toBeGreaterThan(0);
    expect(token.hits.every((h) => h.chunker_id === token.chunker_id)).toBe(true);
    expect(await migrated.check()).toEqual([]);
    const check = new Database(db, { readonly: true });
    const columns = check.prepare("SELECT name FROM pragma_table_info('chunks_fts')").all();
    check.close();
    expect(columns).toEqual([{ name: 'text' }, { name: 'heading' }, { name: 'chunker_id' }]);
  } finally {
    await migrated.close();
  }
});
