import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { defaultChunkerRegistry } from '../chunk/chunker-registry.js';
import { limitChunker } from '../chunk/limit-chunker.js';
import { runChunker } from '../chunk/run-chunker.js';
import type { Chunker, ChunkingOptions, ChunkLimits } from '../chunk/types.js';
import { CairnError, type ErrorCode, isCairnError } from '../errors.js';
import { type CollectOptions, collectSources, type SourceFile } from '../load/collect-sources.js';
import { fileError } from '../load/file-error.js';
import type { ParseOptions } from '../parse/parse-input.js';
import { type EnsureStatus, ensure } from '../pipeline/ensure.js';
import type { NodeReport, NodeStatus } from '../pipeline/node-report.js';
import type { ChunkStore } from '../store/types.js';
import type { Format, ParseWarning } from '../types.js';
import { checkSeenFile, type SeenInput, settingsKeyOf } from './check-seen-file.js';
import { limitHeapGrowth } from './heap-growth.js';
import type { SourceResult, SourceTask } from './process-source.js';
import { createWorkerPool } from './worker-pool.js';

export interface IngestOptions {
  /**
   * Chunker id, name or alias of the default registry (default `default`),
   * chunking on the worker threads; or a chunker instance, which chunks on
   * the writer's thread after a worker parsed (the semantic chunker, whose
   * embedder and its cache cannot travel to a worker).
   */
  chunker?: string | Chunker;
  /** Options the chunker is configured with (`include_furniture`, sizes); its id is then the configured one. */
  chunking?: ChunkingOptions;
  /** Parse-and-chunk threads; 0 works on the calling thread (default: cores - 1, at least 1). */
  workers?: number;
  /** Override format detection for every file. */
  format?: Format;
  parse_options?: ParseOptions;
  /**
   * Seed 004's safety limits for every file (`max_content_chars`,
   * `max_chunks_per_node`); a file over one fails alone with
   * `content_too_large` or `too_many_chunks`. Default: the chunker's own.
   */
  limits?: Partial<ChunkLimits>;
  /** Where relative paths start and what `source_url` is relative to (default `process.cwd()`). */
  cwd?: string;
  /**
   * What source paths, and so derived doc_uids, are relative to instead of
   * `cwd`: the same folder ingested from any working directory makes the
   * same documents. A file outside it fails the run with `path_outside_root`.
   */
  root?: string;
  /** The doc_uid of the one source named (more than one file is `invalid_option`). */
  doc_uid?: string;
  /**
   * The `source_url` to record, `{path}` standing for the file's path (as
   * stored, relative to the root), each segment URL-encoded:
   * `https://github.com/org/repo/blob/main/{path}`. The doc_uid still
   * derives from the path. Default: an HTML page's canonical link, else the path.
   */
  source_url?: string;
  /** Symbolic links met in folders are followed only inside this folder (`CollectOptions.links_within`). */
  links_within?: string;
  /** Gitignore-syntax patterns left out of the walk (`CollectOptions.exclude`); `.cairnignore` files apply too. */
  exclude?: readonly string[];
  /**
   * The files, collected already (`collectSources`): a caller that must not
   * open the store before knowing there is something to read collects first.
   */
  files?: readonly SourceFile[];
  /** Progress and per-file outcomes as they happen. */
  on_event?: (event: IngestEvent) => void;
  /** The compiled worker entry, when it does not sit beside this module. */
  worker_url?: URL;
  /** A file that takes longer to parse and chunk fails with `parse_timeout` (worker threads only; default 5 minutes). */
  task_timeout_ms?: number;
  /**
   * Stops the run between two files: no file is started or written after
   * it fires, and the run throws `interrupted` with the summary so far.
   * A write under way finishes (each file is one transaction).
   */
  signal?: AbortSignal;
}

export type FileStatus = EnsureStatus | 'failed';

