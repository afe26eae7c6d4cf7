/**
 * Nesting deeper than this is refused before `JSON.parse` builds it: real
 * documents stay far below (ecfr-json reaches 12), and a deep chain makes
 * every pointer under it as long as the chain.
 */
export const MAX_JSON_DEPTH = 10_000;

/**
 * UTF-16 index of the first `[` or `{` that opens level `maxDepth + 1`, or -1.
 * A linear lexical pass that only tells strings from structure (brackets in
 * strings do not count); it validates nothing, `JSON.parse` does that after.
 */
export function findJsonDepthExcess(text: string, maxDepth: number = MAX_JSON_DEPTH): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (inString) {
      if (unit === 0x5c /* \ */) i++;
      else if (unit === 0x22 /* " */) inString = false;
    } else if (unit === 0x22) inString = true;
    else if (unit === 0x5b /* [ */ || unit === 0x7b /* { */) {
      if (++depth > maxDepth) return i;
    } else if (unit === 0x5d /* ] */ || unit === 0x7d /* } */) depth--;
  }
  return -1;
}
