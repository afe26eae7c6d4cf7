import type { Embedder } from './types.js';

export interface HashEmbedderOptions {
  /** Vector length (default 512). */
  dimensions?: number;
}

const DEFAULT_DIMENSIONS = 512;
const WORD = /[\p{L}\p{N}]+/gu;
const CHAR_GRAM = 4;

/**
 * A lexical embedder, built in: feature hashing of the text's lowercased
 * words, word pairs and character 4-grams into a signed vector, L2-normalised.
 * Its cosine measures shared wording, not meaning: it finds nothing a
 * synonym would. It serves air-gapped use and tests, where no model can be
 * downloaded; a real model plugs in through the `openai:` provider.
 */
export function createHashEmbedder(options: HashEmbedderOptions = {}): Embedder {
  const dimensions = options.dimensions ?? DEFAULT_DIMENSIONS;
  if (!Number.isInteger(dimensions) || dimensions < 8 || dimensions > 65536) {
    throw new RangeError(
      `hash embedder dimensions must be an integer from 8 to 65536, not ${dimensions}`,
    );
  }
  return {
    id: `hash-v1:${dimensions}:word1-2+char${CHAR_GRAM}:l2`,
    dimensions,
    lexical: true,
    embed: async (texts) => texts.map((text) => hashVector(text, dimensions)),
  };
}

function hashVector(text: string, dimensions: number): Float32Array {
  const vector = new Float32Array(dimensions);
  const words = text.toLowerCase().match(WORD) ?? [];
  const add = (feature: string, weight: number): void => {
    const h = fnv1a(feature);
    // the top bit picks the sign, so that collisions cancel out on average instead of piling up
    vector[(h & 0x7fffffff) % dimensions]! += h < 0 ? -weight : weight;
  };
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    add(`w:${word}`, 1);
    if (i + 1 < words.length) add(`b:${word} ${words[i + 1]}`, 0.5);
    const padded = ` ${word} `;
    const points = [...padded];
    for (let j = 0; j + CHAR_GRAM <= points.length; j++) {
      add(`c:${points.slice(j, j + CHAR_GRAM).join('')}`, 0.25);
    }
  }
  let norm = 0;
  for (const x of vector) norm += x * x;
  if (norm > 0) {
    const scale = 1 / Math.sqrt(norm);
    for (let i = 0; i < dimensions; i++) vector[i]! *= scale;
  }
  return vector;
}

/** FNV-1a over UTF-16 code units, as a signed 32-bit integer. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}