export interface IngestedFile {
  source_url: string;
  status: FileStatus;
  doc_uid: string | null;
  /** The current version's number after the run. */
  version: number | null;
  chunks: number;
  first_chunk_id: string | null;
  error?: { code: ErrorCode; message: string };
  /** Seed 000's collision warnings for this file (`EnsureResult.warnings`); absent when none. */
  warnings?: string[];
  /** JSON documents: how many string nodes were unchanged, updated and created (`EnsureResult.nodes`). */
  nodes?: Record<NodeStatus, number>;
  /**
   * Set when `format` was given but the text is the one stored under this
   * format: a version is its text, so the stored model stays until the
   * text changes.
   */
  kept_format?: Format;
  /** What the parser kept but flags (a JSON key repeated in an object), when it said anything. */
  parse_warnings?: ParseWarning[];
}

export type IngestEvent =
  | { type: 'start'; files: number; bytes: number; chunker_id: string; threads: number }
  | {
      type: 'file';
      file: IngestedFile;
      done: number;
      files: number;
      bytes_done: number;
      bytes: number;
    };

export interface IngestSummary {
  store: string;
  chunker_id: string;
  threads: number;
  files: number;
  created: number;
  updated: number;
  unchanged: number;
  chunked: number;
  failed: number;
  chunks_written: number;
  redirects_written: number;
  /** Rows the run inserted or updated, all tables. */
  rows_written: number;
  /** Bytes of all input files, and of those that were parsed. */
  bytes: number;
  bytes_parsed: number;
  seconds: number;
  mb_per_s: number;
  /** Every file's warnings, each prefixed with its source_url: seed 000 says log a warning and continue. */
  warnings: string[];
  documents: IngestedFile[];
}

/** Source bytes read ahead of the writer at most (beyond one file). */
const AHEAD_BYTES = 4 * 1024 * 1024;

/** Store failures that make every later write fail too: the run stops. */
const FATAL: ReadonlySet<ErrorCode> = new Set([
  'store_unavailable',
  'store_readonly',
  'store_full',
  'store_busy',
  'store_corrupt',
  'store_schema_mismatch',
  'store_error',
]);

interface Prepared {
  file: SourceFile;
  size: number;
  /** Settled: unchanged without parsing. */
  done?: IngestedFile;
  /** Pending: parse and chunk on a worker. */
  work?: Promise<SourceResult>;
  seen?: SeenInput;
}

/**
 * `cairn ingest`: walk the inputs, skip files already stored unchanged
 * (size and mtime, else content hash, against the seen-files table),
 * parse and chunk the rest on worker threads, and write each through one
 * writer with `ensure`. A file that fails to parse is reported and
 * skipped; a store failure (read-only, full, unreachable) stops the run and
 * is thrown with the summary so far in its details.
 */
