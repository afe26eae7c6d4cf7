import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkStore } from '../../src/store/types.js';
import { dropSchema, PG_URL, postgresSkipReason, uniqueSchema } from './pg-support.js';

const pgSkip = await postgresSkipReason();

/** RFC 6901: `~` as `~0`, `/` as `~1`. */
const escapeToken = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * A JSON file of one object whose one key, `keyLength` characters long,
 * holds `items` records of one string long enough to be chunked (past the
 * JSON parser's 10,000-character unit threshold).
 */
function writeLongKeyJson(
  dir: string,
  keyLength: number,
  items: number,
): { path: string; key: string } {
  // a `/` and a `~` in the key: the stored pointer must escape them as the payload does
  const key = `a/b~c ${'k'.repeat(keyLength - 6)}`;
  const value = Array.from({ length: items }, (_, i) => ({
    body: `Item ${i} says the export failed. `.repeat(400),
  }));
  const path = join(dir, 'long-key.json');
  writeFileSync(path, JSON.stringify({ [key]: value }));
  return { path, key };
}

async function currentPointers(store: ChunkStore): Promise<string[]> {
  const pointers: string[] = [];
  for (const set of await store.listChunkSets())
    for (const chunk of await store.listChunks(set.version_id, set.chunker_id))
      pointers.push(chunk.json_pointer);
  return pointers;
}

describe('JSON pointers are stored once', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-json-key-'));
  const schema = uniqueSchema('cairn_jk');
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    if (pgSkip === null) await dropSchema(schema);
  });

  test('SQLite: a 100 KB key under many string nodes keeps the store a small multiple of the input, every pointer exact', async () => {
    const items = 60;
    const { path, key } = writeLongKeyJson(dir, 100_000, items);
    const db = join(dir, 'cairn.db');
    const store = await openStore({ db });
    try {
      const summary = await ingestSources(store, [path], { workers: 0 });
      expect(summary.failed).toBe(0);
      const pointers = await currentPointers(store);
      const expected = Array.from({ length: items }, (_, i) => `/${escapeToken(key)}/${i}/body`);
      expect(new Set(pointers)).toEqual(new Set(expected));
      const { hits } = await search(store);
      expect(hits.length).toBeGreaterThan(0);
      for (const hit of hits) expect(expected).toContain(hit.json_pointer);
    } finally {
      await store.close();
    }
    const input = statSync(path).size;
    // a pointer per chunk row (and per index entry) made it hundreds of times the input
    expect(statSync(db).size).toBeLessThan(10 * input);
  }, 120_000);

  describe.skipIf(pgSkip !== null)('PostgreSQL', () => {
    test('a 3 KB key is stored without a btree row size error, its pointers exact', async () => {
      const { path, key } = writeLongKeyJson(mkdtempSync(join(dir, 'pg-')), 3_000, 5);
      const store = await openStore({ db: PG_URL, schema, env: {} });
      try {
        const summary = await ingestSources(store, [path], { workers: 0 });
        expect(summary.failed).toBe(0);
        expect(new Set(await currentPointers(store))).toEqual(
          new Set(Array.from({ length: 5 }, (_, i) => `/${escapeToken(key)}/${i}/body`)),
        );
      } finally {
        await store.close();
      }
    }, 120_000);
  });
});

async function search(store: ChunkStore) {
  const { search: run } = await import('../../src/search/search.js');
  return run(store, 'export failed', { k: 5, trace: false });
}
