import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { type AnswerCheckPool, createAnswerCheckPool } from '../../src/server/answer-check-pool.js';
import { createApp } from '../../src/server/create-app.js';
import { type RunningServer, startServer } from '../../src/server/start-server.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkRow, ChunkStore } from '../../src/store/types.js';
import { type Bundle, bundleEntries } from '../store/support/bundle-entries.js';

/**
 * `POST /api/audit` on a worker thread: while an audit whose quotes are in
 * no chunk scans a long document, the server's own thread answers `/health`.
 */
let bundle: Bundle;
let dir: string;
let store: ChunkStore;
let pool: AnswerCheckPool;
let chunks: ChunkRow[];
let sourceUrl: string;
let rev: string;

beforeAll(async () => {
  bundle = await bundleEntries({ 'answer-check-worker': 'src/server/answer-check-worker.ts' });
  dir = mkdtempSync(join(tmpdir(), 'cairn-answer-checks-'));
  // a long document: a quote in none of its chunks is looked for in each of them
  const sections = Array.from(
    { length: 400 },
    (_, i) =>
      `## Section ${i}\n\n${Array.from({ length: 4 }, (_, p) => `Paragraph ${p} of section ${i}: herons wade the marsh ${i * 7 + p} times while lanterns drift over the reeds and the tide turns.`).join('\n\n')}`,
  );
  writeFileSync(join(dir, 'long.md'), `# Long\n\n${sections.join('\n\n')}\n`);
  store = await openStore({ db: join(dir, 'cairn.db') });
  expect((await ingestSources(store, ['long.md'], { workers: 0, cwd: dir })).failed).toBe(0);
  const document = (await store.getDocument('long.md'))!;
  sourceUrl = document.source_url;
  rev = (await store.getVersion(document.current_version_id))!.rev;
  chunks = await store.listChunks(document.current_version_id, (await store.listChunkerIds())[0]!);
  const made = await createAnswerCheckPool({
    db: join(dir, 'cairn.db'),
    worker_url: pathToFileURL(bundle.file('answer-check-worker')),
  });
  expect(made).not.toBeNull();
  pool = made!;
}, 120_000);

afterAll(async () => {
  await pool?.close();
  await store?.close();
  bundle?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A cairn answer of `n` citations of the first chunk, each quoting words no chunk holds. */
function heavyAnswer(n: number): string {
  const c = chunks[0]!;
  return JSON.stringify({
    answer: 'The marsh, as the document tells it.',
    citations: Array.from({ length: n }, (_, i) => ({
      snippet_id: c.chunk_id,
      section_id: c.section_id,
      source_url: sourceUrl,
      offsets: { start: c.char_start, end: c.char_end, unit: 'char' },
      tokens: c.tokens,
      rev,
      quote: `kingfishers ${i} never wade the marsh while lanterns ${i} drift`.repeat(12),
    })),
  });
}

async function serve(checks: AnswerCheckPool): Promise<RunningServer> {
  return startServer(createApp({ store, cwd: dir, log: () => {}, answer_checks: checks }), {
    host: '127.0.0.1',
    port: 0,
  });
}

describe('audits on a worker thread', () => {
  test('/health answers while a heavy audit runs; the audit answers as on the server thread', async () => {
    const server = await serve(pool);
    try {
      const order: string[] = [];
      const audit = fetch(`${server.url}/api/audit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ answer: heavyAnswer(150) }),
      }).then(async (r) => {
        order.push('audit');
        return { status: r.status, body: (await r.json()) as { citations: { code: string }[] } };
      });
      // the audit is under way on the worker before /health is asked
      await new Promise((r) => setTimeout(r, 50));
      const health = await fetch(`${server.url}/health`);
      order.push('health');
      expect(health.status).toBe(200);
      const audited = await audit;
      expect(order).toEqual(['health', 'audit']);
      expect(audited.status).toBe(422);
      expect(audited.body.citations).toHaveLength(150);
      expect(
        audited.body.citations.every((c: { code: string }) => c.code === 'quote_not_found'),
      ).toBe(true);
    } finally {
      await server.close();
    }
  });

  test('validate/answer checks on the worker too, and an answer past the audit bounds is 413', async () => {
    const server = await serve(pool);
    try {
      const validated = await fetch(`${server.url}/api/validate/answer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: heavyAnswer(2),
      });
      expect([200, 422]).toContain(validated.status);
      const body = (await validated.json()) as { citations: unknown[] };
      expect(body.citations).toHaveLength(2);
      // an answer too deep for a structured clone is refused; the worker takes the next one
      const deep = await fetch(`${server.url}/api/validate/answer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
      });
      expect(deep.status).toBeLessThan(500);
      const again = await fetch(`${server.url}/api/validate/answer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: heavyAnswer(1),
      });
      expect(((await again.json()) as { citations: unknown[] }).citations).toHaveLength(1);
      const tooMany = await fetch(`${server.url}/api/audit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ answer: heavyAnswer(1_001) }),
      });
      expect(tooMany.status).toBe(413);
      expect(((await tooMany.json()) as { error: { code: string } }).error.code).toBe(
        'input_too_large',
      );
    } finally {
      await server.close();
    }
  });
});
