import { CairnError } from '../errors.js';
import type { CairnDocument } from '../types.js';
import type { ChunkIdParts } from './chunk-id-parts.js';
import { formatChunkId } from './format-chunk-id.js';

/** What minting reads of a chunk: where it starts in the document's blocks. */
export interface ChunkAnchor {
  /** Index into `doc.blocks` of the block the chunk starts in; null when it has none. */
  first_block: number | null;
  /** Which piece of that block it starts at when one block is split over several chunks. */
  block_part?: number | null;
  /** 1-based page where the chunk starts (paged formats). */
  page?: number | null;
  /** Index into `doc.sections`, used only when the chunk has no block. */
  section?: number | null;
}

export interface MintOptions {
  /** The lineage revision to write as `r=`; default `doc.rev` cut to `rev_length`. */
  rev?: string;
  /** Hex digits of `doc.rev` to use (8, or 12 and more after a collision, see `chooseRevLengths`). */
  rev_length?: number;
}

/**
 * IDs for the chunks of a fresh document, in chunk order: a function of the
 * document's section tree, blocks and pages and of where each chunk starts,
 * nothing else (no clock, no randomness, no object key order), so every
 * process mints the same IDs for the same input.
 */
export function mintChunkIds(
  doc: CairnDocument,
  chunks: readonly ChunkAnchor[],
  options: MintOptions = {},
): string[] {
  return mintChunkIdParts(doc, chunks, options).map(formatChunkId);
}

function mintChunkIdParts(
  doc: CairnDocument,
  chunks: readonly ChunkAnchor[],
  options: MintOptions = {},
): ChunkIdParts[] {
  const rev = options.rev ?? doc.rev.slice(0, options.rev_length ?? 8);
  // The seed's fallback: a paged document without headings numbers blocks within pages.
  const byPage = doc.sections.length === 0 && doc.pages.length > 0;
  const groupOf = (section: number | null, page: number | null): string =>
    byPage ? `p${page ?? 0}` : section === null ? '' : doc.sections[section]!.sect_path;
  const ordinals = blockOrdinals(doc, (block) => groupOf(block.section, block.page));

  const out: ChunkIdParts[] = [];
  let previous: ChunkIdParts | null = null;
  for (const [index, chunk] of chunks.entries()) {
    const block = chunk.first_block === null ? null : doc.blocks[chunk.first_block];
    if (block === undefined) {
      throw new CairnError(
        'internal_invariant',
        `Chunk ${index} starts in block ${chunk.first_block}, which the document does not have`,
      );
    }
    const parts: ChunkIdParts = {
      doc_uid: doc.doc_uid,
      rev,
      sect_path:
        block === null
          ? groupOf(chunk.section ?? null, chunk.page ?? null)
          : groupOf(block.section, block.page),
      page: chunk.page ?? block?.page ?? 0,
      // Block 0 stays free for chunks inserted before the first one (see insert-chunk-ids).
      block: block === null ? 1 : ordinals[block.index]!,
      part: chunk.block_part ?? 0,
      insert: '',
    };
    if (previous !== null && previous.sect_path === parts.sect_path) keepAscending(previous, parts);
    out.push(parts);
    previous = parts;
  }
  return out;
}

/** 1-based position of each block among the blocks of its group (section, or page). */
function blockOrdinals(
  doc: CairnDocument,
  groupOf: (block: CairnDocument['blocks'][number]) => string,
): number[] {
  const counts = new Map<string, number>();
  return doc.blocks.map((block) => {
    const group = groupOf(block);
    const ordinal = (counts.get(group) ?? 0) + 1;
    counts.set(group, ordinal);
    return ordinal;
  });
}

/**
 * Chunks come in reading order, but two may start in the same block piece
 * (a character chunker with overlap), a block without a page may follow
 * one with a page, or a chunk may have no block at all: the page never
 * goes back within a section and the part goes up, so IDs stay unique and
 * ascending.
 */
function keepAscending(previous: ChunkIdParts, parts: ChunkIdParts): void {
  if (parts.page < previous.page) parts.page = previous.page;
  if (parts.page !== previous.page) return;
  if (parts.block < previous.block) parts.block = previous.block;
  if (parts.block === previous.block && parts.part <= previous.part) parts.part = previous.part + 1;
}
