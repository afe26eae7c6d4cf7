/**
 * Markdown with five nested headings of 1000 letters each (`titleLength`) (under the title
 * cap, and unlike one another, so that no store compresses them away), then
 * `sections` short sections, each a chunk whose heading path holds all
 * five: a chunk row or answer that repeats its path holds 5 KB however
 * short its text.
 */
export function deepHeadings(sections: number, titleLength = 1000): string {
  let seed = 7;
  const letter = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return 'abcdefghijklmnopqrstuvwxyz '[seed % 27];
  };
  const title = () => Array.from({ length: titleLength }, letter).join('').trim();
  let out = '';
  for (let level = 1; level <= 5; level++) out += `${'#'.repeat(level)} ${title()}\n\nText.\n\n`;
  for (let i = 0; i < sections; i++) out += `###### Item ${i}\n\nShort body ${i}.\n\n`;
  return out;
}
