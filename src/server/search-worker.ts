import { parentPort, workerData } from 'node:worker_threads';
import { resolveEmbedder } from '../embed/resolve-embedder.js';
import { serializeError } from '../ingest/serialize-error.js';
import { readSearch } from '../search/search.js';
import type { SearchOptions } from '../search/types.js';
import { openStore } from '../store/open-store.js';
import type { SearchWorkerData, SearchWorkerReply, SearchWorkerTask } from './search-pool.js';
import { searchResponseBody } from './search-response-body.js';

/**
 * Search worker thread: its own read-only connection to the SQLite file,
 * which in WAL mode reads the last commit whatever a writer holds, and the
 * reading half of `search` (`readSearch`). Writes (index manifests,
 * traces) stay with the server's one writable store. Tasks run one after
 * another: better-sqlite3 is synchronous, so interleaving would gain nothing.
 */
const data = workerData as SearchWorkerData;
const ready = open();
let previous: Promise<void> = Promise.resolve();

ready.then(
  () => parentPort!.postMessage({ id: -1, ok: true } satisfies SearchWorkerReply),
  (error: unknown) =>
    parentPort!.postMessage({
      id: -1,
      ok: false,
      error: serializeError(error),
    } satisfies SearchWorkerReply),
);

parentPort!.on('message', (task: SearchWorkerTask) => {
  previous = previous.then(() => answer(task));
});

async function open() {
  const store = await openStore({ db: data.db, readonly: true, env: {} });
  const embedder = data.embedder === undefined ? undefined : await resolveEmbedder(data.embedder);
  return { store, embedder };
}

async function answer(task: SearchWorkerTask): Promise<void> {
  let reply: SearchWorkerReply;
  try {
    const { store, embedder } = await ready;
    const options: SearchOptions =
      embedder === undefined ? task.options : { ...task.options, embedder };
    const reads = await readSearch(store, task.query, options);
    reply = task.body
      ? {
          id: task.id,
          ok: true,
          answer: { body: searchResponseBody(reads.result), manifest: reads.manifest },
        }
      : { id: task.id, ok: true, reads };
  } catch (error) {
    reply = { id: task.id, ok: false, error: serializeError(error) };
  }
  parentPort!.postMessage(reply);
}
