import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { defaultChunkerRegistry } from '../../src/chunk/chunker-registry.js';
import { embedChunkSets } from '../../src/embed/embed-chunk-sets.js';
import { embeddedText, textHash } from '../../src/embed/embedded-text.js';
import { createOpenAIEmbedder } from '../../src/embed/openai-embedder.js';
import { parseFile } from '../../src/parse/parse-document.js';
import { ensure } from '../../src/pipeline/ensure.js';
import { openStore } from '../../src/store/open-store.js';
import { corpusPath } from '../corpora.js';
import { type StandIn, startStandInEmbeddingsServer } from './stand-in-embeddings-server.js';

let server: StandIn;
let dir: string;

beforeAll(async () => {
  server = await startStandInEmbeddingsServer(32);
  dir = mkdtempSync(join(tmpdir(), 'cairn-embed-incremental-'));
});

afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('over real revisions and HTTP: an edit sends only the chunks whose embedded text is new; a re-run sends nothing', async () => {
  const history = corpusPath('rustbook-history', 'ch06-02-match');
  const revisions = readdirSync(history).sort().slice(0, 4);
  const chunker = defaultChunkerRegistry().get('default');
  const store = await openStore({ db: join(dir, 'cairn.db') });
  try {
    const embedder = await createOpenAIEmbedder({
      model: 'stand-in-model',
      base_url: server.base_url,
      dimensions: 32,
    });
    const seen = new Set<string>();
    for (const [i, name] of revisions.entries()) {
      await ensure(store, await parseFile(join(history, name), { doc_uid: 'match' }), chunker);
      const document = (await store.getDocument('match'))!;
      const chunks = await store.listChunks(document.current_version_id, chunker.chunker_id);
      const hashes = chunks.map((c) => textHash(embeddedText(c, 'heading_path')));
      const fresh = new Set(hashes.filter((h) => !seen.has(h)));
      for (const h of hashes) seen.add(h);
      const [texts, requests] = [server.texts, server.requests];
      const report = await embedChunkSets(store, embedder);
      expect(report.chunks_done).toBe(chunks.length);
      expect(server.texts - texts).toBe(fresh.size);
      if (i > 0) expect(fresh.size).toBeLessThan(chunks.length);
      // again: no request at all
      const again = await embedChunkSets(store, embedder);
      expect([again.sets_total, server.texts - texts - fresh.size]).toEqual([0, 0]);
      expect(server.requests - requests).toBe(Math.ceil(fresh.size / 64));
    }
  } finally {
    await store.close();
  }
});
