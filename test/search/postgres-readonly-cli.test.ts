import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { corpusPath } from '../corpora.js';
import {
  dropSchema,
  PG_URL,
  pgQuery,
  postgresSkipReason,
  uniqueSchema,
} from '../store/pg-support.js';
import { type Bundle, bundleEntries } from '../store/support/bundle-entries.js';
import { runCli } from '../store/support/run-cli.js';

const skip = await postgresSkipReason();

describe.skipIf(skip !== null)(
  'cairn search and serve on a PostgreSQL store that refuses writes',
  () => {
    let bundle: Bundle;
    let dir: string;
    const schema = uniqueSchema('cairn_ro');
    // a role that may read the store but whose transactions are read-only, as on a hot standby
    const role = uniqueSchema('cairn_ro_role');
    const roleUrl = (() => {
      const url = new URL(PG_URL);
      url.username = role;
      url.password = '';
      return url.toString();
    })();

    beforeAll(async () => {
      bundle = await bundleEntries({ cli: 'test/store/support/cli-entry.ts' });
      dir = mkdtempSync(join(tmpdir(), 'cairn-pg-ro-'));
      copyFileSync(
        corpusPath('rustbook', 'ch04-01-what-is-ownership.md'),
        join(dir, 'ownership.md'),
      );
      const ingest = runCli(bundle.file('cli'), dir, ['ingest', 'ownership.md', '--workers', '0'], {
        CAIRN_DB: PG_URL,
        CAIRN_PG_SCHEMA: schema,
      });
      expect(ingest.code, ingest.stderr).toBe(0);
      await pgQuery(`CREATE ROLE ${role} LOGIN`);
      await pgQuery(`GRANT USAGE ON SCHEMA ${schema} TO ${role}`);
      await pgQuery(`GRANT SELECT ON ALL TABLES IN SCHEMA ${schema} TO ${role}`);
      await pgQuery(`ALTER ROLE ${role} SET default_transaction_read_only = on`);
    });

    afterAll(async () => {
      bundle?.dispose();
      if (dir) rmSync(dir, { recursive: true, force: true });
      await dropSchema(schema);
      await pgQuery(`DROP OWNED BY ${role}`).catch(() => {});
      await pgQuery(`DROP ROLE IF EXISTS ${role}`);
    });

    test('searches without a trace and warns, as on a read-only SQLite file', async () => {
      const run = runCli(bundle.file('cli'), dir, ['search', 'ownership', '--json', '-k', '2'], {
        CAIRN_DB: roleUrl,
        CAIRN_PG_SCHEMA: schema,
      });
      expect(run.code, run.stderr).toBe(0);
      const result = JSON.parse(run.stdout);
      expect(result.hits).toHaveLength(2);
      expect(result.traced).toBe(false);
      expect(result.trace_log).toBeNull();
      expect(run.stderr).toContain('is read-only: no trace row or log line is written');
      expect(await pgQuery(`SELECT qid FROM ${schema}.rag_traces`)).toHaveLength(0);
    });

    test('serve answers searches, untraced, where each one was a 503 store_readonly', async () => {
      const child = spawn(process.execPath, [bundle.file('cli'), 'serve', '--port', '0'], {
        cwd: dir,
        env: { ...process.env, CAIRN_DB: roleUrl, CAIRN_PG_SCHEMA: schema, CAIRN_TOKEN: '' },
      });
      try {
        let stderr = '';
        const url = await new Promise<string>((done, fail) => {
          child.stderr.on('data', (data: Buffer) => {
            stderr += data.toString();
            const match = /cairn serve: (http:\/\/\S+?)\/ over/.exec(stderr);
            if (match) done(match[1]!);
          });
          child.once('exit', (code) => fail(new Error(`cairn serve exited ${code}: ${stderr}`)));
        });
        expect(stderr).toContain('is read-only: no trace row or log line is written');
        const response = await fetch(`${url}/api/search?q=ownership&k=2`);
        expect(response.status).toBe(200);
        const result = (await response.json()) as { hits: unknown[]; traced: boolean };
        expect(result.hits).toHaveLength(2);
        expect(result.traced).toBe(false);
        expect(await pgQuery(`SELECT qid FROM ${schema}.rag_traces`)).toHaveLength(0);
      } finally {
        child.kill('SIGKILL');
      }
    });
  },
);
