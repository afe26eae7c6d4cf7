import type { Format } from '../types.js';

/**
 * The version of the document model each format's parser makes: raised
 * whenever a parser change gives the same bytes other blocks, sections or
 * pages. A stored version is the same version only under the same canonical
 * text and the same model version, so a re-ingest of unchanged bytes under a
 * new parser stores a new version, aligned with the old one (its chunk IDs
 * carried over where the chunks are the same, the others redirected).
 * Stores written before versions were recorded count as version 1.
 *
 * - html 2: Readability furniture, permalink marks out of titles, MathML
 *   and TeX annotations as formula text.
 * - pdf 2: running headers, footers and page numbers as furniture; a
 *   paragraph across a page break is one block; page geometry.
 * - json 2: title-like keys name the sections of the nodes below them.
 * - ecfr 2: a designator that reads as a letter or a roman numeral ((i),
 *   (v), (x)) is placed by the designators that follow it.
 */
export const MODEL_VERSIONS: Readonly<Record<Format, number>> = Object.freeze({
  text: 1,
  markdown: 1,
  ecfr: 2,
  html: 2,
  json: 2,
  ipynb: 1,
  pdf: 2,
});

/** The model version of `format`'s parser (1 for a format this build does not know). */
export function modelVersionOf(format: Format): number {
  return MODEL_VERSIONS[format] ?? 1;
}
