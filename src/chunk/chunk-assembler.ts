import { isDerivedHeadingPath } from '../derived-heading-path.js';
import { CairnError } from '../errors.js';
import { OffsetIndex } from '../load/offset-index.js';
import { partitionPoint } from '../partition-point.js';
import type { Block, BlockType, CairnDocument, Section, Span } from '../types.js';
import { checkChunkCount } from './chunk-limits.js';
import { SpanCursor } from './span-cursor.js';
import { type TableHeader, tableHeaderOf } from './table-header.js';
import type { ChunkSource, TextUnit } from './text-units.js';
import type { Chunk, ChunkLimits, ChunkSplitReason } from './types.js';

export interface ChunkExtras {
  block_part?: number | null;
  split_reason?: ChunkSplitReason;
}

/**
 * Turns UTF-16 ranges picked by a chunker into `Chunk`s: converts offsets
 * once per boundary, then reads sections, pages and blocks from the model by
 * binary search. Chunkers only decide where to cut.
 */
export class ChunkAssembler {
  readonly chunks: Chunk[] = [];
  private readonly text: string;
  private readonly doc: CairnDocument | null;
  private readonly includeHeaders: boolean;
  private readonly limits: ChunkLimits;
  private readonly cursor: SpanCursor;
  private unit: TextUnit | null = null;
  private unitFirst = 0;
  private last16 = -1;
  /** Built on the first chunk that starts inside a table: most texts never need it. */
  private offsets: OffsetIndex | null = null;
  private readonly headers = new Map<number, TableHeader | null>();
  /**
   * Heading contexts by section index, each built on its parent's: an eCFR
   * paragraph's path is eight headings long, and a chunk per paragraph joined
   * afresh held a copy of all of them.
   */
  private readonly contexts = new Map<number, string>();

  constructor(source: ChunkSource, options: { includeHeaders: boolean; limits: ChunkLimits }) {
    this.text = source.text;
    this.doc = source.doc;
    this.includeHeaders = options.includeHeaders;
    this.limits = options.limits;
    this.cursor = new SpanCursor(source.text);
  }

  /** The text holds surrogates (found while indexing offsets, so chunkers need no pass of their own). */
  get surrogates(): boolean {
    return this.cursor.surrogates;
  }

  /** Starts a text unit: chunk counts per node and JSON fields refer to it. */
  beginUnit(unit: TextUnit): void {
    if (unit.continues === true && this.unit !== null) {
      this.unit = unit;
      return;
    }
    this.endUnit();
    this.unit = unit;
    this.unitFirst = this.chunks.length;
  }

  /** Closes the current unit, filling in `total_chunks` for JSON nodes. */
  endUnit(): void {
    const unit = this.unit;
    if (unit === null) return;
    if (unit.json_pointer !== undefined) {
      const total = this.chunks.length - this.unitFirst;
      for (let i = this.unitFirst; i < this.chunks.length; i++)
        this.chunks[i]!.total_chunks = total;
    }
    this.unit = null;
  }

  /** Chunks so far in the current unit. */
  get unitCount(): number {
    return this.chunks.length - this.unitFirst;
  }

  /** Adds the chunk [start16, end16); a negative `tokenCount` means "count code points". */
  add(start16: number, end16: number, tokenCount: number, extras: ChunkExtras = {}): Chunk {
    if (!(end16 > start16) || start16 < this.last16) {
      throw new CairnError(
        'internal_invariant',
        `Chunk range ${start16}..${end16} is empty or starts before the previous chunk (${this.last16})`,
      );
    }
    const unit = this.unit;
    checkChunkCount(this.unitCount + 1, this.limits, unit ?? {});
    const span = this.cursor.span(start16, end16);
    const chunk: Chunk = {
      chunk_index: this.chunks.length,
      text: this.text.slice(start16, end16),
      span,
      token_count: tokenCount < 0 ? span.end - span.start : tokenCount,
      heading_path: [],
      sect_path: null,
      section: null,
      page: null,
      block_types: [],
      first_block: null,
      last_block: null,
      block_part: extras.block_part ?? null,
    };
    if (extras.split_reason !== undefined) chunk.split_reason = extras.split_reason;
    if (this.doc) this.describe(chunk, this.doc, span);
    if (unit?.json_pointer !== undefined) {
      chunk.json_pointer = unit.json_pointer;
      chunk.node_chunk_index = this.unitCount;
      chunk.total_chunks = 0;
      chunk.node_start = span.start - (unit.node_start ?? 0);
      chunk.node_end = span.end - (unit.node_start ?? 0);
    }
    this.last16 = start16;
    this.chunks.push(chunk);
    return chunk;
  }

