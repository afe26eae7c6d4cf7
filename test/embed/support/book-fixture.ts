import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusPath } from '../../corpora.js';
import { type Bundle, bundleEntries } from '../../store/support/bundle-entries.js';
import { type StandIn, startStandInEmbeddingsServer } from '../stand-in-embeddings-server.js';

/** A temporary folder with Rust book chapters in `book/`, the bundled CLI, and the stand-in service. */
export interface BookFixture {
  bundle: Bundle;
  dir: string;
  server: StandIn;
  dispose(): Promise<void>;
}

/**
 * The remote embedding service cannot run here: the fixture starts a local OpenAI-compatible
 * stand-in that answers with deterministic vectors of `dimensions` and counts what it is sent.
 */
export async function bookFixture(
  prefix: string,
  chapters: string[],
  dimensions: number,
): Promise<BookFixture> {
  const bundle = await bundleEntries({
    cli: 'test/store/support/cli-entry.ts',
    'ingest-worker': 'src/ingest/ingest-worker.ts',
  });
  const dir = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(dir, 'book'));
  for (const name of chapters) copyFileSync(corpusPath('rustbook', name), join(dir, 'book', name));
  const server = await startStandInEmbeddingsServer(dimensions);
  return {
    bundle,
    dir,
    server,
    async dispose() {
      bundle.dispose();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
