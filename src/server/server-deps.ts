import type { Embedder } from '../embed/types.js';
import type { SourceResult, SourceTask } from '../ingest/process-source.js';
import type { TraceRetention } from '../store/trace-store.js';
import type { ChunkStore } from '../store/types.js';
import type { AnswerCheckPool } from './answer-check-pool.js';
import type { ManifestRecorder } from './manifest-recorder.js';
import type { PagingLimits } from './read-paging.js';
import type { SearchPool } from './search-pool.js';

/** What the routes share: one open store and the server's limits. */
export interface ServerDeps {
  store: ChunkStore;
  /** Bearer token that allows writes; none: the server takes no writes. */
  token: string | undefined;
  /** Server-side ingest reads only inside this folder. */
  root: string;
  /** What `source_url` is relative to for server-side ingest (as `cairn ingest` run there). */
  cwd: string;
  /** Parse-and-chunk threads for server-side path ingest; 0 works on the server's thread. */
  ingest_workers: number;
  /** Parses and chunks an upload: on a worker thread when `ingest_workers` > 0. */
  process_upload: (task: SourceTask) => Promise<SourceResult>;
  /** Request bodies at most, after decompression. */
  max_body_bytes: number;
  paging: PagingLimits;
  /** A search's wait for a SQLite write lock held elsewhere, before it answers untraced. */
  trace_wait_ms: number;
  /** Whether searches and answer checks write `rag_traces` rows (and trace log lines). */
  traces: boolean;
  /** The rows kept once a trace is written. */
  trace_retention: TraceRetention;
  /** Embeds queries for `mode` vector and hybrid (`cairn serve --embedder`); none: lexical only. */
  embedder?: Embedder;
  /** Read connections on worker threads for searches; none: searches run on the server's thread. */
  search_pool?: SearchPool;
  /** Audits and answer checks on worker threads; none: on the server's thread. */
  answer_checks?: AnswerCheckPool;
  /** Writes the index manifests the search pool's workers saw missing. */
  manifests: ManifestRecorder;
  /** Where the server logs failures it does not show the caller. */
  log: (line: string) => void;
}
