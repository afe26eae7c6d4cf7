import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { CairnError } from '../errors.js';
import { processSource, type SourceResult, type SourceTask } from './process-source.js';
import { deserializeError, type SerializedError } from './serialize-error.js';
import { unpackResult, type WireResult } from './source-wire.js';

export interface WorkerPool {
  /** Threads working; 0 when tasks run on the calling thread. */
  readonly threads: number;
  run(task: SourceTask): Promise<SourceResult>;
  close(): Promise<void>;
}

export interface WorkerPoolOptions {
  /** Worker threads; 0 runs every task on the calling thread. */
  size: number;
  /** The compiled worker entry (default: `ingest-worker.js` beside this module). */
  worker_url?: URL;
  /** A task running longer is stopped (its worker replaced) with `parse_timeout`; default 5 minutes. */
  task_timeout_ms?: number;
  /** A worker whose heap has grown past this after a task is replaced by a fresh one; default RECYCLE_HEAP_MB. */
  recycle_heap_mb?: number;
  /**
   * Post each worker its next task before the running one ends (default
   * false). For a caller whose own work blocks the event loop for long: a
   * worker that finished would wait for that loop to get more work.
   */
  hold_next?: boolean;
  /**
   * Each worker's V8 old-generation limit in MB (default: `CAIRN_WORKER_HEAP_MB`,
   * else V8's own, a quarter of the machine's memory or so). A task that
   * needs more fails with `worker_out_of_memory` and its worker is replaced.
   */
  heap_limit_mb?: number;
  /**
   * Let the process exit while workers are idle (default false): for a pool
   * that lives as long as a server, which keeps the process up itself.
   */
  unref?: boolean;
}

/** The environment variable that caps every worker's heap, in MB. */
const WORKER_HEAP_ENV = 'CAIRN_WORKER_HEAP_MB';

/** `CAIRN_WORKER_HEAP_MB` as a number of MB; undefined when unset. */
export function workerHeapLimitFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const value = env[WORKER_HEAP_ENV];
  if (value === undefined || value === '') return undefined;
  const mb = Number(value);
  if (!Number.isInteger(mb) || mb < 16) {
    throw new CairnError(
      'invalid_option',
      `${WORKER_HEAP_ENV} must be a whole number of MB, 16 or more, got "${value}"`,
      { details: { option: WORKER_HEAP_ENV } },
    );
  }
  return mb;
}

/**
 * Why recycle: V8 keeps a heap at the size the largest file so far needed,
 * and a worker's heap only grows over a run. On the eCFR the worker reached
 * about 300 MB after its 4 MB chapters and stayed there, so peak RSS grew
 * with the corpus (650 MB for 62 MB against 470 MB for its first 16 MB).
 * Replacing the worker once its heap passes this returns those pages to the
 * system; it happened once or twice in that run, costing a worker start and
 * a cold JIT each, within the run-to-run noise. Measured: peak RSS 518-590 MB.
 */
export const RECYCLE_HEAP_MB = 192;

/**
 * Parse and chunk on worker threads. Workers run compiled JavaScript, so
 * when this module runs from TypeScript sources (tests) and no compiled
 * worker sits beside it, tasks run on the calling thread instead.
 */
export function createWorkerPool(options: WorkerPoolOptions): WorkerPool {
  const url = options.worker_url ?? new URL('./ingest-worker.js', import.meta.url);
  if (options.size <= 0 || !existsSync(fileURLToPath(url))) return inlinePool();
  return new ThreadPool({
    threads: options.size,
    url,
    timeout_ms: options.task_timeout_ms ?? 300_000,
    recycle_bytes: (options.recycle_heap_mb ?? RECYCLE_HEAP_MB) * 1024 * 1024,
    hold_next: options.hold_next ?? false,
    heap_limit_mb: options.heap_limit_mb ?? workerHeapLimitFromEnv(),
    unref: options.unref ?? false,
  });
}

function inlinePool(): WorkerPool {
  return { threads: 0, run: processSource, close: async () => {} };
}

interface WorkerAnswer {
  id: number;
  ok: boolean;
  result?: WireResult;
  error?: SerializedError;
  /** The worker's V8 heap after the task, garbage included. */
  heap_bytes?: number;
}

interface Pending {
  id: number;
  task: SourceTask;
  resolve: (result: SourceResult) => void;
  reject: (error: unknown) => void;
}

/**
 * A worker runs one task and, with `hold_next`, holds the next one, already
 * posted. An ingest into SQLite writes in long synchronous transactions on
 * the main thread; a worker whose next task had to wait for the main
 * thread's event loop sat idle through them (7.7 s of a 31 s eCFR ingest,
 * 6.2 s when holding). Into PostgreSQL the writer awaits the server, the
 * loop stays free, and holding was slower in 4 of 6 alternating runs.
 */
interface Slot {
  worker: Worker;
  running: Pending | null;
  waiting: Pending | null;
  timer: NodeJS.Timeout | null;
}

/** `WorkerPoolOptions` with the defaults filled in. */
interface ThreadPoolSettings {
  threads: number;
  url: URL;
  timeout_ms: number;
  recycle_bytes: number;
  hold_next: boolean;
  heap_limit_mb: number | undefined;
  unref: boolean;
}

