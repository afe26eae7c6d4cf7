/**
 * The components of a chunk ID `<doc_uid>|r=<rev>|s=<sect>|p=<page>|b=<block>`
 * (grammar in docs/chunk-ids.md), as plain values.
 */
export interface ChunkIdParts {
  /** Any non-empty Unicode text; separators inside are percent-encoded in the ID. */
  doc_uid: string;
  /** Lineage revision: 8 to 40 lower-case hex digits (`rev8`, `rev12` after a collision). */
  rev: string;
  /**
   * `''` for text before the first heading (the document root), a dot path
   * of sibling ordinals such as `2.4.1`, or `p<n>` (`p5`) when a paged
   * document has no headings and the page stands in for the section.
   */
  sect_path: string;
  /** 1-based page where the chunk starts; 0 for formats without pages. */
  page: number;
  /** 1-based ordinal of the chunk's first block within its section (or page); 0 is kept free. */
  block: number;
  /** 0 when the chunk starts at its block's start; k when it starts at the k-th split point inside. */
  part: number;
  /** `''`, or the digits of a fraction in (0, 1) for a chunk inserted after a minor edit. */
  insert: string;
}

/** Digits a component is padded to before the length letters take over (see `encodeOrdinal`). */
export const SECTION_WIDTH = 2;
export const PAGE_WIDTH = 3;
export const BLOCK_WIDTH = 3;
export const PART_WIDTH = 2;

/** Ends a section path, sorting below `.` so that a section's own text comes before its subsections. */
export const SECTION_END = '-';
/** Starts the key of an inserted chunk; sorts below `.` so that it comes before the next part. */
export const INSERT_MARK = '+';
export const PART_MARK = '.';
