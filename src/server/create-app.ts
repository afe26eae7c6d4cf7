import { resolve } from 'node:path';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { Embedder } from '../embed/types.js';
import { CairnError } from '../errors.js';
import { processSource, type SourceResult, type SourceTask } from '../ingest/process-source.js';
import { createWorkerPool, type WorkerPool } from '../ingest/worker-pool.js';
import type { TraceRetention } from '../store/trace-store.js';
import type { ChunkStore } from '../store/types.js';
import { DEFAULT_TRACE_RETENTION } from '../trace/trace-retention.js';
import type { AnswerCheckPool } from './answer-check-pool.js';
import { errorResponse } from './error-response.js';
import { createManifestRecorder } from './manifest-recorder.js';
import { buildOpenApi } from './openapi.js';
import { DEFAULT_PAGING, type PagingLimits } from './read-paging.js';
import { auditRoutes } from './routes/audit.js';
import { chunkRoutes } from './routes/chunks.js';
import { documentRoutes } from './routes/documents.js';
import { ingestRoutes } from './routes/ingest.js';
import { searchRoutes } from './routes/search.js';
import { traceRoutes } from './routes/traces.js';
import { validateRoutes } from './routes/validate.js';
import type { SearchPool } from './search-pool.js';
import type { ServerDeps } from './server-deps.js';
import { mountViewer } from './viewer-assets.js';

const SERVER_VERSION = '0.1.0';
export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;

/** A search's wait for another process's SQLite write lock before it answers untraced. */
const DEFAULT_TRACE_WAIT_MS = 250;

export interface CreateAppOptions {
  store: ChunkStore;
  /** Bearer token for writes (default: none, so no writes). */
  token?: string;
  /** Server-side ingest reads only inside this folder (default: `cwd`). */
  root?: string;
  /** What source_url is relative to (default `process.cwd()`). */
  cwd?: string;
  max_body_bytes?: number;
  /**
   * Worker threads that parse and chunk a server-side path ingest, so the
   * server's thread stays free to answer; when over 0, uploads are parsed on
   * one more (default 0: on the server's thread, which needs no compiled
   * worker entry beside the module).
   */
  ingest_workers?: number;
  paging?: PagingLimits;
  /**
   * How long a search waits for a write lock another process holds on a
   * SQLite store to write its trace (default 250 ms); past it the search is
   * answered with `traced: false`. The wait holds that answer only: it is
   * spent between attempts that do not wait, off the server's thread.
   */
  trace_wait_ms?: number;
  /**
   * Write a trace (a `rag_traces` row, and a log line beside a SQLite file)
   * for each search and answer check (default false): every request,
   * unauthenticated ones included, would otherwise grow the store.
   */
  traces?: boolean;
  /** With `traces`: the rows kept once a trace is written (default: the newest 10,000). */
  trace_retention?: TraceRetention;
  /** Origins allowed cross-origin requests; none by default. */
  cors_origins?: readonly string[];
  /**
   * Host header values accepted, lower case, port included or not. Default:
   * loopback names only, which keeps a page on another site from reaching a
   * server on 127.0.0.1 through a DNS name it rebinds. Empty: any host.
   */
  allowed_hosts?: readonly string[];
  /** Embeds queries for search `mode` vector and hybrid: the embedder the store's vectors were made with. */
  embedder?: Embedder;
  /**
   * Search workers (`createSearchPool`): each search reads on a worker's own
   * read-only connection, off the server's thread, and only its trace and
   * index manifest are written through `store`. Default: none, searches run
   * on the server's thread. The caller closes it.
   */
  search_pool?: SearchPool;
  /**
   * Answer-check workers (`createAnswerCheckPool`): `POST /api/audit` and
   * `POST /api/validate/answer` check on a worker's own read-only
   * connection, off the server's thread. Default: none, on the server's
   * thread. The caller closes it.
   */
  answer_checks?: AnswerCheckPool;
  /** Serve the web viewer at `/` (default true). */
  viewer?: boolean;
  log?: (line: string) => void;
}

