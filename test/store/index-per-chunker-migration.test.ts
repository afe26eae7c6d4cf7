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
DROP TABLE IF EXISTS chunks_fts;
CREATE VIRTUAL TABLE chunks_fts USING fts5 (text, content = 'chunks', content_rowid = 'id',
  tokenize = 'porter unicode61 remove_diacritics 2');
INSERT INTO chunks_fts (chunks_fts) VALUES ('rebuild');
DELETE FROM schema_migrations WHERE version IN (9, 12);
`;

test('a store whose index holds text alone migrates to an index per chunker, with the same hits', async () => {
  const db = join(dir, 'cairn.db');
  const store = await openStore({ db });
  const cwd = corpusPath('rustbook');
  await ingestSources(store, CHAPTERS, { workers: 0, cwd });
  await ingestSources(store, CHAPTERS, { workers: 0, cwd, chunker: new TokenChunker() });
  const query = { trace: false } as const;
  const before = await search(store, 'threads ownership', query);
  await store.close();

  const raw = new Database(db);
  const sets = raw.prepare('SELECT id FROM lexical_sets').all() as { id: number }[];
  for (const { id } of sets) raw.exec(`DROP TABLE chunks_fts_${id}`);
  raw.exec('DROP TABLE lexical_sets');
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
    const indexed = check
      .prepare('SELECT chunker_id, id FROM lexical_sets ORDER BY chunker_id')
      .all() as { chunker_id: string; id: number }[];
    expect(indexed.map((set) => set.chunker_id.split('@')[0])).toEqual(['structure', 'token']);
    for (const { chunker_id, id } of indexed) {
      const columns = check.prepare(`SELECT name FROM pragma_table_info('chunks_fts_${id}')`).all();
      expect(columns).toEqual([{ name: 'text' }, { name: 'heading' }]);
      const count = (table: string, where = '') =>
        (
          check
            .prepare(`SELECT count(*) AS n FROM ${table} ${where}`)
            .get(...(where ? [chunker_id] : [])) as { n: number }
        ).n;
      expect(count(`chunks_fts_${id}_docsize`)).toBe(count('chunks', 'WHERE chunker_id = ?'));
    }
    expect(
      check.prepare("SELECT 1 FROM sqlite_master WHERE name = 'chunks_fts'").get(),
    ).toBeUndefined();
    check.close();
  } finally {
    await migrated.close();
  }
});
