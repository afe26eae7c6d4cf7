import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { corpusPath } from '../corpora.js';
import { dropSchema, PG_URL, pgQuery, postgresSkipReason, uniqueSchema } from './pg-support.js';
import { type Bundle, bundleEntries } from './support/bundle-entries.js';
import { runCli } from './support/run-cli.js';

const skip = await postgresSkipReason();

describe.skipIf(skip !== null)('the CLI on PostgreSQL', () => {
  let bundle: Bundle;
  let dir: string;
  const schema = uniqueSchema('cairn_cli');

  beforeAll(async () => {
    bundle = await bundleEntries({ cli: 'test/store/support/cli-entry.ts' });
    dir = mkdtempSync(join(tmpdir(), 'cairn-pg-cli-'));
    copyFileSync(corpusPath('rustbook', 'ch04-01-what-is-ownership.md'), join(dir, 'ownership.md'));
  });
  afterAll(async () => {
    bundle?.dispose();
    if (dir) rmSync(dir, { recursive: true, force: true });
    await dropSchema(schema);
  });

  test('CAIRN_PG_SCHEMA puts ingest in its own schema, named where the store is named, and search reads it back from there', async () => {
    const env = { CAIRN_DB: PG_URL, CAIRN_PG_SCHEMA: schema };
    const ingest = runCli(
      bundle.file('cli'),
      dir,
      ['ingest', 'ownership.md', '--workers', '0'],
      env,
    );
    expect(ingest.code, ingest.stderr).toBe(0);
    expect(ingest.stdout).toContain(`into ${PG_URL} (schema ${schema})`);
    // a schema with no store in it is named in the error, since the URL alone has a store elsewhere
    const other = uniqueSchema('cairn_cli_none');
    const missing = runCli(bundle.file('cli'), dir, ['show', 'ownership.md'], {
      ...env,
      CAIRN_PG_SCHEMA: other,
    });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(
      `No cairn store at ${PG_URL} (schema ${other}): run cairn ingest first`,
    );
    const [row] = await pgQuery<{ n: string }>(`SELECT count(*) AS n FROM ${schema}.chunks`);
    expect(Number(row!.n)).toBeGreaterThan(5);
    const search = runCli(
      bundle.file('cli'),
      dir,
      ['search', 'ownership', '--json', '-k', '1'],
      env,
    );
    expect(search.code, search.stderr).toBe(0);
    expect(JSON.parse(search.stdout).hits[0].source_url).toBe('ownership.md');
    const bad = runCli(bundle.file('cli'), dir, ['search', 'ownership'], {
      ...env,
      CAIRN_PG_SCHEMA: 'no; drop',
    });
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/invalid_option|schema/);
  });
});
