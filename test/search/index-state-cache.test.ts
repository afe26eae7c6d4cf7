import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { search } from '../../src/search/search.js';
import { openStore } from '../../src/store/open-store.js';
import { corpusPath } from '../corpora.js';

const dir = mkdtempSync(join(tmpdir(), 'cairn-index-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('SQLite: an unchanged index is not re-read, and any write, here or in another connection, shows at once', async () => {
  for (const name of ['ch04-01-what-is-ownership.md', 'ch16-01-threads.md', 'ch08-01-vectors.md'])
    copyFileSync(corpusPath('rustbook', name), join(dir, name));
  const db = join(dir, 'cairn.db');
  const a = await openStore({ db });
  const b = await openStore({ db });
  try {
    const first = await ingestSources(a, ['ch04-01-what-is-ownership.md'], {
      workers: 0,
      cwd: dir,
    });
    const chunker = first.chunker_id;
    const s1 = await search(a, 'ownership', { trace_log: false });
    const state = await a.getLexicalIndexState(chunker);
    // searches write trace rows; they do not change the index, so the state is the one already read
    await search(a, 'ownership', { trace_log: false });
    expect(await a.getLexicalIndexState(chunker)).toBe(state);

    // another connection's ingest
    await ingestSources(b, ['ch16-01-threads.md'], { workers: 0, cwd: dir });
    const s2 = await search(a, 'threads spawn', { trace_log: false });
    expect(s2.index_hash).not.toBe(s1.index_hash);
    expect(s2.hits[0]!.source_url).toBe('ch16-01-threads.md');
    expect(s2.index_hash).toBe((await search(b, 'threads spawn', { trace_log: false })).index_hash);

    // this connection's own ingest
    await ingestSources(a, ['ch08-01-vectors.md'], { workers: 0, cwd: dir });
    const s3 = await search(a, 'vectors push', { trace_log: false });
    expect(s3.index_hash).not.toBe(s2.index_hash);
    expect(s3.hits[0]!.source_url).toBe('ch08-01-vectors.md');
    const after = await a.getLexicalIndexState(chunker);
    expect(after).not.toBe(state);
    expect(after.sets).toHaveLength(3);
  } finally {
    await a.close();
    await b.close();
  }
});
