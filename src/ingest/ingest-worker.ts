import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { processSource, type SourceTask } from './process-source.js';
import { serializeError } from './serialize-error.js';
import { packResult } from './source-wire.js';

interface TaskMessage {
  id: number;
  task: SourceTask;
}

/**
 * Worker thread entry: parse and chunk each task it is sent, answer with the
 * result or the error. The pool posts the next task before this one ends;
 * tasks run one after the other, never interleaved at an await.
 */
let previous: Promise<void> = Promise.resolve();
parentPort?.on('message', (message: TaskMessage) => {
  previous = previous.then(() => answer(message));
});

async function answer(message: TaskMessage): Promise<void> {
  try {
    const result = packResult(await processSource(message.task), {
      keep_context: message.task.keep_context === true,
    });
    parentPort!.postMessage({ id: message.id, ok: true, result, heap_bytes: heapBytes() });
  } catch (error) {
    // a file that failed late (too many chunks, say) may have grown the heap as much as any
    parentPort!.postMessage({
      id: message.id,
      ok: false,
      error: serializeError(error),
      heap_bytes: heapBytes(),
    });
  }
}

function heapBytes(): number {
  return getHeapStatistics().total_heap_size;
}
