import type { CitationOffsets } from '../cite/citation-contract.js';
import { type CanonicalChunkFields, freshChunkFields } from '../pipeline/canonical-fields.js';
import { type CairnDocument, NO_SECTION_ID } from '../types.js';
import type { SourcePiece } from './split-source-text.js';

/**
 * What a framework document or node made by a cairn adapter carries about
 * its chunk, named as in the citation payload (seed 001) so that projecting
 * it back is a lookup: `offsets` are code points into the canonical text,
 * half-open, as everywhere in cairn.
 */
export interface CairnChunkMetadata extends CanonicalChunkFields {
  /** The chunk ID: the payload's `snippet_id`. */
  chunk_id: string;
  doc_id: string;
  /** The document's full revision (sha1 of the normalized text), as citations name it. */
  rev: string;
  source_url: string;
  /** The chunk's section path (`2.4`); `-` (`NO_SECTION_ID`) for text before any heading. */
  section_id: string;
  heading_path: string[];
  page: number | null;
  /** Size in the chunker's unit. */
  tokens: number;
  offsets: CitationOffsets;
}

/** The keys of `CairnChunkMetadata`, for frameworks that list metadata keys to leave out of prompts. */
export const CHUNK_METADATA_KEYS = [
  'chunk_id',
  'chunker_id',
  'doc_id',
  'rev',
  'source_url',
  'section_id',
  'heading_path',
  'page',
  'tokens',
  'offsets',
  'hash',
  'block_type',
  'anchor',
] as const satisfies readonly (keyof CairnChunkMetadata)[];

export function chunkMetadata(
  doc: CairnDocument,
  piece: SourcePiece,
  chunker_id: string,
): CairnChunkMetadata {
  const { chunk } = piece;
  return {
    chunk_id: piece.chunk_id,
    ...freshChunkFields(chunk, chunker_id),
    doc_id: doc.doc_uid,
    rev: doc.rev,
    source_url: doc.source_url,
    section_id: chunk.sect_path || NO_SECTION_ID,
    heading_path: chunk.heading_path,
    page: chunk.page,
    tokens: chunk.token_count,
    offsets: { start: chunk.span.start, end: chunk.span.end, unit: 'char' },
  };
}
