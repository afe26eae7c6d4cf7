import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerHeapLimitFromEnv } from '../../src/ingest/worker-pool.js';
import { corpusPath } from '../corpora.js';
import { type Bundle, bundleEntries } from '../store/support/bundle-entries.js';
import { runCli } from '../store/support/run-cli.js';

/**
 * `cairn parse` and `cairn chunk` parse on a worker thread: a file that
 * outgrows the heap fails with `worker_out_of_memory` and exit 1 instead of
 * V8 aborting the process. 400,000 short paragraphs (7 MB) outgrow the
 * 64 MB heap these runs allow.
 */
let bundle: Bundle;
let dir: string;
const HEAP = { CAIRN_WORKER_HEAP_MB: '64' };

beforeAll(async () => {
  bundle = await bundleEntries({
    cli: 'test/store/support/cli-entry.ts',
    'ingest-worker': 'src/ingest/ingest-worker.ts',
  });
  dir = mkdtempSync(join(tmpdir(), 'cairn-parse-thread-'));
  const paragraphs = Array.from({ length: 400_000 }, (_, i) => `paragraph ${i}\n\n`).join('');
  writeFileSync(join(dir, 'paragraphs.md'), `# Paragraphs\n\n${paragraphs}`);
});

afterAll(() => {
  bundle?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const cairn = (args: string[], env: Record<string, string> = {}) =>
  runCli(bundle.file('cli'), dir, args, env);

describe('cairn parse and chunk on a worker thread', () => {
  it('report a file that outgrows the heap as worker_out_of_memory, exit 1', () => {
    const parse = cairn(['parse', 'paragraphs.md'], HEAP);
    expect(parse.stderr).toContain('worker_out_of_memory');
    expect(parse.stderr).toContain('about 64 MB');
    expect(parse.code).toBe(1);
    const chunk = cairn(['chunk', 'paragraphs.md', '--json'], HEAP);
    expect(chunk.code).toBe(1);
    expect(JSON.parse(chunk.stderr).error).toMatchObject({
      code: 'worker_out_of_memory',
      details: { source: 'paragraphs.md', heap_limit_mb: 64 },
    });
  });

  it('give the same model and chunks as in-process parsing, context included', () => {
    const file = corpusPath('rustbook', 'ch04-01-what-is-ownership.md');
    const parse = cairn(['parse', file, '--json', '--doc-uid', 'own'], HEAP);
    expect(parse.code).toBe(0);
    const doc = JSON.parse(parse.stdout);
    expect(doc.doc_uid).toBe('own');
    expect(doc.sections.length).toBeGreaterThan(3);
    const chunk = cairn(
      ['chunk', file, '--json', '--chunker', 'token', '--max-tokens', '100'],
      HEAP,
    );
    expect(chunk.code).toBe(0);
    const { chunker_id, chunks } = JSON.parse(chunk.stdout);
    expect(chunker_id).toMatch(/^token@/);
    for (const c of chunks) {
      expect(c.token_count).toBeLessThanOrEqual(100);
      expect(doc.canonical.slice(c.span.start, c.span.end)).toBe(c.text);
    }
    expect(chunks.some((c: { context?: string }) => typeof c.context === 'string')).toBe(true);
  });

  it('refuse a CAIRN_WORKER_HEAP_MB that is not a size, exit 2', () => {
    const run = cairn(['parse', 'paragraphs.md'], { CAIRN_WORKER_HEAP_MB: '1e3x' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('invalid_option: CAIRN_WORKER_HEAP_MB');
    expect(workerHeapLimitFromEnv({})).toBeUndefined();
    expect(workerHeapLimitFromEnv({ CAIRN_WORKER_HEAP_MB: '512' })).toBe(512);
    expect(() => workerHeapLimitFromEnv({ CAIRN_WORKER_HEAP_MB: '8' })).toThrow(/16 or more/);
  });
});
