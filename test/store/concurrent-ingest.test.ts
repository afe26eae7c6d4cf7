import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openStore } from '../../src/store/open-store.js';
import { dropSchema, PG_URL, pgQuery, postgresSkipReason, uniqueSchema } from './pg-support.js';
import { type Bundle, bundleEntries } from './support/bundle-entries.js';

const FILES = 200;
const PROCESSES = 4;

const skip = await postgresSkipReason();

let bundle: Bundle;
let dir: string;

beforeAll(async () => {
  bundle = await bundleEntries({
    cli: 'test/store/support/cli-entry.ts',
    'ingest-worker': 'src/ingest/ingest-worker.ts',
  });
  dir = mkdtempSync(join(tmpdir(), 'cairn-concurrent-'));
  mkdirSync(join(dir, 'docs'));
  for (let i = 0; i < FILES; i++) {
    const body =
      `Document ${i} opens with a sentence.\n\nIt goes on about topic ${i % 17} for a while. `.repeat(
        3,
      );
    const name = i % 4 === 0 ? `d${i}.md` : `d${i}.txt`;
    writeFileSync(
      join(dir, 'docs', name),
      i % 4 === 0 ? `# Title ${i}\n\n${body}\n\n## More\n\n${body}\n` : body,
    );
  }
});

afterAll(() => {
  bundle?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface ChildResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function ingestChild(db: string): Promise<ChildResult> {
  return new Promise((resolve) => {
    // One worker thread each: the CLI path with worker_threads, as after `npm run build`.
    const child = spawn(
      process.execPath,
      [
        bundle.file('cli'),
        'ingest',
        'docs',
        '--db',
        db,
        '--json',
        '--workers',
        '1',
        '--no-progress',
      ],
      {
        cwd: dir,
        env: { ...process.env, CAIRN_DB: '' },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (data) => (stdout += data));
    child.stderr.on('data', (data) => (stderr += data));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function ingestConcurrently(db: string, verify: () => Promise<void>): Promise<void> {
  const results = await Promise.all(Array.from({ length: PROCESSES }, () => ingestChild(db)));
  let created = 0;
  for (const result of results) {
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const summary = JSON.parse(result.stdout);
    expect(summary).toMatchObject({ files: FILES, failed: 0, threads: 1 });
    expect(summary.created + summary.unchanged).toBe(FILES);
    created += summary.created;
  }
  expect(created).toBe(FILES);
  await verify();
}

async function verifyOneVersionEach(db: string, schema?: string): Promise<void> {
  const store = await openStore({ db, ...(schema === undefined ? {} : { schema }) });
  try {
    const counts = await store.counts();
    expect(counts.documents).toBe(FILES);
    expect(counts.versions).toBe(FILES);
    expect(counts.chunk_sets).toBe(FILES);
    expect(await store.check()).toEqual([]);
  } finally {
    await store.close();
  }
}

describe(`${PROCESSES} processes ingest the same ${FILES} files at once`, () => {
  test('into one SQLite file: one version per document, no process reports an error', async () => {
    const db = join(dir, 'cairn.db');
    await ingestConcurrently(db, () => verifyOneVersionEach(db));
  });

  test.skipIf(skip !== null)(
    'into one PostgreSQL schema: one version per document, no error',
    async () => {
      const schema = uniqueSchema('cairn_conc');
      const db = `${PG_URL}${PG_URL.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
      try {
        // An empty schema: the four processes race to migrate it, too.
        await pgQuery(`CREATE SCHEMA ${schema}`);
        await ingestConcurrently(db, () => verifyOneVersionEach(PG_URL, schema));
      } finally {
        await dropSchema(schema);
      }
    },
  );
});
