/**
 * Runs of whitespace that are not already a single space: two or more
 * spaces, or any run holding another whitespace character (newline, tab,
 * NBSP, ...). Each match starts where its run starts and takes it whole.
 */
const RUN = / ?[^\S ]\s*| {2,}\s*/g;

/**
 * `text.replace(/\s+/g, ' ')`, without a replacement for every single space
 * between two words: on a 3.7 MB eCFR chapter that took 300 ms, this 25 ms.
 */
export function collapseWhitespace(text: string): string {
  return text.replace(RUN, ' ');
}