export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The methods the app's routes answer for a path (HEAD wherever GET is:
 * Hono answers it with the GET handler), for a 405's `Allow`. Read from the
 * registered routes, so it cannot drift from them.
 */
function allowedMethods(app: Hono): (path: string) => string[] {
  const routes = app.routes
    .filter((route) => route.method !== 'ALL')
    .map((route) => ({
      method: route.method,
      pattern: new RegExp(
        `^${route.path
          .split('/')
          .map((part) =>
            part.startsWith(':')
              ? '[^/]+'
              : part === '*'
                ? '.*'
                : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
          )
          .join('/')}$`,
      ),
    }));
  return (path) => {
    const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const methods = new Set(
      routes.filter((route) => route.pattern.test(trimmed)).map((route) => route.method),
    );
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  };
}

/** Whether a run of %XX escapes in `url` decodes to no UTF-8 text (a lone `%` is taken as written). */
function hasNonUtf8Escape(url: string): boolean {
  for (const run of url.match(/(?:%[0-9A-Fa-f]{2})+/g) ?? []) {
    try {
      decodeURIComponent(run);
    } catch {
      return true;
    }
  }
  return false;
}

/**
 * The HTTP API and web viewer over one open store. Every failure answers
 * JSON `{ error: { code, message } }` with the status its code maps to;
 * nothing else about the server leaks. Tests call `app.request()`; `cairn
 * serve` hands `app.fetch` to a Node server.
 */
