import { CairnError } from '../errors.js';

export interface VectorExpectation {
  /** Who answered: a URL or an embedder id, for the message and `details.source`. */
  source: string;
  /** The length every vector must have; any length (one for all) when absent. */
  dimensions?: number;
  /**
   * Let all-zero vectors through (default false): the built-in hash
   * embedder gives one for a text without a letter or digit, which is an
   * honest "no features"; a model's answer never is.
   */
  allow_zero?: boolean;
}

/**
 * Refuses vectors that no search can use, with `embedder_bad_response`:
 * a value that is not finite as float32 (1e39 passes `Number.isFinite` as a
 * double and becomes Infinity in a Float32Array), an all-zero vector (no
 * direction: its cosine with anything is 0 or NaN) unless allowed, or the
 * wrong length.
 * Checked on the Float32Array itself, after conversion, so that nothing
 * refused here is cached or stored.
 */
export function checkVectors(vectors: readonly Float32Array[], expect: VectorExpectation): void {
  const dimensions = expect.dimensions ?? vectors[0]?.length;
  vectors.forEach((vector, index) => {
    const reason =
      vector.length !== dimensions
        ? 'wrong_dimensions'
        : !vector.every(Number.isFinite)
          ? 'non_finite'
          : expect.allow_zero !== true && vector.every((x) => x === 0)
            ? 'zero_norm'
            : null;
    if (reason === null) return;
    const what =
      reason === 'wrong_dimensions'
        ? `a vector of ${vector.length} numbers where ${dimensions} were expected`
        : reason === 'non_finite'
          ? 'a vector with a value that is not a finite float32 (NaN, or past +-3.4e38)'
          : 'an all-zero vector, which has no direction to compare';
    throw new CairnError(
      'embedder_bad_response',
      `${expect.source} answered ${what} (text ${index})`,
      {
        details: {
          source: expect.source,
          reason,
          index,
          ...(dimensions === undefined ? {} : { dimensions }),
          received: vector.length,
        },
      },
    );
  });
}
