import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
import { resolveEmbedder } from '../../embed/resolve-embedder.js';
import { type AnswerCheckPool, createAnswerCheckPool } from '../../server/answer-check-pool.js';
import { createApp, DEFAULT_MAX_BODY_BYTES, LOOPBACK_HOSTS } from '../../server/create-app.js';
import {
  createSearchPool,
  defaultSearchWorkers,
  type SearchPool,
} from '../../server/search-pool.js';
import { startServer } from '../../server/start-server.js';
import { openStore } from '../../store/open-store.js';
import type { ChunkStore } from '../../store/types.js';
import {
  DEFAULT_TRACE_RETENTION,
  describeRetention,
  parseTraceRetention,
} from '../../trace/trace-retention.js';
import { integerFlag } from '../integer-flag.js';
import { openExistingStore } from '../open-existing-store.js';
import { reportError } from '../report-error.js';

interface ServeFlags {
  db?: string;
  schema?: string;
  host: string;
  port: string;
  root?: string;
  maxBodyBytes: string;
  ingestWorkers?: string;
  searchWorkers?: string;
  cors?: string[];
  allowHost?: string[];
  traces?: boolean;
  keepTraces?: string;
  embedder?: string;
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('Serve the HTTP API and the web viewer over a store')
    .option(
      '--db <path|url>',
      'SQLite file or postgres:// URL (default: $CAIRN_DB, else .cairn/cairn.db)',
    )
    .option(
      '--schema <name>',
      "PostgreSQL schema (default: $CAIRN_PG_SCHEMA, else the server's search_path)",
    )
    .option(
      '--host <address>',
      'address to listen on; anything but loopback exposes the store',
      '127.0.0.1',
    )
    .option('--port <n>', 'port (0 picks a free one)', '7411')
    .option(
      '--embedder <spec>',
      'embeds queries for search mode vector and hybrid: the embedder of cairn embed (hash, openai:<model>@<base_url> or transformers:<folder>)',
    )
    .option(
      '--root <dir>',
      'server-side ingest reads only inside this folder (default: the current folder)',
    )
    .option(
      '--max-body-bytes <n>',
      'request bodies at most, after decompression',
      String(DEFAULT_MAX_BODY_BYTES),
    )
    .option(
      '--ingest-workers <n>',
      'threads that parse and chunk a server-side path ingest, and one for uploads; 0: on the server thread (default: cores - 1, at least 1)',
    )
    .option(
      '--search-workers <n>',
      `threads that search, each with its own read-only connection to a SQLite file, so searches never wait on a writer or on each other's reads; with PostgreSQL, the pool holds this many connections plus 2 (at least 4); 0: searches run on the server's thread (default: cores, at least 2, here ${defaultSearchWorkers()})`,
    )
    .option('--cors <origin...>', 'allow cross-origin requests from these origins (default: none)')
    .option(
      '--allow-host <name...>',
      'Host header names to answer besides loopback ones (needed behind a proxy or with --host)',
    )
    .option('--traces', 'write a rag_traces row (and a log line) for each search and answer check')
    .option(
      '--keep-traces <n|days>',
      `with --traces: rows to keep (10000) or days (30d); default ${describeRetention(DEFAULT_TRACE_RETENTION)}`,
    )
    .addHelpText(
      'after',
      `
Open the printed address in a browser: the document list, each document's
text with its chunks highlighted, #chunk=<id> links, search, and an audit
panel that checks an LLM answer's citations against the store.

Writes (POST /api/ingest) need a bearer token: start the server with
CAIRN_TOKEN set and send "Authorization: Bearer $CAIRN_TOKEN". Without
CAIRN_TOKEN the server takes no writes. /openapi.json describes every route.
DELETE /api/documents/<doc> (token required) does what cairn rm does.

Searches and answer checks leave no trace unless --traces: every request,
unauthenticated ones included, would add a rag_traces row. With it, the
oldest rows past --keep-traces are deleted as new ones are written.

Examples:
  cairn serve
  CAIRN_TOKEN=$(openssl rand -hex 16) cairn serve --port 8080 --root ../shared/corpora
  curl 'http://127.0.0.1:7411/api/search?q=ownership&k=3'
  cairn serve --traces --keep-traces 7d`,
    )
    .action(async (flags: ServeFlags) => {
      let store: ChunkStore | null = null;
      let pool: SearchPool | null = null;
      let checks: AnswerCheckPool | null = null;
      try {
        const port = integerFlag('--port', flags.port, {
          min: 0,
          max: 65535,
          expected: '0 to 65535',
        });
        const maxBody = integerFlag('--max-body-bytes', flags.maxBodyBytes, {
          max: Number.MAX_SAFE_INTEGER,
          expected: 'a positive whole number',
        });
        const workers =
          flags.ingestWorkers === undefined
            ? Math.max(1, availableParallelism() - 1)
            : integerFlag('--ingest-workers', flags.ingestWorkers, {
                min: 0,
                max: 64,
                expected: '0 to 64',
              });
        const searchWorkers =
          flags.searchWorkers === undefined
            ? defaultSearchWorkers()
            : integerFlag('--search-workers', flags.searchWorkers, {
                min: 0,
                max: 64,
                expected: '0 to 64',
              });
        // PostgreSQL's own pool is the read pool: its queries await the server, off this thread
        const connections = { max_connections: Math.max(4, searchWorkers + 2) };
        const retention =
          flags.keepTraces === undefined ? undefined : parseTraceRetention(flags.keepTraces);
        const token = process.env.CAIRN_TOKEN;
        // a server that takes writes may start from no store; one that cannot serves what exists,
        // as search does: a mistyped --db is store_unavailable, not a new empty store, and a
        // file it cannot write (a replica) is served read-only, untraced
        store = token
          ? await openStore({
              ...(flags.db === undefined ? {} : { db: flags.db }),
              ...(flags.schema === undefined ? {} : { schema: flags.schema }),
              ...connections,
            })
          : await openExistingStore(flags.db, flags.schema, connections);
        const embedder =
          flags.embedder === undefined ? undefined : await resolveEmbedder(flags.embedder);
        const file = store.capabilities.file_path;
        // better-sqlite3 reads block the thread they run on: those go to workers with their own connections
        pool =
          searchWorkers > 0 && store.capabilities.blocking_writes && file !== null
            ? await createSearchPool({
                db: file,
                size: searchWorkers,
                ...(flags.embedder === undefined ? {} : { embedder: flags.embedder }),
              })
            : null;
        // audits and answer checks locate quotes, CPU work on any backend: a worker of their own
        // the worker opens what the server opened: its SQLite file, else the URL it was given
        const where = file ?? flags.db ?? process.env.CAIRN_DB;
        checks =
          where === undefined || where === '' || where === ':memory:'
            ? null
            : await createAnswerCheckPool({
                db: where,
                ...(flags.schema === undefined ? {} : { schema: flags.schema }),
              });
        const app = createApp({
          store,
          ...(pool === null ? {} : { search_pool: pool }),
          ...(checks === null ? {} : { answer_checks: checks }),
          ...(embedder === undefined ? {} : { embedder }),
          ...(token ? { token } : {}),
          ...(flags.root === undefined ? {} : { root: flags.root }),
          max_body_bytes: maxBody,
          ingest_workers: workers,
          traces: flags.traces === true,
          ...(retention === undefined ? {} : { trace_retention: retention }),
          ...(flags.cors === undefined ? {} : { cors_origins: flags.cors }),
          allowed_hosts: [
            ...LOOPBACK_HOSTS,
            ...(flags.allowHost ?? []),
            // a Host header writes an IPv6 address in brackets: [fd00::2]:7411
            ...(isLoopback(flags.host)
              ? []
              : [flags.host.includes(':') ? `[${flags.host}]` : flags.host]),
          ],
        });
        const server = await startServer(app, { host: flags.host, port });
        const open = store;
        const searchers = pool;
        const checkers = checks;
        process.stderr.write(
          `cairn serve: ${server.url}/ over ${open.location} (${token ? 'writes need the bearer token' : 'read-only: set CAIRN_TOKEN to allow writes'}; ${searchers === null ? "searches on the server's thread" : `${searchers.threads} search workers`})\n`,
        );
        const stop = async () => {
          await server.close();
          await searchers?.close().catch(() => {});
          await checkers?.close().catch(() => {});
          await open.close().catch(() => {});
          process.exit(0);
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      } catch (error) {
        // a PostgreSQL pool left open would keep the process alive after the error
        await pool?.close().catch(() => {});
        await checks?.close().catch(() => {});
        await store?.close().catch(() => {});
        process.exitCode = reportError(error);
      }
    });
}

function isLoopback(host: string): boolean {
  return host === '127.0.0.1' || host === '::1' || host === 'localhost';
}