export async function ingestSources(
  store: ChunkStore,
  inputs: readonly string[],
  options: IngestOptions = {},
): Promise<IngestSummary> {
  const started = performance.now();
  const rowsBefore = store.rows_written;
  const given = options.chunker;
  const base = typeof given === 'object' ? given : defaultChunkerRegistry().get(given ?? 'default');
  const configured = options.chunking === undefined ? base : base.configure(options.chunking);
  const chunkerId = configured.chunker_id;
  const chunkHere =
    typeof given !== 'object'
      ? null
      : options.limits === undefined
        ? configured
        : limitChunker(configured, options.limits);
  const files = options.files ?? (await collectSources(inputs, collectOptionsOf(options)));
  checkIdentityOptions(options, files);
  const sizes = await Promise.all(
    files.map((file) =>
      (file.unreadable_folder ? Promise.reject() : stat(file.path)).then(
        (s) => s.size,
        () => 0,
      ),
    ),
  );
  const bytes = sizes.reduce((a, b) => a + b, 0);
  const settingsKey = settingsKeyOf(chunkerId, options.format, options.parse_options);
  const pool = createWorkerPool({
    size: options.workers ?? Math.max(1, availableParallelism() - 1),
    // a writer that blocks this thread would leave finished workers waiting for their next file
    hold_next: store.capabilities.blocking_writes,
    ...(options.worker_url === undefined ? {} : { worker_url: options.worker_url }),
    ...(options.task_timeout_ms === undefined ? {} : { task_timeout_ms: options.task_timeout_ms }),
  });
  const summary: IngestSummary = {
    store: store.location,
    chunker_id: chunkerId,
    threads: pool.threads,
    files: files.length,
    created: 0,
    updated: 0,
    unchanged: 0,
    chunked: 0,
    failed: 0,
    chunks_written: 0,
    redirects_written: 0,
    rows_written: 0,
    bytes,
    bytes_parsed: 0,
    seconds: 0,
    mb_per_s: 0,
    warnings: [],
    documents: [],
  };
  options.on_event?.({
    type: 'start',
    files: files.length,
    bytes,
    chunker_id: chunkerId,
    threads: pool.threads,
  });

  // Files read and handed to the workers ahead of the writer keep every thread busy; a count and a
  // byte budget bound the memory: large documents go one at a time, small ones many at once.
  const window = Math.max(2, pool.threads * 4);
  const context: PrepareContext = {
    store,
    settings_key: settingsKey,
    chunker_id: chunkerId,
    chunk_here: chunkHere,
    base_chunker_id: base.chunker_id,
    // The writer's document-only work moves to the workers only when there are several: with one,
    // that worker bounds the ingest (eCFR into SQLite on 2 cores: 43.7 s with the move, 35.3 s without).
    precompute_write: pool.threads > 1,
    options,
    run: pool.run.bind(pool),
  };
  const ahead: { size: number; prepared: Promise<Prepared> }[] = [];
  let aheadBytes = 0;
  let next = 0;
  let bytesDone = 0;
  const fill = (): void => {
    while (
      next < files.length &&
      ahead.length < window &&
      (ahead.length === 0 || aheadBytes + sizes[next]! <= AHEAD_BYTES)
    ) {
      const file = files[next]!;
      const prepared = prepare(context, file);
      // Awaited in order later; a store failure meanwhile must not count as an unhandled rejection.
      prepared.catch(() => {});
      ahead.push({ size: sizes[next]!, prepared });
      aheadBytes += sizes[next]!;
      next++;
    }
  };
  const releaseHeapGrowth = limitHeapGrowth();
  try {
    fill();
    while (ahead.length > 0) {
      const head = ahead.shift()!;
      aheadBytes -= head.size;
      // a parse under way is not waited for: the pool is closed below, its work dropped
      const stop = (): CairnError => interrupted(summary);
      const prepared = await untilAborted(head.prepared, options.signal, stop);
      if (prepared.work)
        await untilAborted(Promise.allSettled([prepared.work]), options.signal, stop);
      fill();
      const outcome = await settle(store, prepared, {
        chunker_id: chunkerId,
        chunk_here: chunkHere,
        format: options.format,
        signal: options.signal,
      });
      summary.documents.push(outcome.file);
      for (const warning of outcome.file.warnings ?? [])
        summary.warnings.push(`${outcome.file.source_url}: ${warning}`);
      if (outcome.file.status === 'failed') summary.failed++;
      else summary[outcome.file.status]++;
      summary.chunks_written += outcome.chunks_written;
      summary.redirects_written += outcome.redirects_written;
      if (prepared.work) summary.bytes_parsed += prepared.size;
      bytesDone += prepared.size;
      options.on_event?.({
        type: 'file',
        file: outcome.file,
        done: summary.documents.length,
        files: files.length,
        bytes_done: bytesDone,
        bytes,
      });
    }
  } catch (error) {
    // Let the files already in flight finish or fail quietly before the pool goes (unless told to stop now).
    if (!isCairnError(error, 'interrupted'))
      await Promise.allSettled(ahead.map((a) => a.prepared.then((prepared) => prepared.work)));
    finish(summary, store, rowsBefore, started);
    if (error instanceof CairnError) {
      throw new CairnError(error.code, error.message, {
        cause: error,
        details: { ...error.details, summary },
      });
    }
    throw error;
  } finally {
    await pool.close();
    releaseHeapGrowth();
  }
  return finish(summary, store, rowsBefore, started);
}

/** `--doc-uid` names one document; a template that names no `{path}` gives every file the same URL. */
function checkIdentityOptions(options: IngestOptions, files: readonly SourceFile[]): void {
  if (options.doc_uid !== undefined && files.length !== 1) {
    throw new CairnError(
      'invalid_option',
      `doc_uid names one document, but the inputs hold ${files.length} files: ingest that file alone`,
      { details: { option: 'doc_uid', received: options.doc_uid } },
    );
  }
  const template = options.source_url;
  if (template !== undefined && !template.includes('{path}') && files.length > 1) {
    throw new CairnError(
      'invalid_option',
      `source_url ${JSON.stringify(template)} has no {path}, so all ${files.length} files would share it: add {path}`,
      { details: { option: 'source_url', received: template } },
    );
  }
}

