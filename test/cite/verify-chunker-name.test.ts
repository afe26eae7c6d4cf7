import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defaultChunkerRegistry } from '../../src/chunk/chunker-registry.js';
import { verifyCitations } from '../../src/cite/verify-citations.js';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { search } from '../../src/search/search.js';
import type { SearchHit } from '../../src/search/types.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkStore } from '../../src/store/types.js';
import { tempDir } from '../support/temp-dir.js';

// `--chunker` of validate citations|answer (and ?chunker= of the HTTP API) is
// documented as a chunker, as cairn show takes it: a name or alias works as the id does.
describe('checking citations against the chunks of a chunker named by name or alias', () => {
  let store: ChunkStore;
  let hits: SearchHit[];

  beforeAll(async () => {
    const dir = tempDir('cairn-verify-chunker-');
    writeFileSync(join(dir, 'herons.md'), '# Herons\n\nHerons wade through the marsh at dawn.\n');
    store = await openStore({ db: join(dir, 'cairn.db') });
    expect((await ingestSources(store, ['herons.md'], { workers: 0, cwd: dir })).failed).toBe(0);
    hits = (await search(store, 'herons marsh', { k: 1, trace_log: false })).hits;
    expect(hits).toHaveLength(1);
  });

  afterAll(async () => {
    await store?.close();
  });

  const id = () => defaultChunkerRegistry().id_of('default');
  for (const chunker of ['default', 'structure', 'id']) {
    test(`--chunker ${chunker}`, async () => {
      const result = await verifyCitations(store, hits, {
        chunker: chunker === 'id' ? id() : chunker,
      });
      expect(result.citations.map((c) => [c.status, c.reason])).toEqual([['verified', null]]);
    });
  }
});
