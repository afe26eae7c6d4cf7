import { type Context, Hono } from 'hono';
import { CairnError } from '../../errors.js';
import { search, traceSearch } from '../../search/search.js';
import { SEARCH_STRING_OPTIONS } from '../../search/search-option-keys.js';
import type { SearchOptions, SearchQuery, SearchResult } from '../../search/types.js';
import { readJsonObject } from '../read-body.js';
import { searchResponseBody } from '../search-response-body.js';
import type { ServerDeps } from '../server-deps.js';

/** Longer queries are refused: a question, even a long one, fits. */
const MAX_QUERY_CHARS = 4096;
const MAX_HTTP_K = 100;
/** As Hono's `c.json` sets it. */
const JSON_TYPE = { 'Content-Type': 'application/json' };

interface SearchRequest {
  query: SearchQuery;
  options: SearchOptions;
}

/**
 * `GET /api/search?q=...&k=&doc=&section=&chunker=&analyzer=&index_hash=&rerank=&mode=`
 * and `POST /api/search` with the same fields as JSON (`query` for `q`).
 * Several phrasings of one need (`q` repeated, or `"queries": [...]`) are
 * fused into one ranking, each hit naming the queries that found it:
 * hits with their full citation payloads, ranked, and `matches`: per hit,
 * where its text holds a searched word (for excerpts); with the server's
 * `traces` setting, each query writes its trace as `cairn search` does. Query text is only ever split into plain
 * words, so no operator or SQL reaches the store.
 */
export function searchRoutes(deps: ServerDeps): Hono {
  const app = new Hono();
  const run = async (c: Context, request: SearchRequest) => {
    const options: SearchOptions = {
      ...request.options,
      trace_wait_ms: deps.trace_wait_ms,
      trace_retention: deps.trace_retention,
      ...(deps.embedder === undefined ? {} : { embedder: deps.embedder }),
      // Hono answers HEAD with the GET route: a HEAD asks for headers, and leaves no trace
      ...(c.req.method === 'HEAD' || !deps.traces ? { trace: false } : {}),
    };
    const pool = deps.search_pool;
    let result: SearchResult;
    if (pool !== undefined && (deps.embedder === undefined || pool.embeds)) {
      // read on a worker's own connection; only the writes come back to the server's store
      if (options.trace === false) {
        // nothing to write but a missing manifest: the worker answers with the body itself
        const { body, manifest } = await pool.searchBody(request.query, request.options);
        if (manifest !== null) deps.manifests.record(manifest);
        return c.body(body, 200, JSON_TYPE);
      }
      const reads = await pool.search(request.query, request.options);
      if (reads.manifest !== null) deps.manifests.record(reads.manifest);
      result = await traceSearch(deps.store, reads, options);
    } else {
      result = await search(deps.store, request.query, options);
    }
    // the caller is told its search went untraced; the operator reads why in the log
    if (result.trace_warning)
      deps.log(
        `cairn serve: warning: a search's trace was not written: ${result.trace_warning.code}: ${result.trace_warning.message}`,
      );
    return c.body(searchResponseBody(result), 200, JSON_TYPE);
  };
  app.get('/', (c) => {
    const q = c.req.query();
    const all = c.req.queries('q') ?? [];
    return run(
      c,
      readSearchRequest({ ...q, ...(all.length > 1 ? { queries: all } : { query: q.q }) }),
    );
  });
  app.post('/', async (c) => {
    const body = await readJsonObject(c, deps.max_body_bytes, '{ "query": "...", "k": 10 }');
    return run(c, readSearchRequest(body));
  });
  return app;
}

function readSearchRequest(raw: Record<string, unknown>): SearchRequest {
  const query = readQuery(raw);
  const options: SearchOptions = {};
  if (raw.k !== undefined && raw.k !== '') {
    // a number, or its text (GET); Number() would read true as 1, [3] as 3 and null as 0
    const k =
      typeof raw.k === 'number' || typeof raw.k === 'string' ? Math.trunc(Number(raw.k)) : NaN;
    if (Number.isNaN(k))
      throw new CairnError(
        'invalid_option',
        `k must be a number, got ${JSON.stringify(raw.k).slice(0, 40)}`,
      );
    options.k = Math.min(MAX_HTTP_K, Math.max(1, k));
  }
  // `search` checks each value itself (rerank's names included)
  for (const key of SEARCH_STRING_OPTIONS) {
    const value = stringField(raw, key);
    if (value !== undefined) Object.assign(options, { [key]: value });
  }
  return { query, options };
}

/** A string option, or undefined when absent or empty. */
function stringField(raw: Record<string, unknown>, key: string): string | undefined {
  const value = raw[key];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new CairnError('invalid_option', `${key} must be a string`);
  return value;
}

/** The request's query, or its several (`queries`, which `search` checks one by one). */
function readQuery(raw: Record<string, unknown>): SearchQuery {
  const { query, queries } = raw;
  if (queries !== undefined && queries !== null) {
    if (query !== undefined && query !== null)
      throw new CairnError('invalid_option', 'Give query or queries, not both');
    if (!Array.isArray(queries))
      throw new CairnError('invalid_option', 'queries must be an array of strings');
    for (const text of queries) if (typeof text === 'string') checkLength(text);
    return { queries: queries as string[] };
  }
  if (query !== undefined && query !== null && typeof query !== 'string') {
    throw new CairnError('invalid_option', 'query must be a string');
  }
  if (typeof query !== 'string' || query.trim() === '') {
    throw new CairnError(
      'empty_query',
      'Give the query as q= (GET) or "query" (POST); several as q= repeated or "queries"',
    );
  }
  checkLength(query);
  return query;
}

function checkLength(query: string): void {
  if (query.length > MAX_QUERY_CHARS) {
    throw new CairnError(
      'invalid_option',
      `The query is ${query.length} characters; at most ${MAX_QUERY_CHARS}`,
      {
        details: { max_chars: MAX_QUERY_CHARS },
      },
    );
  }
}
