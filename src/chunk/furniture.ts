import type { Block } from '../types.js';

/** Page furniture (running headers and footers, page numbers, navigation): kept in the model, left out of chunks by default. */
export function isFurniture(block: Pick<Block, 'type'>): boolean {
  return block.type === 'furniture';
}