class ThreadPool implements WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 0;
  private closed = false;
  readonly threads: number;

  constructor(private readonly settings: ThreadPoolSettings) {
    this.threads = settings.threads;
    for (let i = 0; i < this.threads; i++) this.slots.push(this.spawn());
  }

  run(task: SourceTask): Promise<SourceResult> {
    if (this.closed)
      return Promise.reject(new CairnError('internal_invariant', 'The worker pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, task, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const closed = (): CairnError =>
      new CairnError('internal_invariant', 'The worker pool closed before the task ran');
    for (const pending of this.queue.splice(0)) pending.reject(closed());
    // Tasks still running are dropped with their workers; their timeout timers would keep the process alive.
    for (const slot of this.slots) {
      this.stopTimer(slot);
      slot.running?.reject(closed());
      slot.waiting?.reject(closed());
      slot.running = null;
      slot.waiting = null;
    }
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private spawn(): Slot {
    const worker = new Worker(
      this.settings.url,
      this.settings.heap_limit_mb === undefined
        ? {}
        : { resourceLimits: { maxOldGenerationSizeMb: this.settings.heap_limit_mb } },
    );
    if (this.settings.unref) worker.unref();
    const slot: Slot = { worker, running: null, waiting: null, timer: null };
    slot.worker.on('message', (message: WorkerAnswer) => {
      const pending = slot.running;
      if (!pending || pending.id !== message.id) return;
      if ((message.heap_bytes ?? 0) > this.settings.recycle_bytes) this.replace(slot);
      else this.advance(slot);
      if (message.ok) pending.resolve(unpackResult(message.result!));
      else pending.reject(deserializeError(message.error!));
      this.dispatch();
    });
    const fail = (error: unknown): void => {
      const pending = slot.running;
      this.replace(slot);
      if (pending)
        pending.reject(workerDied(pending.task.source_url, error, this.settings.heap_limit_mb));
    };
    slot.worker.on('error', fail);
    slot.worker.on('exit', (code) => {
      if (!this.closed && slot.running) fail(new Error(`exit code ${code}`));
    });
    return slot;
  }

  /** Fills each worker's places from the queue, in order. */
  private dispatch(): void {
    for (const slot of this.slots) {
      while (
        this.queue.length > 0 &&
        (slot.running === null || (this.settings.hold_next && slot.waiting === null))
      ) {
        const pending = this.queue.shift()!;
        const { bytes } = pending.task;
        if (slot.running === null) {
          slot.running = pending;
          this.startTimer(slot);
          // Hand the file's buffer over rather than copy it, when it is not shared with other data.
          const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
          slot.worker.postMessage(
            { id: pending.id, task: pending.task },
            own ? [bytes.buffer as ArrayBuffer] : [],
          );
        } else {
          // A copy: if this worker is replaced before it starts the task, the task goes back to the queue.
          slot.waiting = pending;
          slot.worker.postMessage({ id: pending.id, task: pending.task });
        }
      }
      if (this.queue.length === 0) return;
    }
  }

  /** The running task is done: the waiting one, which the worker starts at once, runs now. */
  private advance(slot: Slot): void {
    this.stopTimer(slot);
    slot.running = slot.waiting;
    slot.waiting = null;
    if (slot.running !== null) this.startTimer(slot);
  }

  private stopTimer(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
  }

  private startTimer(slot: Slot): void {
    slot.timer = setTimeout(() => {
      const stuck = slot.running;
      this.replace(slot);
      stuck?.reject(
        new CairnError(
          'parse_timeout',
          `Parsing ${stuck.task.source_url} took over ${this.settings.timeout_ms} ms`,
          {
            details: { source: stuck.task.source_url, timeout_ms: this.settings.timeout_ms },
          },
        ),
      );
    }, this.settings.timeout_ms);
  }

  /**
   * A worker that died, hung or grew too large is replaced, so one bad file
   * costs one task, not the run. The task it had not started goes back to
   * the head of the queue; the caller settles the running one.
   */
  private replace(slot: Slot): void {
    this.stopTimer(slot);
    if (slot.waiting !== null) this.queue.unshift(slot.waiting);
    slot.running = null;
    slot.waiting = null;
    const index = this.slots.indexOf(slot);
    slot.worker.removeAllListeners();
    slot.worker.on('error', () => {});
    void slot.worker.terminate();
    if (index >= 0 && !this.closed) {
      this.slots[index] = this.spawn();
      this.dispatch();
    }
  }
}

/**
 * Why a worker died, as a `CairnError`. Running out of heap is the file's
 * doing, not a broken invariant: it says so, and names the limit.
 */
function workerDied(source: string, error: unknown, heapLimitMb: number | undefined): CairnError {
  const options = { cause: error, details: { source } };
  if ((error as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
    // a worker without its own limit has V8's default, the same as this thread's
    const limitMb = heapLimitMb ?? Math.round(getHeapStatistics().heap_size_limit / 2 ** 20);
    return new CairnError(
      'worker_out_of_memory',
      `The worker parsing ${source} ran out of memory: parsing and chunking it needed more than the worker's heap limit of about ${limitMb} MB`,
      { ...options, details: { source, heap_limit_mb: limitMb } },
    );
  }
  return new CairnError(
    'internal_invariant',
    `The worker parsing ${source} died: ${String(error)}`,
    options,
  );
}