  finish(): Chunk[] {
    this.endUnit();
    return this.chunks;
  }

  private describe(chunk: Chunk, doc: CairnDocument, span: Span): void {
    const section = enclosingSection(doc.sections, span);
    let context: string | null = null;
    if (section) {
      chunk.section = section.index;
      chunk.sect_path = section.sect_path;
      chunk.heading_path = section.heading_path;
      if (this.includeHeaders && section.heading_path.length > 0) {
        context = this.headingContext(section, doc.sections);
      }
    }
    chunk.page = pageAt(doc, span.start);
    const blocks = doc.blocks;
    let i = firstBlockEndingAfter(blocks, span.start);
    const types: BlockType[] = [];
    for (; i < blocks.length && blocks[i]!.span.start < span.end; i++) {
      const block = blocks[i]!;
      if (chunk.first_block === null) chunk.first_block = block.index;
      chunk.last_block = block.index;
      if (!types.includes(block.type)) types.push(block.type);
    }
    // a copy the size of its elements: the pushed array keeps room for 16, in every chunk
    chunk.block_types = types.slice();
    const header = this.splitTableHeader(doc, chunk);
    if (header !== null) context = context === null ? header : `${context}\n${header}`;
    if (context !== null) chunk.context = context;
  }

  /** A section's heading path joined with ` > `: its parent's context and its own title where its path extends the parent's. */
  private headingContext(section: Section, sections: readonly Section[]): string {
    let context = this.contexts.get(section.index);
    if (context !== undefined) return context;
    const path = section.heading_path;
    const parent = section.parent === null ? undefined : sections[section.parent];
    context =
      parent !== undefined &&
      parent.heading_path.length > 0 &&
      isDerivedHeadingPath(sections, section)
        ? `${this.headingContext(parent, sections)} > ${path[path.length - 1]}`
        : path.join(' > ');
    this.contexts.set(section.index, context);
    return context;
  }

  /** The header row of the table a chunk starts inside, past that row (a later part of a split table). */
  private splitTableHeader(doc: CairnDocument, chunk: Chunk): string | null {
    if (chunk.first_block === null) return null;
    const block = doc.blocks[chunk.first_block]!;
    if (block.type !== 'table' || chunk.span.start <= block.span.start) return null;
    let header = this.headers.get(block.index);
    if (header === undefined) {
      this.offsets ??= new OffsetIndex(this.text);
      header = tableHeaderOf(this.offsets, block);
      this.headers.set(block.index, header);
    }
    return header !== null && chunk.span.start >= header.end ? header.text : null;
  }
}

/** The innermost section whose span holds the whole chunk. */
function enclosingSection(sections: Section[], span: Span): Section | null {
  // sections are in document order, nested spans: the last one starting at or before the chunk
  const found = partitionPoint(sections.length, (i) => sections[i]!.span.start <= span.start) - 1;
  let section = found < 0 ? null : sections[found]!;
  while (section && section.span.end < span.end) {
    section = section.parent === null ? null : sections[section.parent]!;
  }
  return section;
}

function pageAt(doc: CairnDocument, start: number): number | null {
  const pages = doc.pages;
  const found = partitionPoint(pages.length, (i) => pages[i]!.span.start <= start) - 1;
  return found < 0 ? null : pages[found]!.number;
}

function firstBlockEndingAfter(blocks: Block[], start: number): number {
  return partitionPoint(blocks.length, (i) => blocks[i]!.span.end <= start);
}
