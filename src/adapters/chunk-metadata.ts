import type { CitationOffsets } from '../cite/citation-contract.js';
import { type CanonicalChunkFields, freshChunkFields } from '../pipeline/canonical-fields.js';
import { documentSectionRecords } from '../pipeline/precompute-write.js';
import { placeKey } from '../pipeline/section-records.js';
import type { SectionRecord } from '../store/section-record.js';
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
  /**
   * The chunk's legible section, as search hits and `cairn export chunks` name it: heading
   * slugs joined by `/` (`what-is-ownership/ownership-rules`), a regulation citation for
   * eCFR; `-` (`NO_SECTION_ID`) for text before any heading. The dot path is the chunk ID's `s=`.
   */
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
    section_id: legibleSectionId(doc, chunk),
    heading_path: chunk.heading_path,
    page: chunk.page,
    tokens: chunk.token_count,
    offsets: { start: chunk.span.start, end: chunk.span.end, unit: 'char' },
  };
}

/** Each parsed document's section records by dot path, made once for all its chunks. */
const recordsOf = new WeakMap<CairnDocument, Map<string, SectionRecord>>();

/** The section id an ingest of the same text would give the chunk (the sections table's key). */
function legibleSectionId(doc: CairnDocument, chunk: SourcePiece['chunk']): string {
  let records = recordsOf.get(doc);
  if (records === undefined) {
    records = new Map(documentSectionRecords(doc).map((r) => [r.sect_path, r]));
    recordsOf.set(doc, records);
  }
  const key = placeKey(records, {
    section_id: chunk.sect_path,
    page: chunk.page,
    json_pointer: chunk.json_pointer ?? '',
    char_start: chunk.span.start,
  });
  return key?.id ?? (chunk.sect_path || NO_SECTION_ID);
}
