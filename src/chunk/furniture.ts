import { OffsetIndex } from '../load/offset-index.js';
import type { Block, CairnDocument } from '../types.js';
import type { TextUnit } from './text-units.js';

/** Page furniture (running headers and footers, page numbers, navigation): kept in the model, left out of chunks by default. */
export function isFurniture(block: Pick<Block, 'type'>): boolean {
  return block.type === 'furniture';
}

/**
 * The unit with its furniture blocks cut out: the stretches between them,
 * each chunked on its own so that no chunk's text (a slice of the canonical
 * text) holds a header, a footer or a page number. The pieces after the
 * first say `continues`: they are still one unit for its chunk limit.
 */
export function cutFurniture(doc: CairnDocument, text: string, unit: TextUnit): TextUnit[] {
  const furniture = doc.blocks.filter(isFurniture);
  if (furniture.length === 0) return [unit];
  const index = new OffsetIndex(text);
  const pieces: TextUnit[] = [];
  let from = unit.start16;
  const push = (end16: number): void => {
    if (end16 > from) pieces.push({ ...unit, start16: from, end16, continues: pieces.length > 0 });
  };
  for (const block of furniture) {
    const start16 = index.index16(block.span.start);
    const end16 = index.index16(block.span.end);
    if (end16 <= unit.start16 || start16 >= unit.end16) continue;
    push(Math.max(from, start16));
    from = Math.max(from, Math.min(end16, unit.end16));
  }
  push(unit.end16);
  return pieces;
}
