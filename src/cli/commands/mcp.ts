import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { resolveEmbedder } from '../../embed/resolve-embedder.js';
import type { Embedder } from '../../embed/types.js';
import { CairnError } from '../../errors.js';
import { packageRoot } from '../../package-root.js';
import { openStore } from '../../store/open-store.js';
import type { ChunkStore } from '../../store/types.js';
import { integerFlag } from '../integer-flag.js';
import { openExistingStore } from '../open-existing-store.js';
import { reportError } from '../report-error.js';

interface McpFlags {
  db?: string;
  schema?: string;
  transport: string;
  port: string;
  allowWrites?: boolean;
  root?: string;
  embedder?: string;
  traces?: boolean;
  ingestWorkers?: string;
  allowOrigin?: string[];
}

export function registerMcp(program: Command): void {
  program
    .command('mcp')
    .description(
      'Serve the store to MCP clients (Claude, Cursor, VS Code, agents): search, read, list, check an answer',
    )
    .option(
      '--db <path|url>',
      'SQLite file or postgres:// URL (default: $CAIRN_DB, else .cairn/cairn.db)',
    )
    .option(
      '--schema <name>',
      "PostgreSQL schema (default: $CAIRN_PG_SCHEMA, else the server's search_path)",
    )
    .option(
      '--transport <stdio|http>',
      'stdio for a client that starts the server; http for shared use on 127.0.0.1',
      'stdio',
    )
    .option('--port <n>', 'http: the port on 127.0.0.1 (0 picks a free one)', '7412')
    .option(
      '--allow-writes',
      'offer the ingest and remove tools; over http each call also needs Authorization: Bearer $CAIRN_TOKEN',
    )
    .option('--root <dir>', 'ingest reads only inside this folder (default: the current folder)')
    .option(
      '--embedder <spec>',
      'embeds queries for search modes vector and hybrid: the embedder of cairn embed (hash, openai:<model>@<base_url> or transformers:<folder>)',
    )
    .option('--traces', 'write a rag_traces row (and a log line) for each search')
    .option(
      '--ingest-workers <n>',
      'threads that parse and chunk for the ingest tool; 0: on the server thread (default: cores - 1, at least 1)',
    )
    .option('--allow-origin <origin...>', 'http: web page origins allowed besides loopback pages')
    .addHelpText(
      'after',
      `
Over stdio the client starts the server and talks on stdin and stdout;
nothing else is written to stdout. Over http the endpoint is
http://127.0.0.1:<port>/mcp (Streamable HTTP, stateless): reads are open to
local callers, writes need --allow-writes, CAIRN_TOKEN set at start and the
same token as a bearer token on each request. Requests whose Host is not a
loopback name, or that come from a web page of another origin, are refused.

Examples:
  cairn mcp --db .cairn/cairn.db
  claude mcp add cairn -- npx cairn mcp --db /path/to/cairn.db
  CAIRN_TOKEN=$(openssl rand -hex 16) cairn mcp --transport http --port 7412 --allow-writes`,
    )
    .action(async (flags: McpFlags) => {
      let store: ChunkStore | null = null;
      try {
        if (flags.transport !== 'stdio' && flags.transport !== 'http') {
          throw new CairnError(
            'invalid_option',
            `--transport must be stdio or http, got "${flags.transport}"`,
          );
        }
        const port = integerFlag('--port', flags.port, {
          min: 0,
          max: 65535,
          expected: '0 to 65535',
        });
        const ingestWorkers =
          flags.ingestWorkers === undefined
            ? Math.max(1, availableParallelism() - 1)
            : integerFlag('--ingest-workers', flags.ingestWorkers, {
                min: 0,
                max: 64,
                expected: '0 to 64',
              });
        const token = process.env.CAIRN_TOKEN;
        if (flags.transport === 'http' && flags.allowWrites && !token) {
          throw new CairnError(
            'invalid_option',
            '--allow-writes over http needs CAIRN_TOKEN: set it, and send it as Authorization: Bearer <token> with each call that writes',
          );
        }
        const target = {
          ...(flags.db === undefined ? {} : { db: flags.db }),
          ...(flags.schema === undefined ? {} : { schema: flags.schema }),
        };
        // a server that may write may start from no store; one that reads serves what exists, so a
        // mistyped --db is store_unavailable rather than a new empty store
        store = flags.allowWrites
          ? await openStore(target)
          : await openExistingStore(flags.db, flags.schema);
        const embedder: Embedder | undefined =
          flags.embedder === undefined ? undefined : await resolveEmbedder(flags.embedder);
        const options = {
          store,
          ...(embedder === undefined ? {} : { embedder }),
          traces: flags.traces === true,
          root: resolve(flags.root ?? '.'),
          ingest_workers: ingestWorkers,
          allow_writes: flags.allowWrites === true,
          version: packageVersion(),
        };
        // each transport's module alone: a desktop client waits for the stdio server to start
        if (flags.transport === 'stdio') {
          const { runMcpStdio } = await import('../../mcp/run-mcp-stdio.js');
          await runMcpStdio(options);
          await store.close().catch(() => {});
          process.exit(0);
        }
        const { startMcpHttp } = await import('../../mcp/start-mcp-http.js');
        const server = await startMcpHttp({
          ...options,
          port,
          ...(token ? { token } : {}),
          ...(flags.allowOrigin === undefined ? {} : { allowed_origins: flags.allowOrigin }),
        });
        const open = store;
        process.stderr.write(
          `cairn mcp: ${server.url} over ${open.location} (${flags.allowWrites ? 'writes need the bearer token' : 'read-only: start with --allow-writes and CAIRN_TOKEN to offer writes'})\n`,
        );
        const stop = async () => {
          await server.close();
          await open.close().catch(() => {});
          process.exit(0);
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      } catch (error) {
        await store?.close().catch(() => {});
        process.exitCode = reportError(error);
      }
    });
}

function packageVersion(): string {
  return (
    JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }
  ).version;
}
