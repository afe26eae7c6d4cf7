import { CairnError } from '../errors.js';

/** Throws `interrupted` once `signal` has fired; checked between two questions of an evaluation. */
export async function stopIfAborted(signal: AbortSignal | undefined): Promise<void> {
  if (signal === undefined) return;
  // SQLite answers synchronously, so awaiting it never returns to the event loop, where a
  // signal's handler runs: without this turn, Ctrl-C would wait for the end of the run
  await new Promise((resolve) => setImmediate(resolve));
  if (signal.aborted) {
    throw new CairnError('interrupted', 'Interrupted: the evaluation stopped before it finished');
  }
}
