import { DEFAULT_PIECE_UNITS, findPieceStarts, lineEndingBefore } from './find-piece-starts.js';
import { parseAcrossLongBlocks } from './parse-across-long-blocks.js';
import type { TopBlock } from './top-blocks.js';

/**
 * The top-level blocks of `markdown`, as `parseTopBlocks` gives them, but
 * parsed piece by piece where `findPieceStarts` allows, and a long table
 * or list a part at a time (`parseAcrossLongBlocks`), with every offset
 * moved back into the whole. micromark's cost grows faster than its input:
 * a 4 MB eCFR chapter parses in 1.69 s whole and
 * 0.81 s in pieces, at 146 MB of RSS instead of 241.
 */
export function parseBlocksInPieces(
  markdown: string,
  pieceUnits = DEFAULT_PIECE_UNITS,
): TopBlock[] {
  const starts = findPieceStarts(markdown, pieceUnits);
  // micromark counts the first piece's offsets from after a leading U+FEFF
  const bom = markdown.charCodeAt(0) === 0xfeff ? 1 : 0;
  // each piece after the first starts at the line ending before its heading, so no piece ends
  // in a line ending: a block left open at the end of a piece then ends where the whole's does
  const bounds = [0, ...starts.map((start) => lineEndingBefore(markdown, start)), markdown.length];
  const doc = { markdown, bom, pieceUnits };
  const blocks: TopBlock[] = [];
  for (let i = 0; i + 1 < bounds.length; i++)
    blocks.push(...parseAcrossLongBlocks(doc, bounds[i]!, bounds[i + 1]!));
  return blocks;
}
