// Shared by scripts/html-article-figures.mjs and its test: words of an
// article, and a page's chunk figures against them.
// The cairn functions come in as `lib` (the built package for the script,
// the sources for the test), so both measure with the same code.
import { readFileSync } from 'node:fs';

const WORD = /[\p{L}\p{N}]+/gu;

/** Lower-cased words of a text, counted. */
export function countWords(text) {
  const counts = new Map();
  for (const word of text.toLowerCase().match(WORD) ?? [])
    counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

/** The article: the visible text of the expected reader view (its canonical text, all of it). */
export async function articleText(lib, bytes) {
  const doc = await lib.parseDocument({
    bytes: new Uint8Array(bytes),
    source_url: 'expected.html',
    format: 'html',
  });
  return doc.canonical;
}

function compare(chunks, article) {
  const words = countWords(chunks.map((c) => c.text).join('\n'));
  let chunkWords = 0;
  let shared = 0;
  for (const [word, n] of words) {
    chunkWords += n;
    shared += Math.min(n, article.get(word) ?? 0);
  }
  let articleWords = 0;
  for (const n of article.values()) articleWords += n;
  const round = (x) => Math.round(x * 1000) / 1000;
  return {
    chunk_words: chunkWords,
    shared_words: shared,
    precision: chunkWords === 0 ? 0 : round(shared / chunkWords),
    recall: articleWords === 0 ? 1 : round(shared / articleWords),
  };
}

/** Default chunks (furniture left out) and chunks with furniture, against the article's words. */
export async function pageFigures(lib, path, article) {
  const doc = await lib.parseDocument({ bytes: readFileSync(path), source_url: path });
  const chunker = lib.defaultChunkerRegistry().get('default');
  let articleWords = 0;
  for (const n of article.values()) articleWords += n;
  return {
    article_words: articleWords,
    furniture_blocks: doc.blocks.filter((b) => b.type === 'furniture').length,
    blocks: doc.blocks.length,
    before: compare(chunker.chunk(doc, { include_furniture: true }), article),
    after: compare(chunker.chunk(doc), article),
  };
}
