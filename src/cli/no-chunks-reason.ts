/**
 * Why a file gave no chunk, as the CLI's reports say it: most often JSON
 * whose strings are all under the threshold.
 */
export function noChunksReason(path: string, threshold: number | string): string {
  return /\.json$/i.test(path)
    ? `no string node of ${threshold} characters or more (see --threshold)`
    : 'no text to chunk';
}