/** The template with `{path}` filled by the stored path, each segment URL-encoded. */
export function fillSourceUrl(template: string, path: string): string {
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  return template.replaceAll('{path}', encoded);
}

/** The promise's outcome, or the error `stop` makes as soon as the signal fires. */
function untilAborted<T>(
  promise: Promise<T>,
  signal: AbortSignal | undefined,
  stop: () => Error,
): Promise<T> {
  if (signal === undefined) return promise;
  if (signal.aborted) return Promise.reject(stop());
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(stop());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function interrupted(summary: IngestSummary): CairnError {
  const done = summary.documents.length;
  return new CairnError(
    'interrupted',
    `Interrupted after ${done} of ${summary.files} file${summary.files === 1 ? '' : 's'}: run the same ingest again for the rest (stored files are skipped)`,
  );
}

function finish(
  summary: IngestSummary,
  store: ChunkStore,
  rowsBefore: number,
  started: number,
): IngestSummary {
  summary.rows_written = store.rows_written - rowsBefore;
  summary.seconds = (performance.now() - started) / 1000;
  summary.mb_per_s = summary.seconds > 0 ? summary.bytes / 1e6 / summary.seconds : 0;
  return summary;
}

/** What the preparation of every file of one run shares. */
interface PrepareContext {
  store: ChunkStore;
  settings_key: string;
  chunker_id: string;
  /** Workers only parse; the writer's thread chunks. */
  chunk_here: Chunker | null;
  /** The registered chunker the workers configure with `options.chunking`. */
  base_chunker_id: string;
  /** Workers also compute the write's document-only parts (`precomputeWrite`). */
  precompute_write: boolean;
  options: IngestOptions;
  run: (task: SourceTask) => Promise<SourceResult>;
}

/** Decides from the seen-files table whether a file needs parsing; if so, sends it to a worker. */
async function prepare(ctx: PrepareContext, file: SourceFile): Promise<Prepared> {
  const { store, settings_key: settingsKey, options, run } = ctx;
  const chunking = ctx.chunk_here
    ? {}
    : {
        chunker_id: ctx.base_chunker_id,
        precompute_write: ctx.precompute_write,
        ...(options.chunking === undefined ? {} : { chunking_options: options.chunking }),
        ...(options.limits === undefined ? {} : { limits: options.limits }),
      };
  let size = 0;
  if (file.unreadable_folder) return { file, size, done: failed(file, file.unreadable_folder) };
  try {
    const info = await stat(file.path).catch((cause: unknown) => {
      throw fileError(cause, file.source_url);
    });
    size = info.size;
    const check = await checkSeenFile(store, file, settingsKey, info);
    if (check.status === 'unchanged')
      return { file, size, done: unchangedFile(file, check.doc_uid) };
    const work = run({
      source_url: file.source_url,
      ...(options.doc_uid === undefined ? {} : { doc_uid: options.doc_uid }),
      ...(options.source_url === undefined
        ? {}
        : { record_url: fillSourceUrl(options.source_url, file.source_url) }),
      bytes: new Uint8Array(check.bytes.buffer, check.bytes.byteOffset, check.bytes.byteLength),
      ...chunking,
      ...(options.format === undefined ? {} : { format: options.format }),
      ...(options.parse_options === undefined ? {} : { parse_options: options.parse_options }),
    });
    // The writer awaits it in order; an early rejection must not count as unhandled meanwhile.
    work.catch(() => {});
    return { file, size, work, seen: check.seen };
  } catch (error) {
    if (isCairnError(error) && FATAL.has(error.code)) throw error;
    return { file, size, done: failed(file, error) };
  }
}

/** Failures of an embedder that every later file would meet too: the run stops. */
const EMBEDDER_FATAL: ReadonlySet<ErrorCode> = new Set([
  'embedder_unavailable',
  'embedder_rate_limited',
  'interrupted',
]);

interface SettleContext {
  chunker_id: string;
  /** The chunker that runs here, when workers only parse. */
  chunk_here: Chunker | null;
  format: Format | undefined;
  signal: AbortSignal | undefined;
}

async function settle(
  store: ChunkStore,
  prepared: Prepared,
  ctx: SettleContext,
): Promise<{ file: IngestedFile; chunks_written: number; redirects_written: number }> {
  const { chunker_id: chunkerId, format } = ctx;
  if (prepared.done) return { file: prepared.done, chunks_written: 0, redirects_written: 0 };
  let result: SourceResult;
  try {
    result = await prepared.work!;
    if (ctx.chunk_here !== null) {
      const call = ctx.signal === undefined ? {} : { signal: ctx.signal };
      result = {
        doc: result.doc,
        chunks: await runChunker(ctx.chunk_here, result.doc, undefined, call),
      };
    }
  } catch (error) {
    if (isCairnError(error) && EMBEDDER_FATAL.has(error.code)) throw error;
    return { file: failed(prepared.file, error), chunks_written: 0, redirects_written: 0 };
  }
  try {
    const ensured = await ensure(
      store,
      result.doc,
      { chunker_id: chunkerId, chunks: result.chunks },
      {
        trusted_chunks: true,
        ...(prepared.seen ? { seen: [prepared.seen] } : {}),
        ...(result.source_bytes === undefined ? {} : { source_bytes: result.source_bytes }),
        ...(result.precomputed === undefined ? {} : { precomputed: result.precomputed }),
      },
    );
    const keptFormat =
      format !== undefined && ensured.status === 'unchanged' && ensured.document.format !== format
        ? ensured.document.format
        : undefined;
    // A kept format is not remembered: the next run with the same --format says so again.
    if (ensured.status === 'unchanged' && prepared.seen && keptFormat === undefined) {
      // Same content under new bytes or a first sight of this file: remember it, so the next run skips it.
      await store.recordSeenFiles([
        { ...prepared.seen, document_id: ensured.document.id, version_id: ensured.version.id },
      ]);
    }
    return {
      file: {
        source_url: prepared.file.source_url,
        status: ensured.status,
        doc_uid: ensured.document.doc_uid,
        version: ensured.version.seq,
        chunks: ensured.chunk_count,
        first_chunk_id: ensured.first_chunk_id,
        ...(ensured.warnings.length === 0 ? {} : { warnings: ensured.warnings }),
        ...(ensured.nodes.length === 0 ? {} : { nodes: countNodes(ensured.nodes) }),
        ...(keptFormat === undefined ? {} : { kept_format: keptFormat }),
        ...(result.doc.warnings === undefined ? {} : { parse_warnings: result.doc.warnings }),
      },
      chunks_written: ensured.chunks_written,
      redirects_written: ensured.redirects_written,
    };
  } catch (error) {
    if (isCairnError(error) && FATAL.has(error.code)) throw error;
    return { file: failed(prepared.file, error), chunks_written: 0, redirects_written: 0 };
  }
}

function countNodes(nodes: readonly NodeReport[]): Record<NodeStatus, number> {
  const counts: Record<NodeStatus, number> = { unchanged: 0, updated: 0, created: 0 };
  for (const node of nodes) counts[node.status]++;
  return counts;
}

function unchangedFile(file: SourceFile, docUid: string): IngestedFile {
  return {
    source_url: file.source_url,
    status: 'unchanged',
    doc_uid: docUid,
    version: null,
    chunks: 0,
    first_chunk_id: null,
  };
}

function failed(file: SourceFile, error: unknown): IngestedFile {
  const code: ErrorCode = error instanceof CairnError ? error.code : 'internal_invariant';
  const message = error instanceof Error ? error.message : String(error);
  return {
    source_url: file.source_url,
    status: 'failed',
    doc_uid: null,
    version: null,
    chunks: 0,
    first_chunk_id: null,
    error: { code, message },
  };
}

/** What `collectSources` needs of the ingest options. */
export function collectOptionsOf(options: IngestOptions): CollectOptions {
  return {
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    ...(options.root === undefined ? {} : { root: options.root }),
    ...(options.links_within === undefined ? {} : { links_within: options.links_within }),
    ...(options.exclude === undefined ? {} : { exclude: options.exclude }),
  };
}
