import type { ChunkInput } from './types.js';
import { advance } from './version-text.js';

/**
 * Each chunk's `text` column: null where the text is its span of the
 * version's canonical text, which the store keeps anyway (read back by
 * `readChunkRows`); the text itself where a chunker made other text.
 */
export function storedTexts(
  canonical: string,
  chunks: readonly Pick<ChunkInput, 'text' | 'char_start' | 'char_end'>[],
): (string | null)[] {
  const units = /[\uD800-\uDFFF]/.test(canonical) ? codePointOffsets(canonical) : null;
  return chunks.map((chunk) => {
    const start = units === null ? chunk.char_start : units[chunk.char_start];
    const end = units === null ? chunk.char_end : units[chunk.char_end];
    if (start === undefined || end === undefined || end > canonical.length) return chunk.text;
    return canonical.slice(start, end) === chunk.text ? null : chunk.text;
  });
}

/** The UTF-16 offset of every code point offset of `text`, its end included. */
function codePointOffsets(text: string): Uint32Array {
  const out: number[] = [];
  for (let at = 0; at < text.length; at = advance(text, at, 1)) out.push(at);
  out.push(text.length);
  return Uint32Array.from(out);
}
