import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'vitest';
import { corpusPath } from '../../corpora.js';
import { type Bundle, bundleEntries } from '../../store/support/bundle-entries.js';
import { runCli } from '../../store/support/run-cli.js';

/** A folder with two chapters of the Rust book ingested into `.cairn/cairn.db`, and the CLI bundled beside the ingest worker. */
export interface McpFixture {
  dir: string;
  db: string;
  cli: string;
  /** A Rust book chapter not ingested, for the ingest tool. */
  spare: string;
  dispose(): void;
}

export async function createMcpFixture(): Promise<McpFixture> {
  const bundle: Bundle = await bundleEntries({
    cli: 'test/store/support/cli-entry.ts',
    'ingest-worker': 'src/ingest/ingest-worker.ts',
  });
  const dir = mkdtempSync(join(tmpdir(), 'cairn-mcp-'));
  mkdirSync(join(dir, 'book'));
  mkdirSync(join(dir, 'more'));
  copyFileSync(
    corpusPath('rustbook', 'ch04-01-what-is-ownership.md'),
    join(dir, 'book', 'ownership.md'),
  );
  copyFileSync(corpusPath('rustbook', 'ch16-01-threads.md'), join(dir, 'book', 'threads.md'));
  copyFileSync(corpusPath('rustbook', 'ch08-01-vectors.md'), join(dir, 'more', 'vectors.md'));
  const ingested = runCli(bundle.file('cli'), dir, ['ingest', 'book', '--workers', '0']);
  expect(ingested.code, ingested.stderr).toBe(0);
  return {
    dir,
    db: join(dir, '.cairn', 'cairn.db'),
    cli: bundle.file('cli'),
    spare: 'more/vectors.md',
    dispose: () => {
      bundle.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The SDK's client over stdio to `cairn mcp <args>`, spawned in the fixture's folder. */
export async function connectStdio(fixture: McpFixture, args: string[]): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [fixture.cli, 'mcp', ...args],
    cwd: fixture.dir,
    env: { ...(process.env as Record<string, string>), CAIRN_DB: '', CAIRN_TOKEN: '' },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'cairn-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** `cairn mcp --transport http --port 0 <args>` in the background; resolves with its endpoint once it listens. */
export function startHttp(fixture: McpFixture, args: string[], env: Record<string, string> = {}) {
  const child: ChildProcess = spawn(
    process.execPath,
    [fixture.cli, 'mcp', '--transport', 'http', '--port', '0', ...args],
    { cwd: fixture.dir, env: { ...process.env, CAIRN_DB: '', CAIRN_TOKEN: '', ...env } },
  );
  let stderr = '';
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const listening = new Promise<string>((done, fail) => {
    child.stderr!.on('data', (data: Buffer) => {
      stderr += data.toString();
      const match = /cairn mcp: (http:\/\/\S+) over/.exec(stderr);
      if (match) done(match[1]!);
    });
    exited.then((code) => fail(new Error(`cairn mcp exited ${code}: ${stderr}`)));
  });
  return { child, listening, exited, stderr: () => stderr };
}

/** The SDK's client over Streamable HTTP, sending `headers` with every request. */
export async function connectHttp(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
  const client = new Client({ name: 'cairn-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport };
}

/** A tool result's text, which an error result leads with cairn's code. */
export function textOf(result: Record<string, unknown>): string {
  const content = result.content as { type: string; text?: string }[];
  return content.map((part) => part.text ?? '').join('\n');
}
