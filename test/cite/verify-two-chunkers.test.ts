import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { verifyCitations } from '../../src/cite/verify-citations.js';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { search } from '../../src/search/search.js';
import type { SearchHit } from '../../src/search/types.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkStore } from '../../src/store/types.js';
import { corpusPath } from '../corpora.js';
import { tempDir } from '../support/temp-dir.js';

// A document stored with two chunkers has many chunk IDs in both, with other
// spans: a citation from the char chunker's search must be checked against
// the char chunker's chunk, not the default chunker's chunk of the same ID.
describe('citations of a document stored with two chunkers', () => {
  let store: ChunkStore;
  let hits: SearchHit[];
  let shared: SearchHit[];

  beforeAll(async () => {
    const dir = tempDir('cairn-verify-two-');
    const chapter = 'ch04-01-what-is-ownership.md';
    writeFileSync(join(dir, chapter), readChapter(chapter));
    store = await openStore({ db: join(dir, 'cairn.db') });
    for (const chunker of ['default', 'char']) {
      const result = await ingestSources(store, [chapter], { workers: 0, cwd: dir, chunker });
      expect(result.failed).toBe(0);
    }
    hits = (
      await search(store, 'ownership rules heap', { k: 20, chunker: 'char', trace_log: false })
    ).hits;
    const structureIds = new Set(
      (await search(store, 'ownership rules heap', { k: 100, trace_log: false })).hits.map(
        (h) => h.snippet_id,
      ),
    );
    // the case at issue: IDs both chunkers have
    shared = hits.filter((h) => structureIds.has(h.snippet_id));
    expect(shared.length).toBeGreaterThan(0);
  });

  afterAll(async () => {
    await store?.close();
  });

  test('each is verified against the chunker of the index it names', async () => {
    const result = await verifyCitations(store, hits, { allow_cross_section_reuse: true });
    expect(result.ok ? [] : result.issues.map((i) => i.message)).toEqual([]);
  });

  test('without an index the store knows, the chunker whose chunk has the cited span is taken', async () => {
    const external = shared.map((h) => ({ ...h, index_hash: 'faiss:elsewhere' }));
    const result = await verifyCitations(store, external, { allow_cross_section_reuse: true });
    expect(result.citations.map((c) => c.status)).toEqual(external.map(() => 'verified'));
  });
});

function readChapter(name: string): string {
  return readFileSync(corpusPath('rustbook', name), 'utf8');
}
