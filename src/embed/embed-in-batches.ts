import { CairnError } from '../errors.js';

export interface BatchPlan {
  batch_size: number;
  /** Batches in flight at most. */
  concurrency: number;
  run(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
  signal?: AbortSignal;
}

/**
 * Cuts `texts` into batches and runs at most `concurrency` of them at once,
 * keeping the order. The first failure aborts the batches still running.
 */
export async function embedInBatches(
  texts: readonly string[],
  plan: BatchPlan,
): Promise<Float32Array[]> {
  const batches: number[] = [];
  for (let start = 0; start < texts.length; start += plan.batch_size) batches.push(start);
  const out: Float32Array[] = new Array(texts.length);
  const stop = new AbortController();
  const signal =
    plan.signal === undefined ? stop.signal : AbortSignal.any([plan.signal, stop.signal]);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < batches.length) {
      if (plan.signal?.aborted) throw new CairnError('interrupted', 'Embedding was stopped');
      const start = batches[next++]!;
      const slice = texts.slice(start, start + plan.batch_size);
      const vectors = await plan.run(slice, signal);
      vectors.forEach((vector, i) => {
        out[start + i] = vector;
      });
    }
  };
  const workers = Array.from({ length: Math.min(plan.concurrency, batches.length) }, worker);
  try {
    await Promise.all(workers);
  } catch (error) {
    stop.abort();
    await Promise.allSettled(workers);
    throw error;
  }
  return out;
}
