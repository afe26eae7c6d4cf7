/**
 * CPU milliseconds this process has used, all its threads together. Tests
 * that bound the time of hostile input measure with this rather than the wall
 * clock, so that load from other processes on a shared machine does not decide.
 */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * A ratio of timings, measured again while it is at or over `limit`, up to
 * `attempts` times in all; the lowest is returned. CPU time keeps other
 * processes' scheduling out of a timing but not their load on the shared
 * caches, which slows a larger input more: a noisy measurement can pass a
 * retry, while superlinear work stays over the limit every time.
 */
export async function lowestRatio(
  measure: () => number | Promise<number>,
  limit: number,
  attempts = 3,
): Promise<number> {
  let lowest = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < attempts && lowest >= limit; attempt++) {
    lowest = Math.min(lowest, await measure());
  }
  return lowest;
}
