import type { defaultChunkerRegistry } from '../src/chunk/chunker-registry.js';
import type { parseDocument } from '../src/parse/parse-document.js';

export interface ArticleLib {
  parseDocument: typeof parseDocument;
  defaultChunkerRegistry: typeof defaultChunkerRegistry;
}
export interface SideFigures {
  chunk_words: number;
  shared_words: number;
  precision: number;
  recall: number;
}
export interface PageFigures {
  article_words: number;
  furniture_blocks: number;
  blocks: number;
  before: SideFigures;
  after: SideFigures;
}
export function countWords(text: string): Map<string, number>;
export function articleText(lib: ArticleLib, bytes: Uint8Array): Promise<string>;
export function pageFigures(
  lib: ArticleLib,
  path: string,
  article: Map<string, number>,
): Promise<PageFigures>;
