import { createHash } from 'node:crypto';

/** What is embedded beside a chunk's own text. */
export type EmbedContext = 'heading_path' | 'none';

export const EMBED_CONTEXTS: readonly EmbedContext[] = ['heading_path', 'none'];

/**
 * The exact text an embedder sees for a chunk: with `heading_path`, the
 * chunk's headings joined by ` > ` on a line before its text, so that a
 * paragraph that never names its subject is embedded with it.
 */
export function embeddedText(
  chunk: { text: string; heading_path: readonly string[] },
  context: EmbedContext,
): string {
  if (context === 'none' || chunk.heading_path.length === 0) return chunk.text;
  return `${chunk.heading_path.join(' > ')}\n\n${chunk.text}`;
}

/** The cache key's text part: sha256 hex of the UTF-8 embedded text. */
export function textHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
