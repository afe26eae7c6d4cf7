/**
 * The document model every stage reads. Field names that cross a language
 * boundary (JSON output, SQL columns, the seeds' contracts) are snake_case.
 *
 * Offsets: `start`/`end` are Unicode code points into `canonical`, half-open
 * `[start, end)`; `start_byte`/`end_byte` are the same span in the UTF-8
 * encoding of `canonical`.
 */

export type Format = 'markdown' | 'ecfr' | 'text' | 'html' | 'json' | 'ipynb' | 'pdf';

export interface Span {
  start: number;
  end: number;
  start_byte: number;
  end_byte: number;
}

export type BlockType =
  | 'paragraph'
  | 'heading'
  | 'list'
  | 'table'
  | 'code'
  | 'formula'
  | 'quote'
  | 'thematic_break'
  | 'html'
  | 'front_matter'
  | 'definition'
  | 'footnote'
  | 'output'
  | 'json_string'
  /**
   * Page furniture: navigation, headers and footers, sidebars, related links,
   * comments, share bars; a PDF's running headers and page numbers. Kept in
   * the model (the canonical text and offsets do not change), left out of
   * chunks unless `include_furniture`.
   */
  | 'furniture';

/**
 * The `section_id` of text before any heading (a plain-text file, a
 * preamble). The citation payload's `section_id` must be a non-empty string
 * (seed 001's "human legible section key", and the JSON Schema's
 * minLength), so the store's null section is written as `-`, as the chunk
 * ID (`s=-`) and the trace line (`section_id=-`) write it. Search, traces
 * and the citation checks all read it from here.
 */
export const NO_SECTION_ID = '-';

/** Block types a chunker must never split unless one alone exceeds the hard cap. */
export const ATOMIC_BLOCK_TYPES: ReadonlySet<BlockType> = new Set(['table', 'code', 'formula']);

export interface Block {
  /** Position in `CairnDocument.blocks` (document order). */
  index: number;
  type: BlockType;
  span: Span;
  /** Index into `CairnDocument.sections` of the innermost enclosing section; null before any heading. */
  section: number | null;
  /** 1-based page for paged formats (PDF); null otherwise. */
  page: number | null;
  /** Heading depth for `heading` blocks. */
  depth?: number;
  /** Info string of a fenced code block or the cell language of a notebook. */
  lang?: string;
  /** HTML: the element's span in the source markup (code points and UTF-8 bytes of the decoded source). */
  source_span?: Span;
  /** Notebook: 0-based cell index. */
  cell?: number;
  /** JSON: RFC 6901 pointer of the string node this block is. */
  json_pointer?: string;
}

export interface Section {
  index: number;
  /** Index of the parent section; null for a top-level section. */
  parent: number | null;
  /** 1-based depth in the tree. */
  level: number;
  /** Dot path of 1-based sibling ordinals, e.g. `2.4.1`. */
  sect_path: string;
  /** Titles from the root down to this section. */
  heading_path: string[];
  title: string;
  /** Regulation designator (`§ 746.1`, `(a)`, `(1)`, `(i)`) when the section comes from one. */
  designator?: string;
  /** The heading itself; null when the section has no heading text of its own in the canonical layer. */
  heading_span: Span | null;
  /** From the heading to the start of the next section at the same or a shallower level. */
  span: Span;
  page: number | null;
}

export interface Page {
  /** 1-based page number. */
  number: number;
  span: Span;
}

/**
 * PDF: one item's text on its page, `[start, end, x0, y0, x1, y1, line,
 * flow]`: code points `[start, end)` of the canonical text, the glyph box in
 * PDF user space (points, y up), the ordinal of its visual line on the page,
 * and how characters advance in the box (0 left to right, 1 right to left,
 * 2 otherwise: rotated or vertical text, whose box only holds whole).
 */
export type TextRun = [number, number, number, number, number, number, number, 0 | 1 | 2];

/** PDF: where a page's text sits, for drawing a span's boxes on the page. */
export interface PageGeometry {
  /** 1-based page number. */
  number: number;
  /** The crop box `[x0, y0, x1, y1]` in PDF user space. */
  view: [number, number, number, number];
  /** /Rotate in degrees clockwise (0, 90, 180, 270). */
  rotate: number;
  /** Text runs in canonical order. */
  runs: TextRun[];
}

export interface JsonNode {
  /** RFC 6901 pointer of the string node (`~0` for `~`, `~1` for `/`). */
  json_pointer: string;
  span: Span;
}

/**
 * Something a parser kept but a reader should know: the document was built,
 * nothing was refused. Only present in a model that has one.
 */
export interface ParseWarning {
  /** `duplicate_json_key`: an object repeats a key; every value is kept as text, under the one pointer. */
  code: 'duplicate_json_key';
  message: string;
  /** RFC 6901 pointer the occurrences share. */
  json_pointer: string;
  /** Where the repeating key is: 1-based line and column (code points), byte offset in the source. */
  line: number;
  column: number;
  byte_offset: number;
}

export interface CairnDocument {
  doc_uid: string;
  source_url: string;
  media_type: string;
  format: Format;
  title: string | null;
  /** The canonical text layer all offsets point into. */
  canonical: string;
  /** sha256 hex of the UTF-8 canonical text. */
  content_hash: string;
  /** sha1 hex of `normalizeText(canonical)`; `rev8` in chunk IDs is its first 8 characters. */
  rev: string;
  /** Length of `canonical` in code points and in UTF-8 bytes. */
  length: number;
  byte_length: number;
  sections: Section[];
  blocks: Block[];
  pages: Page[];
  json_nodes: JsonNode[];
  /** What the parser kept but flags (absent when there is nothing to say). */
  warnings?: ParseWarning[];
  /** PDF: each page's frame and text runs (absent for other formats). */
  geometry?: PageGeometry[];
}
