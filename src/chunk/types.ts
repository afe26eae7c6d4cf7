import type { BlockType, CairnDocument, Span } from '../types.js';

/**
 * Why a chunk cuts through something the chunker otherwise keeps whole:
 * - `oversize_atomic`: a table, code block or formula alone exceeds the cap, so it
 *   was split on rows or lines (then words, then tokens).
 * - `oversize_block`: any other block alone exceeds the cap (sentences, then words).
 * - `oversize_grapheme`: a single grapheme cluster (say, a base letter with
 *   thousands of combining marks) exceeds the cap, so the cut falls inside it
 *   on a code point boundary. The only case where a boundary is not a grapheme
 *   boundary.
 */
export type ChunkSplitReason = 'oversize_atomic' | 'oversize_block' | 'oversize_grapheme';

/**
 * A derived segment of a document. `text` is always
 * `Array.from(canonical).slice(span.start, span.end).join('')`: nothing is
 * added or normalised, so offsets cite the source exactly.
 */
export interface Chunk {
  /** 0-based, sequential in document order across the whole result. */
  chunk_index: number;
  text: string;
  /** Code points and UTF-8 bytes into the document's canonical text, half-open. */
  span: Span;
  /**
   * The chunk's size in its chunker's own unit, the unit its budget counts,
   * so not comparable across chunkers despite the name: code points for
   * `char` (and `sentence` with `unit: 'char'`); whitespace-separated words
   * for `token-like` (a run without spaces counts one word per
   * `max_word_chars` code points); tokens of the chunker's tokenizer
   * (cl100k_base unless configured) for `token`, `structure` and `sentence`
   * with `unit: 'token'`. Stored as the chunk row's `tokens` and carried as
   * is into the citation payload's `tokens`.
   */
  token_count: number;
  /** Titles of the innermost section that contains the whole chunk, root first; [] when none. */
  heading_path: string[];
  sect_path: string | null;
  /** Index into `CairnDocument.sections` of that section. */
  section: number | null;
  /** 1-based page where the chunk starts (paged formats); null otherwise. */
  page: number | null;
  /** Types of the blocks the chunk overlaps, in order of first appearance. */
  block_types: BlockType[];
  /** Indices into `CairnDocument.blocks` of the first and last blocks the chunk overlaps. */
  first_block: number | null;
  last_block: number | null;
  /** When one block is spread over several chunks: this chunk's 0-based part; else null. */
  block_part: number | null;
  split_reason?: ChunkSplitReason;
  /**
   * The heading path as a prefix for embedding (`include_headers`), kept out of
   * `text` so that slicing the canonical text still gives `text` back.
   */
  context?: string;
  /** JSON documents: the RFC 6901 pointer of the string node the chunk comes from. */
  json_pointer?: string;
  /** JSON documents: 0-based index of the chunk within its node, and the node's chunk count. */
  node_chunk_index?: number;
  total_chunks?: number;
  /** JSON documents: code point offsets within the node's own string (seed 004 `char_start/char_end`). */
  node_start?: number;
  node_end?: number;
  anchors?: Record<string, unknown>;
}

/**
 * Per-call tuning from seed 002. A chunker applies the fields that make sense
 * for its unit (tokens for `token`, `token-like`, `structure`, `sentence`,
 * `semantic`; characters for `char`, and for `sentence` when only character
 * fields are given) and ignores the others. `strategy` names a registered
 * chunker (a name or an alias, `semantic` included) that takes the call
 * instead, tuned by the other fields; an unknown one is `invalid_option`
 * listing the known names.
 */
export interface ChunkingOptions {
  include_headers?: boolean;
  /** Keep the model's `furniture` blocks (page navigation, sidebars, running headers) in chunks. */
  include_furniture?: boolean;
  max_chunk_tokens?: number;
  overlap_tokens?: number;
  max_chunk_chars?: number;
  overlap_chars?: number;
  strategy?: string;
}

/** Safety limits (seed 004): refusing is better than exhausting memory. */
export interface ChunkLimits {
  /** A text unit (a document, or one JSON string node) longer than this many code points is refused. */
  max_content_chars: number;
  /** A text unit that would give more chunks than this is refused. */
  max_chunks_per_node: number;
}

/** A JSON-compatible description of a chunker's effective configuration. */
export type ChunkerConfig = { [key: string]: string | number | boolean | null | string[] };

/**
 * A reusable, deterministic chunker. Instances hold no per-call state, so one
 * instance may serve any number of callers.
 */
export interface Chunker {
  /** `<name>@<version>:<config_hash>`; the hash covers every setting that can change the output. */
  readonly chunker_id: string;
  readonly name: string;
  readonly version: string;
  /** The effective configuration that `chunker_id` hashes. */
  readonly config: Readonly<ChunkerConfig>;
  readonly limits: Readonly<ChunkLimits>;
  /**
   * Chunks a document, or a string taken as a plain-text document. With
   * options that change the configuration, the chunks are those of
   * `configure(options)`, whose `chunker_id` names them.
   */
  chunk(input: CairnDocument | string, options?: ChunkingOptions): Chunk[];
  /** The chunker for this configuration with `options` applied (itself when nothing changes). */
  configure(options?: ChunkingOptions): Chunker;
  /**
   * The same chunker (same id, same chunks) with other safety limits; the
   * built-in chunkers have it. A chunker without it keeps its own limits,
   * and `cairn chunk`/`cairn ingest` refuse limit flags for it.
   */
  withLimits?(limits: Partial<ChunkLimits>): Chunker;
  /**
   * Present on chunkers that must wait for something per document (the
   * `semantic` chunker asks an embedder): the chunks `chunk` cannot give
   * them synchronously, so their `chunk` throws `invalid_option`. `runChunker`
   * calls whichever a chunker has.
   */
  chunkAsync?(
    input: CairnDocument | string,
    options?: ChunkingOptions,
    call?: { signal?: AbortSignal },
  ): Promise<Chunk[]>;
}

/**
 * What the `semantic` chunker needs of an embedder (the embed stage's
 * `Embedder` is one): `id` names the model and enters the chunker's id.
 */
export interface SentenceEmbedder {
  readonly id: string;
  embed(texts: readonly string[], options?: { signal?: AbortSignal }): Promise<Float32Array[]>;
}
