import { CairnError } from '../errors.js';
import { estimateTokens } from './estimate-tokens.js';

const LEVELS: Intl.SegmenterOptions['granularity'][] = ['sentence', 'word', 'grapheme'];

/**
 * Cuts `text` into consecutive pieces of at most `maxTokens` tokens each,
 * at sentence boundaries where it can, else between words, else between
 * graphemes. The pieces concatenate back to `text` exactly; text that fits
 * comes back as one piece. Deterministic: the segmenter's locale is fixed.
 */
export function splitTextForSize(text: string, maxTokens: number): string[] {
  if (!Number.isInteger(maxTokens) || maxTokens < 1) {
    throw new CairnError(
      'invalid_option',
      `The token limit must be a positive integer, got ${maxTokens}`,
    );
  }
  if (estimateTokens(text) <= maxTokens) return [text];
  return splitAt(text, maxTokens, 0);
}

function splitAt(text: string, maxTokens: number, level: number): string[] {
  const granularity = LEVELS[level]!;
  const segments = Array.from(
    new Intl.Segmenter('en', { granularity }).segment(text),
    (s) => s.segment,
  );
  const pieces: string[] = [];
  let current = '';
  let currentTokens = 0;
  const flush = (): void => {
    if (current !== '') pieces.push(current);
    current = '';
    currentTokens = 0;
  };
  for (const segment of segments) {
    const tokens = estimateTokens(segment);
    if (tokens > maxTokens) {
      flush();
      // one grapheme always fits any budget of at least one token... unless the
      // tokenizer spends several on it: then it stands alone, the least bad cut
      pieces.push(
        ...(level + 1 < LEVELS.length ? splitAt(segment, maxTokens, level + 1) : [segment]),
      );
      continue;
    }
    if (currentTokens + tokens > maxTokens) flush();
    current += segment;
    currentTokens += tokens;
  }
  flush();
  // token counts are nearly additive, not exactly: check each piece and cut finer where needed
  return pieces.flatMap((piece) =>
    estimateTokens(piece) <= maxTokens || level + 1 >= LEVELS.length
      ? [piece]
      : splitAt(piece, maxTokens, level + 1),
  );
}
