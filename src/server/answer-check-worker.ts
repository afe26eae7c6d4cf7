import { parentPort, workerData } from 'node:worker_threads';
import { auditAnswer } from '../cite/audit/audit-answer.js';
import { verifyAnswer } from '../cite/verify-answer.js';
import { serializeError } from '../ingest/serialize-error.js';
import { openStore } from '../store/open-store.js';
import type {
  AnswerCheckReply,
  AnswerCheckTask,
  AnswerCheckWorkerData,
} from './answer-check-pool.js';

/**
 * Answer-check worker thread: its own read-only connection to the
 * server's store, and `auditAnswer` / `verifyAnswer`, which only read.
 * Writes (an answer's traces) stay with the server's one writable store.
 * Tasks run one after another.
 */
const data = workerData as AnswerCheckWorkerData;
const ready = openStore({
  db: data.db,
  ...(data.schema === undefined ? {} : { schema: data.schema }),
  readonly: true,
  create: false,
  max_connections: 2,
});
let previous: Promise<void> = Promise.resolve();

ready.then(
  () => parentPort!.postMessage({ id: -1, ok: true } satisfies AnswerCheckReply),
  (error: unknown) =>
    parentPort!.postMessage({
      id: -1,
      ok: false,
      error: serializeError(error),
    } satisfies AnswerCheckReply),
);

parentPort!.on('message', (task: AnswerCheckTask) => {
  previous = previous.then(() => answer(task));
});

async function answer(task: AnswerCheckTask): Promise<void> {
  let reply: AnswerCheckReply;
  try {
    const store = await ready;
    reply =
      task.kind === 'audit'
        ? { id: task.id, ok: true, audit: await auditAnswer(store, task.answer, task.options) }
        : {
            id: task.id,
            ok: true,
            verified: await verifyAnswer(store, task.answer, task.options),
          };
  } catch (error) {
    reply = { id: task.id, ok: false, error: serializeError(error) };
  }
  parentPort!.postMessage(reply);
}
