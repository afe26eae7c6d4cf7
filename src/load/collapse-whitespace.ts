/**
 * Runs of whitespace that are not already a single space: two or more
 * spaces, or any run holding another whitespace character (newline, tab,
 * NBSP, ...). Each match starts where its run starts and takes it whole.
 */
const RUN = / ?[^\S ]\s*| {2,}\s*/g;

/**
 * `text.replace(/\s+/g, ' ')`, without a replacement for every single space
 * between two words: those are most of a text's whitespace, and replacing
 * each with itself makes the plain form about ten times slower on eCFR text.
 */
export function collapseWhitespace(text: string): string {
  return text.replace(RUN, ' ');
}
