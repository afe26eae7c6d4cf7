import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { processSource, type SourceTask } from './process-source.js';
import { serializeError } from './serialize-error.js';
import { packResult } from './source-wire.js';

/** Worker thread entry: parse and chunk each task it is sent, answer with the result or the error. */
parentPort?.on('message', async (message: { id: number; task: SourceTask }) => {
  try {
    const result = packResult(await processSource(message.task));
    parentPort!.postMessage({
      id: message.id,
      ok: true,
      result,
      heap_bytes: getHeapStatistics().total_heap_size,
    });
  } catch (error) {
    parentPort!.postMessage({ id: message.id, ok: false, error: serializeError(error) });
  }
});
