import { CairnError } from '../errors.js';
import { boxesForSpan, type PageBox } from '../parse/pdf/boxes-for-span.js';
import type { ChunkRow, ChunkStore } from '../store/types.js';

export interface ChunkBoxes {
  /** The pages the boxes are on: crop box `[x0, y0, x1, y1]` (PDF user space) and /Rotate. */
  pages: { number: number; view: [number, number, number, number]; rotate: number }[];
  /** One rectangle per line of the chunk's text, in reading order, inside its page's crop box. */
  boxes: PageBox[];
  /** Whether the store holds the PDF the boxes were read from (`getVersionSource`). */
  has_source: boolean;
}

/**
 * Where a stored PDF chunk's text sits on its pages, from the version's
 * geometry: computed from the chunk's offsets at read time, so every
 * chunker's chunks (late chunking included) get boxes from one stored copy.
 */
export async function readChunkBoxes(store: ChunkStore, chunk: ChunkRow): Promise<ChunkBoxes> {
  const geometry = await store.getVersionGeometry(chunk.version_id);
  if (geometry === null) {
    throw new CairnError(
      'layout_not_found',
      `${chunk.chunk_id} has no page geometry: only PDF versions keep it, and those stored before it was kept do not (cairn rm --purge the document and ingest the file again)`,
      { details: { chunk_id: chunk.chunk_id } },
    );
  }
  const boxes = boxesForSpan(geometry, chunk.char_start, chunk.char_end);
  const numbers = new Set(boxes.map((box) => box.page));
  const source = await store.getVersionSource(chunk.version_id);
  return {
    pages: geometry
      .filter((page) => numbers.has(page.number))
      .map((page) => ({ number: page.number, view: page.view, rotate: page.rotate })),
    boxes,
    has_source: source !== null,
  };
}
