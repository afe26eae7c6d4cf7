import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AuditOptions, AuditReport } from '../cite/audit/types.js';
import type { AnswerVerificationResult, VerifyAnswerOptions } from '../cite/types.js';
import { CairnError } from '../errors.js';
import { deserializeError, type SerializedError } from '../ingest/serialize-error.js';

/** What an answer-check worker opens: the server's store, read-only, on its own connection. */
export interface AnswerCheckWorkerData {
  /** A SQLite file or a `postgres://` URL. */
  db: string;
  /** PostgreSQL: the schema. */
  schema?: string;
}

export type AnswerCheckTask =
  | { id: number; kind: 'audit'; answer: string; options: AuditOptions }
  | { id: number; kind: 'verify_answer'; answer: unknown; options: VerifyAnswerOptions };

/** A task's answer; id -1 says whether the worker's store opened. */
export type AnswerCheckReply =
  | { id: number; ok: true; audit?: AuditReport; verified?: AnswerVerificationResult }
  | { id: number; ok: false; error: SerializedError };

/**
 * `POST /api/audit` and `POST /api/validate/answer` off the server's event
 * loop: locating quotes is CPU work that grows with the answer, and on the
 * server's thread it would hold `/health` and every other request (and
 * SIGTERM) behind it.
 */
export interface AnswerCheckPool {
  readonly threads: number;
  audit(answer: string, options: AuditOptions): Promise<AuditReport>;
  verifyAnswer(answer: unknown, options: VerifyAnswerOptions): Promise<AnswerVerificationResult>;
  /** Stops every worker; checks not yet answered fail with `store_unavailable`. */
  close(): Promise<void>;
}

export interface AnswerCheckPoolOptions extends AnswerCheckWorkerData {
  /** Worker threads (default 1): each answer check waits for a free one. */
  size?: number;
  /** Checks waiting for a worker at most; past it a check is `store_busy` (default 64). */
  max_waiting?: number;
  /** A worker's heap at most, in MB (default 1024): past it the check is `worker_died` and the worker replaced. */
  max_heap_mb?: number;
  /** The compiled worker entry (default: `answer-check-worker.js` beside this module). */
  worker_url?: URL;
}

/**
 * Starts the answer-check workers and resolves once each has its store
 * open. As with the search pool, workers run compiled JavaScript: from
 * TypeScript sources with no compiled worker beside this module there is
 * no pool (null) and the routes check answers on the server's thread.
 */
export async function createAnswerCheckPool(
  options: AnswerCheckPoolOptions,
): Promise<AnswerCheckPool | null> {
  const url = options.worker_url ?? new URL('./answer-check-worker.js', import.meta.url);
  if (!existsSync(fileURLToPath(url))) return null;
  const size = options.size ?? 1;
  if (!Number.isInteger(size) || size < 1)
    throw new CairnError(
      'invalid_option',
      `An answer-check pool needs 1 or more workers, got ${size}`,
    );
  const data: AnswerCheckWorkerData = {
    db: options.db,
    ...(options.schema === undefined ? {} : { schema: options.schema }),
  };
  const pool = new ThreadAnswerCheckPool(url, data, {
    size,
    max_waiting: options.max_waiting ?? 64,
    max_heap_mb: options.max_heap_mb ?? 1024,
  });
  try {
    await pool.started;
  } catch (error) {
    await pool.close();
    throw error;
  }
  return pool;
}

type Task = AnswerCheckTask extends infer T
  ? T extends AnswerCheckTask
    ? Omit<T, 'id'>
    : never
  : never;

interface Pending {
  task: AnswerCheckTask;
  resolve: (reply: AnswerCheckReply & { ok: true }) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker;
  running: Pending | null;
}

class ThreadAnswerCheckPool implements AnswerCheckPool {
  readonly threads: number;
  readonly started: Promise<void>;
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 0;
  private closed = false;

  constructor(
    private readonly url: URL,
    private readonly data: AnswerCheckWorkerData,
    private readonly limits: { size: number; max_waiting: number; max_heap_mb: number },
  ) {
    this.threads = limits.size;
    const opened: Promise<void>[] = [];
    for (let i = 0; i < limits.size; i++) {
      const { slot, opened: open } = this.spawn();
      this.slots.push(slot);
      opened.push(open);
    }
    this.started = Promise.all(opened).then(() => {});
  }

  async audit(answer: string, options: AuditOptions): Promise<AuditReport> {
    return (await this.send({ kind: 'audit', answer, options })).audit!;
  }

  async verifyAnswer(
    answer: unknown,
    options: VerifyAnswerOptions,
  ): Promise<AnswerVerificationResult> {
    return (await this.send({ kind: 'verify_answer', answer, options })).verified!;
  }

  private send(task: Task): Promise<AnswerCheckReply & { ok: true }> {
    if (this.closed) return Promise.reject(shutDown());
    if (this.queue.length >= this.limits.max_waiting)
      return Promise.reject(
        new CairnError(
          'store_busy',
          `${this.queue.length} answer checks are waiting for the ${this.threads} answer-check workers: try again shortly`,
        ),
      );
    return new Promise((resolve, reject) => {
      const full = { ...task, id: this.nextId++ } as AnswerCheckTask;
      this.queue.push({ task: full, resolve, reject });
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
    const worker = new Worker(this.url, {
      workerData: this.data,
      resourceLimits: { maxOldGenerationSizeMb: this.limits.max_heap_mb },
    });
    // a server keeps the process up itself; idle workers must not keep a finished one alive
    worker.unref();
    const slot: Slot = { worker, running: null };
    let settleOpen: (error?: unknown) => void = () => {};
    const opened = new Promise<void>((resolve, reject) => {
      settleOpen = (error) => (error === undefined ? resolve() : reject(error));
    });
    worker.on('message', (reply: AnswerCheckReply) => {
      if (reply.id === -1) {
        settleOpen(reply.ok ? undefined : deserializeError(reply.error));
        return;
      }
      const pending = slot.running;
      if (pending === null || pending.task.id !== reply.id) return;
      slot.running = null;
      if (reply.ok) pending.resolve(reply);
      else pending.reject(deserializeError(reply.error));
      this.dispatch();
    });
    const died = (why: unknown): void => {
      const error = new CairnError(
        'worker_died',
        `An answer-check worker died under the check: ${why instanceof Error ? why.message : String(why)}`,
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

  private dispatch(): void {
    for (const slot of this.slots) {
      while (slot.running === null && this.queue.length > 0) {
        const pending = this.queue.shift()!;
        try {
          // structured clone walks the answer recursively: a deep enough one overflows the stack
          slot.worker.postMessage(pending.task);
          slot.running = pending;
        } catch (error) {
          pending.reject(
            new CairnError(
              'json_too_deep',
              'The answer is nested too deeply to be checked: flatten it',
              {
                cause: error,
              },
            ),
          );
        }
      }
    }
  }

  /** A dead worker's place goes to a fresh one, so one hostile answer costs one answer. */
  private replace(slot: Slot): void {
    slot.running = null;
    slot.worker.removeAllListeners();
    slot.worker.on('error', () => {});
    void slot.worker.terminate();
    const index = this.slots.indexOf(slot);
    if (index < 0 || this.closed) return;
    const fresh = this.spawn();
    fresh.opened.catch(() => {});
    this.slots[index] = fresh.slot;
    this.dispatch();
  }
}

function shutDown(): CairnError {
  return new CairnError(
    'store_unavailable',
    'The server is shutting down its answer-check workers',
  );
}
