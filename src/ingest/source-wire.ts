import type { Chunk } from '../chunk/types.js';
import { derivedHeadingPath, isDerivedHeadingPath } from '../derived-heading-path.js';
import type { Section } from '../types.js';
import { type BlockTable, packBlocks, unpackBlocks } from './block-table.js';
import { type ChunkTable, packChunks, unpackChunks } from './chunk-table.js';
import type { SourceResult } from './process-source.js';

/**
 * A `SourceResult` as a worker posts it. The structured clone copies every
 * string it meets, even the same string many times: for a 4 MB eCFR chapter
 * the section heading paths (each title repeated in every descendant), the
 * chunks' `context` and the chunk texts (each a copy of a piece of
 * `canonical`) were 27 of the clone's 46 MB, and as many fresh strings on
 * the writer's heap. What the writer can rebuild is left out, and rebuilt
 * there sharing memory (a chunk's text as a slice of `canonical`, a heading
 * path from its parent's strings). `context` is left out: the store keeps
 * no copy of it.
 */
export interface WireResult {
  result: SourceResult;
  /** Section heading paths were emptied: rebuild them from parent and title. */
  section_paths: boolean;
  /** Chunk heading paths were emptied: each is its section's (`[]` without one). */
  chunk_paths: boolean;
  /** Chunk texts were emptied: each is `canonical.slice(span.start, span.end)` (no surrogates). */
  chunk_texts: boolean;
  /** The blocks, emptied from the document, as columns (`packBlocks`); null: they travel as they are. */
  blocks: BlockTable | null;
  /** The chunks, emptied from the result, as columns (`packChunks`); null: they travel as they are. */
  chunks: ChunkTable | null;
}

/**
 * Empties, in place, what `unpackResult` can rebuild exactly; whatever fails
 * the check travels as it is. The result must not be used after this.
 * Chunks lose their `context` unless `keep_context` is set.
 */
export function packResult(
  result: SourceResult,
  options: { keep_context?: boolean } = {},
): WireResult {
  const { doc, chunks } = result;
  const sectionPaths = doc.sections.every((section) => isDerivedHeadingPath(doc.sections, section));
  const chunkPaths = chunks.every((chunk) => isSectionPath(doc.sections, chunk));
  // Without surrogate pairs, code point offsets are UTF-16 offsets.
  const chunkTexts =
    !/[\uD800-\uDFFF]/.test(doc.canonical) &&
    chunks.every((chunk) => doc.canonical.slice(chunk.span.start, chunk.span.end) === chunk.text);
  for (const chunk of chunks) {
    if (options.keep_context !== true) delete chunk.context;
    if (chunkPaths) chunk.heading_path = [];
    if (chunkTexts) chunk.text = '';
  }
  if (sectionPaths) for (const section of doc.sections) section.heading_path = [];
  const blocks = packBlocks(doc.blocks);
  if (blocks !== null) doc.blocks = [];
  const chunkTable = packChunks(chunks, doc.sections, {
    texts: chunkTexts,
    heading_paths: chunkPaths,
  });
  return {
    result: chunkTable === null ? result : { ...result, chunks: [] },
    section_paths: sectionPaths,
    chunk_paths: chunkPaths,
    chunk_texts: chunkTexts,
    blocks,
    chunks: chunkTable,
  };
}

/** The result a `packResult` message stands for, built in place. */
export function unpackResult(wire: WireResult): SourceResult {
  const { doc } = wire.result;
  if (wire.blocks) doc.blocks = unpackBlocks(wire.blocks);
  if (wire.chunks) wire.result.chunks = unpackChunks(wire.chunks, doc.sections);
  const { chunks } = wire.result;
  if (wire.section_paths) {
    // Parents come before their children, so each parent's path is rebuilt first.
    for (const section of doc.sections)
      section.heading_path = derivedHeadingPath(doc.sections, section);
  }
  for (const chunk of chunks) {
    if (wire.chunk_paths && chunk.section !== null)
      chunk.heading_path = doc.sections[chunk.section]!.heading_path;
    if (wire.chunk_texts) chunk.text = doc.canonical.slice(chunk.span.start, chunk.span.end);
  }
  return wire.result;
}

function isSectionPath(sections: readonly Section[], chunk: Chunk): boolean {
  if (chunk.section === null) return chunk.heading_path.length === 0;
  const sectionPath = sections[chunk.section]?.heading_path;
  if (sectionPath === undefined) return false;
  return (
    chunk.heading_path === sectionPath ||
    (chunk.heading_path.length === sectionPath.length &&
      sectionPath.every((title, i) => chunk.heading_path[i] === title))
  );
}
