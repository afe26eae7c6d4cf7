import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCliSandbox } from '../support/cli-sandbox.js';
import { dropSchema, PG_URL, pgQuery, postgresSkipReason, uniqueSchema } from './pg-support.js';
import { deepHeadings } from './support/deep-headings.js';

/**
 * Every chunk stores its section's heading path, so a long heading was
 * stored once per chunk under it: stored bytes grew with the square of the
 * heading (340 KB: a 70 MB store; 680 KB: 274 MB and 1.0 GB of RSS). Titles
 * are now bounded (MAX_TITLE_CHARS), the heading's text kept in the text, so
 * doubling the heading about doubles the store. Bytes and peak RSS are
 * measured on the child `cairn ingest`, on both backends.
 */
const skipPg = await postgresSkipReason();
const SIZES = [200_000, 400_000];
/** Sections under the five long headings of the deep file. */
const DEEP_SECTIONS = 800;
const sandbox = useCliSandbox('cairn-heading-', {
  entry: 'test/support/max-rss-cli-entry.ts',
  setup: (dir) => {
    for (const size of SIZES) {
      const words = 'heading word '.repeat(Math.ceil(size / 13)).slice(0, size);
      writeFileSync(join(dir, `h${size}.md`), `# ${words}\n\nBody text under the long heading.\n`);
    }
    writeFileSync(join(dir, 'deep.md'), deepHeadings(DEEP_SECTIONS));
  },
});

function ingest(file: string, db: string, env: Record<string, string> = {}) {
  const run = sandbox.cairnPeak(['ingest', file, '--db', db, '--json'], env);
  expect(run.code, run.stderr).toBe(0);
  return run.peak_mb;
}

function expectLinear(bytes: number[], peaks: number[]): void {
  expect(bytes[1]! / bytes[0]!).toBeLessThan(2.6);
  expect(bytes[1]!).toBeLessThan(25 * SIZES[1]!);
  for (const peak of peaks) expect(peak).toBeLessThan(400);
}

describe('a Markdown heading of 200 and 400 KB', () => {
  it('grows a SQLite store linearly, at bounded memory', () => {
    const bytes: number[] = [];
    const peaks: number[] = [];
    for (const size of SIZES) {
      const db = join(sandbox.dir, `h${size}.db`);
      peaks.push(ingest(`h${size}.md`, db));
      bytes.push(statSync(db).size + (statSync(`${db}-wal`, { throwIfNoEntry: false })?.size ?? 0));
    }
    expectLinear(bytes, peaks);
  });

  it.skipIf(skipPg !== null)('grows a PostgreSQL store linearly, at bounded memory', async () => {
    const bytes: number[] = [];
    const peaks: number[] = [];
    for (const size of SIZES) {
      const schema = uniqueSchema();
      try {
        peaks.push(ingest(`h${size}.md`, PG_URL, { CAIRN_PG_SCHEMA: schema }));
        const [row] = await pgQuery<{ bytes: string }>(
          `SELECT sum(pg_total_relation_size(format('%I.%I', schemaname, tablename)))::text AS bytes
             FROM pg_tables WHERE schemaname = $1`,
          [schema],
        );
        bytes.push(Number(row!.bytes));
      } finally {
        await dropSchema(schema);
      }
    }
    expectLinear(bytes, peaks);
  });
});

/**
 * A section's path is stored once (the sections table), not in every chunk
 * row under it: before, the deep file's 800 chunks stored 5 KB of path
 * each. Stored bytes stay within a small multiple of the input.
 */
describe('five long nested headings over 800 short sections', () => {
  const inputBytes = () => statSync(join(sandbox.dir, 'deep.md')).size;

  it('store a SQLite file of a small multiple of the input, at bounded memory', () => {
    const db = join(sandbox.dir, 'deep.db');
    const peak = ingest('deep.md', db);
    const bytes = statSync(db).size + (statSync(`${db}-wal`, { throwIfNoEntry: false })?.size ?? 0);
    console.log(
      `deep headings, SQLite: ${inputBytes()} input bytes, ${bytes} stored, peak ${peak.toFixed(0)} MB`,
    );
    expect(bytes).toBeLessThan(60 * inputBytes());
    expect(peak).toBeLessThan(400);
  });

  it.skipIf(skipPg !== null)(
    'store PostgreSQL tables of a small multiple of the input, at bounded memory',
    async () => {
      const schema = uniqueSchema();
      try {
        const peak = ingest('deep.md', PG_URL, { CAIRN_PG_SCHEMA: schema });
        const [row] = await pgQuery<{ bytes: string }>(
          `SELECT sum(pg_total_relation_size(format('%I.%I', schemaname, tablename)))::text AS bytes
           FROM pg_tables WHERE schemaname = $1`,
          [schema],
        );
        const bytes = Number(row!.bytes);
        console.log(
          `deep headings, PostgreSQL: ${inputBytes()} input bytes, ${bytes} stored, peak ${peak.toFixed(0)} MB`,
        );
        expect(bytes).toBeLessThan(60 * inputBytes());
        expect(peak).toBeLessThan(400);
      } finally {
        await dropSchema(schema);
      }
    },
  );
});
