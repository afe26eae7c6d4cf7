import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CairnError } from '../errors.js';
import { deserializeError, type SerializedError } from '../ingest/serialize-error.js';
import type { SearchReads } from '../search/search.js';
import type { SearchOptions, SearchQuery } from '../search/types.js';
import type { IndexManifestRow } from '../store/types.js';

/** What a search worker is started with. */
export interface SearchWorkerData {
  /** The SQLite file, opened read-only by each worker. */
  db: string;
  /** The `--embedder` spec, resolved in each worker for vector and hybrid search. */
  embedder?: string;
}

/** The options a worker reads with: those that shape the answer, none that write. */
export type SearchWorkerOptions = Omit<
  SearchOptions,
  'embedder' | 'trace' | 'trace_log' | 'trace_retention' | 'trace_wait_ms'
>;

export interface SearchWorkerTask {
  id: number;
  query: SearchQuery;
  options: SearchWorkerOptions;
  /** Answer with the response body (`SearchBody`) rather than the reads. */
  body: boolean;
}

/** An untraced search's answer: `/api/search`'s JSON body, and the manifest the worker saw missing. */
export interface SearchBody {
  body: string;
  manifest: IndexManifestRow | null;
}

/** A task's answer; id -1 says whether the worker's store opened. */
export type SearchWorkerReply =
  | { id: number; ok: true; reads?: SearchReads; answer?: SearchBody }
  | { id: number; ok: false; error: SerializedError };

/** Read connections off the server's event loop, for searches. */
export interface SearchPool {
  readonly threads: number;
  /** Whether the workers embed queries (they were given the embedder's spec). */
  readonly embeds: boolean;
  /** `readSearch` on a worker's read-only connection; a worker that dies under it is `worker_died`. */
  search(query: SearchQuery, options: SearchWorkerOptions): Promise<SearchReads>;
  /**
   * `search` answered as the HTTP response body of an untraced search
   * (`searchResponseBody`), built on the worker: one string crosses threads.
   */
  searchBody(query: SearchQuery, options: SearchWorkerOptions): Promise<SearchBody>;
  /** Stops every worker; searches not yet answered fail with `store_unavailable`. */
  close(): Promise<void>;
}

export interface SearchPoolOptions {
  /** The SQLite database file. */
  db: string;
  /** Worker threads, each with its own connection (default `defaultSearchWorkers()`). */
  size?: number;
  /** `--embedder` spec for vector and hybrid search. */
  embedder?: string;
  /** Searches waiting for a worker at most; past it a search is `store_busy` (default 4096). */
  max_waiting?: number;
  /** The compiled worker entry (default: `search-worker.js` beside this module). */
  worker_url?: URL;
}

/**
 * One worker per core, and at least two: with one, a slow search (k=100, a
 * vector scan) would hold every other behind it.
 */
export function defaultSearchWorkers(): number {
  return Math.max(2, availableParallelism());
}

/**
 * Starts `size` search workers over a SQLite file and resolves once each
 * has its connection open (a store that cannot be opened rejects here,
 * with the store's error). Workers run compiled JavaScript: when this
 * module runs from TypeScript sources and no compiled worker sits beside
 * it, there is no pool (null) and the caller searches on its own thread.
 */
export async function createSearchPool(options: SearchPoolOptions): Promise<SearchPool | null> {
  const url = options.worker_url ?? new URL('./search-worker.js', import.meta.url);
  if (!existsSync(fileURLToPath(url))) return null;
  const size = options.size ?? defaultSearchWorkers();
  if (!Number.isInteger(size) || size < 1) {
    throw new CairnError('invalid_option', `A search pool needs 1 or more workers, got ${size}`);
  }
  const data: SearchWorkerData = {
    db: options.db,
    ...(options.embedder === undefined ? {} : { embedder: options.embedder }),
  };
  const pool = new ThreadSearchPool(url, data, size, options.max_waiting ?? 4096);
  try {
    await pool.started;
  } catch (error) {
    await pool.close();
    throw error;
  }
  return pool;
}

