/** V8 ≥ 11 (Node 20) and ≥ 12 (Node 22, which adds "(line L column C)") both say "at position N". */
const AT_POSITION = /\bat position (\d+)\b/;
const END_OF_INPUT = /^Unexpected end of JSON input$/;

/**
 * The UTF-16 index in `text` where `JSON.parse(text)` failed, from V8's
 * message. Most messages name the position; "Unexpected end of JSON input"
 * means the end of the text; "Unexpected token 'x', ..." names none, and
 * its context snippet can be ambiguous, so the position is found by
 * bisecting on prefixes: a prefix that ends before the error fails only at
 * its own end (or parses), a prefix that includes it fails before its end.
 * That costs O(n log n) parse work, on the error path only.
 */
export function jsonSyntaxErrorIndex16(text: string, error: SyntaxError): number {
  const message = error.message;
  const at = AT_POSITION.exec(message);
  if (at) return Math.min(Number(at[1]), text.length);
  if (END_OF_INPUT.test(message)) return text.length;
  return bisectJsonErrorIndex16(text);
}

/** The error's UTF-16 index found from parse results alone (`text` must fail to parse). */
export function bisectJsonErrorIndex16(text: string): number {
  // a text that only runs out (an unterminated string, a dangling comma) fails at its end
  if (!failsBeforeEnd(text)) return text.length;
  let lo = 0; // the prefix of this length holds no error
  let hi = text.length; // the prefix of this length holds the error
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (failsBeforeEnd(text.slice(0, mid))) hi = mid;
    else lo = mid;
  }
  return hi - 1;
}

function failsBeforeEnd(prefix: string): boolean {
  try {
    JSON.parse(prefix);
    return false;
  } catch (error) {
    const message = (error as Error).message;
    if (END_OF_INPUT.test(message)) return false;
    const at = AT_POSITION.exec(message);
    return at ? Number(at[1]) < prefix.length : true;
  }
}
