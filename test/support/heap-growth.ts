import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
/** V8's collector, reached from a fresh context now that the flag is on. */
const collect = runInNewContext('gc') as () => void;

/**
 * How many bytes the V8 heap grew by while `run` ran: its committed size
 * after, against its size after a full collection before. V8 grows the heap
 * to hold what is alive at once and does not give it back until later
 * collections, so this bounds the peak of live memory in `run` from above,
 * garbage included, without timing anything.
 */
export async function heapGrowth<T>(
  run: () => T | Promise<T>,
): Promise<{ result: T; bytes: number }> {
  collect();
  const before = getHeapStatistics().total_heap_size;
  const result = await run();
  return { result, bytes: getHeapStatistics().total_heap_size - before };
}