interface Pending {
  id: number;
  task: SearchWorkerTask;
  resolve: (reply: { reads?: SearchReads; answer?: SearchBody }) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker;
  running: Pending | null;
}

class ThreadSearchPool implements SearchPool {
  readonly threads: number;
  readonly embeds: boolean;
  /** Settles once every first worker has opened its store, or one failed to. */
  readonly started: Promise<void>;
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 0;
  private closed = false;

  constructor(
    private readonly url: URL,
    private readonly data: SearchWorkerData,
    size: number,
    private readonly maxWaiting: number,
  ) {
    this.threads = size;
    this.embeds = data.embedder !== undefined;
    const opened: Promise<void>[] = [];
    for (let i = 0; i < size; i++) {
      const { slot, opened: open } = this.spawn();
      this.slots.push(slot);
      opened.push(open);
    }
    this.started = Promise.all(opened).then(() => {});
  }

  async search(query: SearchQuery, options: SearchWorkerOptions): Promise<SearchReads> {
    return (await this.send(query, options, false)).reads!;
  }

  async searchBody(query: SearchQuery, options: SearchWorkerOptions): Promise<SearchBody> {
    return (await this.send(query, options, true)).answer!;
  }

  private send(
    query: SearchQuery,
    options: SearchWorkerOptions,
    body: boolean,
  ): Promise<{ reads?: SearchReads; answer?: SearchBody }> {
    if (this.closed) return Promise.reject(shutDown());
    if (this.queue.length >= this.maxWaiting) {
      return Promise.reject(
        new CairnError(
          'store_busy',
          `${this.queue.length} searches are waiting for the ${this.threads} search workers: try again shortly`,
        ),
      );
    }
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.queue.push({ id, task: { id, query, options, body }, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(shutDown());
    for (const slot of this.slots) {
      slot.running?.reject(shutDown());
      slot.running = null;
    }
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private spawn(): { slot: Slot; opened: Promise<void> } {
    const worker = new Worker(this.url, { workerData: this.data });
    // a server keeps the process up itself; idle workers must not keep a finished one alive
    worker.unref();
    const slot: Slot = { worker, running: null };
    let settleOpen: (error?: unknown) => void = () => {};
    const opened = new Promise<void>((resolve, reject) => {
      settleOpen = (error) => (error === undefined ? resolve() : reject(error));
    });
    worker.on('message', (reply: SearchWorkerReply) => {
      if (reply.id === -1) {
        settleOpen(reply.ok ? undefined : deserializeError(reply.error));
        return;
      }
      const pending = slot.running;
      if (pending === null || pending.id !== reply.id) return;
      slot.running = null;
      if (reply.ok) pending.resolve(reply);
      else pending.reject(deserializeError(reply.error));
      this.dispatch();
    });
    const died = (why: unknown): void => {
      const error = new CairnError(
        'worker_died',
        `A search worker died under the search: ${why instanceof Error ? why.message : String(why)}`,
        { cause: why },
      );
      settleOpen(error);
      const pending = slot.running;
      this.replace(slot);
      pending?.reject(error);
    };
    worker.on('error', died);
    worker.on('exit', (code) => {
      if (!this.closed) died(new Error(`exit code ${code}`));
    });
    return { slot, opened };
  }

  /** Hands queued searches to idle workers, oldest first. */
  private dispatch(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (slot.running !== null) continue;
      const pending = this.queue.shift()!;
      slot.running = pending;
      slot.worker.postMessage(pending.task);
    }
  }

  /** A dead worker's place goes to a fresh one, so one bad search costs one answer. */
  private replace(slot: Slot): void {
    slot.running = null;
    slot.worker.removeAllListeners();
    slot.worker.on('error', () => {});
    void slot.worker.terminate();
    const index = this.slots.indexOf(slot);
    if (index < 0 || this.closed) return;
    const fresh = this.spawn();
    // a store that no longer opens fails the searches sent to it, one by one, with its error
    fresh.opened.catch(() => {});
    this.slots[index] = fresh.slot;
    this.dispatch();
  }
}

function shutDown(): CairnError {
  return new CairnError('store_unavailable', 'The server is shutting down its search workers');
}