export function createApp(options: CreateAppOptions): Hono {
  const cwd = options.cwd ?? process.cwd();
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const deps: ServerDeps = {
    store: options.store,
    token: options.token,
    root: resolve(cwd, options.root ?? '.'),
    cwd,
    max_body_bytes: options.max_body_bytes ?? DEFAULT_MAX_BODY_BYTES,
    ingest_workers: options.ingest_workers ?? 0,
    process_upload: uploadProcessor(options.ingest_workers ?? 0),
    paging: options.paging ?? DEFAULT_PAGING,
    trace_wait_ms: options.trace_wait_ms ?? DEFAULT_TRACE_WAIT_MS,
    traces: options.traces === true,
    trace_retention: options.trace_retention ?? DEFAULT_TRACE_RETENTION,
    ...(options.embedder === undefined ? {} : { embedder: options.embedder }),
    log,
    ...(options.search_pool === undefined ? {} : { search_pool: options.search_pool }),
    ...(options.answer_checks === undefined ? {} : { answer_checks: options.answer_checks }),
    manifests: createManifestRecorder(options.store, {
      wait_ms: options.trace_wait_ms ?? DEFAULT_TRACE_WAIT_MS,
      log,
    }),
  };
  // strict: false answers /api/search/ as /api/search
  const app = new Hono({ strict: false });
  app.onError((error, c) => errorResponse(c, error, deps.log));
  let allowed: ((path: string) => string[]) | null = null;
  app.notFound((c) => {
    const path = new URL(c.req.url).pathname;
    allowed ??= allowedMethods(app);
    const methods = allowed(path);
    if (methods.length > 0 && !methods.includes(c.req.method)) {
      c.header('Allow', methods.join(', '));
      return errorResponse(
        c,
        new CairnError(
          'method_not_allowed',
          `${c.req.method.slice(0, 20)} is not allowed on ${path.slice(0, 200)}: use ${methods.join(', ')}`,
          { details: { allow: methods } },
        ),
        deps.log,
      );
    }
    return errorResponse(
      c,
      new CairnError('route_not_found', `No route ${c.req.method} ${path.slice(0, 200)}`),
      deps.log,
    );
  });
  // first, so every answer carries them, a refused Host included
  app.use('*', async (c, next) => {
    await next();
    // On the finished response in place: c.header() now would rebuild it around a body stream, and
    // @hono/node-server would then stream every JSON answer instead of writing the string at once.
    c.res.headers.set('x-content-type-options', 'nosniff');
    c.res.headers.set('referrer-policy', 'no-referrer');
  });
  const hosts = new Set((options.allowed_hosts ?? LOOPBACK_HOSTS).map((h) => h.toLowerCase()));
  if (hosts.size > 0) {
    app.use('*', async (c, next) => {
      const host = (c.req.header('host') ?? new URL(c.req.url).host).toLowerCase();
      const name = host.replace(/:\d+$/, '');
      if (!hosts.has(host) && !hosts.has(name)) {
        throw new CairnError(
          'host_not_allowed',
          `Host ${JSON.stringify(host.slice(0, 100))} is not served here`,
        );
      }
      await next();
    });
  }
  const corsOrigins = new Set(options.cors_origins ?? []);
  // Without CORS a page of another site cannot read an answer, but its simple GET or POST still
  // runs: a search or validation would write a trace row. Browsers say where a request came from.
  app.use('/api/*', async (c, next) => {
    const crossSite = c.req.header('sec-fetch-site') === 'cross-site';
    const navigated = c.req.method === 'GET' && c.req.header('sec-fetch-mode') === 'navigate';
    if (crossSite && !navigated && !corsOrigins.has(c.req.header('origin') ?? '')) {
      throw new CairnError(
        'cross_site_refused',
        'A request from a page of another site is refused: start cairn serve with --cors <origin> to allow that site',
      );
    }
    await next();
  });
  // Hono keeps a %-escape run it cannot decode as the raw text: q=%FF%FE would search "FF FE"
  app.use('*', async (c, next) => {
    if (hasNonUtf8Escape(c.req.url)) {
      throw new CairnError(
        'invalid_utf8',
        'The URL holds %-escapes that are not UTF-8: percent-encode the UTF-8 bytes of the text',
      );
    }
    await next();
  });
  // One NUL policy on both backends: no stored text holds a NUL (a source with one is
  // binary_input, a JSON escape of one is stored as U+FFFD), so a path or parameter that names
  // one (a document, a qid, a chunker) can name nothing stored. PostgreSQL text cannot even be
  // asked about a NUL; SQLite would answer not found. Both refuse it here, alike. The search
  // text `q` is split into words, a NUL between them like a space: it never names a stored value.
  app.use('*', async (c, next) => {
    const url = new URL(c.req.url);
    const named =
      /%00/i.test(url.pathname) ||
      [...url.searchParams].some(
        ([key, value]) => key.includes('\0') || (key !== 'q' && value.includes('\0')),
      );
    if (named) {
      throw new CairnError(
        'invalid_option',
        'The URL names a NUL character (%00): no stored document, chunk, trace or option has one',
      );
    }
    await next();
  });
  if (options.cors_origins !== undefined && options.cors_origins.length > 0) {
    const allowCors = cors({
      origin: [...options.cors_origins],
      // the methods the API has, not Hono's default list (PUT, DELETE, PATCH, ...)
      allowMethods: ['GET', 'HEAD', 'POST'],
      allowHeaders: ['authorization', 'content-type'],
    });
    app.use('/api/*', allowCors);
    app.use('/openapi.json', allowCors);
  }
  const openapi = buildOpenApi(SERVER_VERSION);
  app.get('/openapi.json', (c) => c.json(openapi));
  app.get('/health', (c) =>
    c.json({ status: 'ok', version: SERVER_VERSION, store: deps.store.dialect }),
  );
  app.route('/api/documents', documentRoutes(deps));
  app.route('/api/chunks', chunkRoutes(deps));
  app.route('/api/search', searchRoutes(deps));
  app.route('/api/validate', validateRoutes(deps));
  app.route('/api/audit', auditRoutes(deps));
  app.route('/api/traces', traceRoutes(deps));
  app.route('/api/ingest', ingestRoutes(deps));
  if (options.viewer !== false) mountViewer(app);
  return app;
}

/**
 * Where uploads are parsed and chunked: with ingest workers, on one worker
 * thread started at the first upload and kept (a 10 MB Markdown upload
 * would hold the server's thread for seconds, and every other request with it);
 * without, on the server's thread.
 */
function uploadProcessor(workers: number): (task: SourceTask) => Promise<SourceResult> {
  if (workers === 0) return processSource;
  let pool: WorkerPool | null = null;
  return (task) => {
    pool ??= createWorkerPool({ size: 1, unref: true });
    return pool.run(task);
  };
}
