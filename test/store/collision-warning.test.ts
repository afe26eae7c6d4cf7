import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseChunkId } from '../../src/ids/parse-chunk-id.js';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { createApp } from '../../src/server/create-app.js';
import { openStore } from '../../src/store/open-store.js';
import { type Bundle, bundleEntries } from './support/bundle-entries.js';
import { runCli } from './support/run-cli.js';
import { COLLIDING_TEXTS } from './test-documents.js';

/**
 * Seed 000: "If a collision is detected for doc_uid|r, extend rev8 to rev12.
 * Log a warning and continue." The two texts' revisions share their first 8
 * hex digits, so the second version of one file is such a collision: its
 * warning reaches the ingest summary, the CLI's text and JSON output, and the
 * server's log and answer.
 */
const [A, B] = COLLIDING_TEXTS;
let dir: string;
let bundle: Bundle;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cairn-collide-'));
  bundle = await bundleEntries({
    cli: 'test/store/support/cli-entry.ts',
    'ingest-worker': 'src/ingest/ingest-worker.ts',
  });
});

afterAll(() => {
  bundle?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a rev collision is reported, and the run goes on', () => {
  test('ingestSources: the summary and the file carry the warning; the IDs use 12 hex digits', async () => {
    const work = mkdtempSync(join(dir, 'lib-'));
    const store = await openStore({ db: join(work, 'cairn.db') });
    try {
      writeFileSync(join(work, 'collide.txt'), A);
      const first = await ingestSources(store, ['collide.txt'], { cwd: work, workers: 0 });
      expect(first.warnings).toEqual([]);
      expect(first.documents[0]).not.toHaveProperty('warnings');
      writeFileSync(join(work, 'collide.txt'), B);
      const second = await ingestSources(store, ['collide.txt'], { cwd: work, workers: 0 });
      expect(second.documents[0]!.status).toBe('updated');
      expect(second.documents[0]!.warnings).toHaveLength(1);
      expect(second.warnings).toEqual([`collide.txt: ${second.documents[0]!.warnings![0]}`]);
      expect(second.warnings[0]).toMatch(/share r=[0-9a-f]{8}; using 12 hex digits/);
      expect(parseChunkId(second.documents[0]!.first_chunk_id!).rev).toHaveLength(12);
    } finally {
      await store.close();
    }
  });

  test('cairn ingest: the text summary prints the warning, --json carries it, exit 0', () => {
    const work = mkdtempSync(join(dir, 'cli-'));
    writeFileSync(join(work, 'collide.txt'), A);
    expect(runCli(bundle.file('cli'), work, ['ingest', 'collide.txt']).code).toBe(0);
    writeFileSync(join(work, 'collide.txt'), B);
    const json = runCli(bundle.file('cli'), work, ['ingest', 'collide.txt', '--json']);
    expect(json.code).toBe(0);
    const summary = JSON.parse(json.stdout);
    expect(summary.warnings).toHaveLength(1);
    expect(summary.warnings[0]).toContain('collide.txt: doc_uid');
    expect(summary.documents[0].warnings).toHaveLength(1);

    const other = mkdtempSync(join(dir, 'cli-text-'));
    writeFileSync(join(other, 'collide.txt'), A);
    runCli(bundle.file('cli'), other, ['ingest', 'collide.txt']);
    writeFileSync(join(other, 'collide.txt'), B);
    const text = runCli(bundle.file('cli'), other, ['ingest', 'collide.txt']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^ {2}warning: collide\.txt: doc_uid \S+: revisions /m);
  });

  test('cairn serve: an upload that collides answers with the warning and logs it', async () => {
    const work = mkdtempSync(join(dir, 'serve-'));
    const store = await openStore({ db: join(work, 'cairn.db') });
    const log: string[] = [];
    try {
      const app = createApp({ store, cwd: work, token: 's3cret', log: (line) => log.push(line) });
      const upload = (body: string) =>
        app.request('/api/ingest?name=collide.txt', {
          method: 'POST',
          headers: { authorization: 'Bearer s3cret', 'content-type': 'text/plain' },
          body,
        });
      const first = await upload(A);
      expect(first.status).toBe(201);
      expect(((await first.json()) as { warnings: string[] }).warnings).toEqual([]);
      const second = await upload(B);
      expect(second.status).toBe(200);
      const answer = (await second.json()) as { warnings: string[]; first_chunk_id: string };
      expect(answer.warnings).toHaveLength(1);
      expect(parseChunkId(answer.first_chunk_id).rev).toHaveLength(12);
      expect(log).toEqual([`cairn serve: warning: upload/collide.txt: ${answer.warnings[0]}`]);
    } finally {
      await store.close();
    }
  });
});
