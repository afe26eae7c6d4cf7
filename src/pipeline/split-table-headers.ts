import { type TableHeader, tableHeaderOf } from '../chunk/table-header.js';
import { OffsetIndex } from '../load/offset-index.js';
import { partitionPoint } from '../partition-point.js';
import type { CairnDocument } from '../types.js';

/**
 * For each stored chunk (code point `start`), the header row of the table it
 * starts inside past that row: what the chunker gave as `context` and the
 * store does not keep, derived again from the stored model so the viewer
 * can show it above a later part of a split table. Null for other chunks.
 */
export function splitTableHeaders(
  doc: Pick<CairnDocument, 'canonical' | 'blocks'>,
  chunks: readonly { start: number }[],
): (string | null)[] {
  const blocks = doc.blocks;
  let index: OffsetIndex | null = null;
  const headers = new Map<number, TableHeader | null>();
  return chunks.map(({ start }) => {
    const at = partitionPoint(blocks.length, (i) => blocks[i]!.span.end <= start);
    const block = blocks[at];
    if (block === undefined || block.type !== 'table' || block.span.start >= start) return null;
    let header = headers.get(block.index);
    if (header === undefined) {
      index ??= new OffsetIndex(doc.canonical);
      header = tableHeaderOf(index, block);
      headers.set(block.index, header);
    }
    return header !== null && start >= header.end ? header.text : null;
  });
}
