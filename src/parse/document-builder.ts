import { CairnError } from '../errors.js';
import { collapseWhitespace } from '../load/collapse-whitespace.js';
import { deriveDocUid } from '../load/doc-uid.js';
import { sha256Hex } from '../load/hash.js';
import { OffsetIndex } from '../load/offset-index.js';
import { revisionHash } from '../load/revision-hash.js';
import { partitionPoint } from '../partition-point.js';
import type {
  Block,
  BlockType,
  CairnDocument,
  Format,
  JsonNode,
  Page,
  Section,
  Span,
} from '../types.js';
import { boundTitle } from './bound-title.js';
import { checkDocUid } from './guards.js';

export interface DocumentSource {
  canonical: string;
  format: Format;
  media_type: string;
  source_url: string;
  /** A stable id the source already has; else derived from `source_url`. */
  doc_uid?: string;
  title?: string | null;
  /** Where the source says it lives (an HTML canonical link): recorded as `source_url`; the doc_uid still derives from `source_url`. */
  canonical_url?: string | null;
}

export interface SectionInput {
  /**
   * Ordering rank that decides nesting: a section closes every open section
   * of the same or a greater rank (Markdown heading depth, or a designator's
   * depth below the headings). Tree level is derived, so skipped ranks
   * (h1 then h3) do not leave gaps in `sect_path`.
   */
  rank: number;
  title: string;
  /** Where the section starts (UTF-16 index); normally its heading's start. */
  start16: number;
  /** The heading text in the canonical layer, if it has one there. */
  heading?: { start16: number; end16: number };
  designator?: string;
  page?: number | null;
}

export interface BlockInput {
  type: BlockType;
  start16: number;
  end16: number;
  depth?: number;
  lang?: string;
  cell?: number;
  json_pointer?: string;
  /** Span in the decoded source markup (HTML), as UTF-16 indices into `sourceText`. */
  source16?: { start16: number; end16: number };
  page?: number | null;
}

interface OpenSection {
  index: number;
  rank: number;
}

interface PendingSection {
  parent: number | null;
  level: number;
  sect_path: string;
  heading_path: string[];
  title: string;
  designator?: string;
  start16: number;
  end16: number;
  heading: { start16: number; end16: number } | null;
  page: number | null;
}

/**
 * The one place parsers hand their findings to: they speak in UTF-16 indices
 * of the canonical string (what their libraries give), and `build()` converts
 * every span to code points and UTF-8 bytes at once. It also enforces what
 * every later stage relies on: blocks in order, not overlapping, not empty,
 * never splitting a surrogate pair.
 */
export class DocumentBuilder {
  private readonly source: DocumentSource;
  private readonly index: OffsetIndex;
  private readonly sections: PendingSection[] = [];
  private readonly open: OpenSection[] = [];
  private readonly childCounts = new Map<number | null, number>();
  private readonly blocks: BlockInput[] = [];
  /** The section each block was declared in, beside `blocks` (not a copy of each input with it). */
  private readonly blockSections: (number | null)[] = [];
  private readonly pages: { number: number; start16: number; end16: number }[] = [];
  private readonly jsonNodes: { json_pointer: string; start16: number; end16: number }[] = [];
  private sourceIndex: OffsetIndex | null = null;

  constructor(source: DocumentSource) {
    checkDocUid(source.doc_uid);
    this.source = { ...source, canonical: withoutNul(source.canonical) };
    this.index = new OffsetIndex(this.source.canonical);
  }

  get canonical(): string {
    return this.source.canonical;
  }

  /** The innermost open section, or null before the first one. */
  get currentSection(): number | null {
    return this.open.at(-1)?.index ?? null;
  }

  /** Declares the markup that `BlockInput.source16` points into (HTML). */
  setSourceText(text: string): void {
    this.sourceIndex = new OffsetIndex(text);
  }

  section(input: SectionInput): number {
    this.checkRange(input.start16, input.start16);
    if (input.heading) this.checkRange(input.heading.start16, input.heading.end16);
    const last = this.sections.at(-1);
    if (last && input.start16 < last.start16) {
      throw new CairnError(
        'internal_invariant',
        `Section "${input.title}" starts before the previous one`,
      );
    }
    while (this.open.length > 0 && this.open.at(-1)!.rank >= input.rank) {
      const closed = this.open.pop()!;
      this.sections[closed.index]!.end16 = input.start16;
    }
    const parent = this.open.at(-1)?.index ?? null;
    const ordinal = (this.childCounts.get(parent) ?? 0) + 1;
    this.childCounts.set(parent, ordinal);
    const parentSection = parent === null ? null : this.sections[parent]!;
    const index = this.sections.length;
    const title = boundTitle(collapseWhitespace(input.title).trim());
    const pending: PendingSection = {
      parent,
      level: this.open.length + 1,
      sect_path: parentSection ? `${parentSection.sect_path}.${ordinal}` : String(ordinal),
      // concat sizes the array to its elements; a spread leaves room for 20 more, in every section
      heading_path: parentSection ? parentSection.heading_path.concat(title) : [title],
      title,
      start16: input.start16,
      end16: this.source.canonical.length,
      heading: input.heading ?? null,
      page: input.page ?? null,
    };
    if (input.designator !== undefined) pending.designator = input.designator;
    this.sections.push(pending);
    this.open.push({ index, rank: input.rank });
    return index;
  }

  block(input: BlockInput): void {
    this.checkRange(input.start16, input.end16);
    if (input.end16 <= input.start16) {
      throw new CairnError('internal_invariant', `Empty ${input.type} block at ${input.start16}`);
    }
    const last = this.blocks.at(-1);
    if (last && input.start16 < last.end16) {
      throw new CairnError(
        'internal_invariant',
        `${input.type} block at ${input.start16} overlaps the previous block ending at ${last.end16}`,
      );
    }
    this.blocks.push(input);
    this.blockSections.push(this.currentSection);
  }

  page(number: number, start16: number, end16: number): void {
    this.checkRange(start16, end16);
    this.pages.push({ number, start16, end16 });
  }

  jsonNode(json_pointer: string, start16: number, end16: number): void {
    this.checkRange(start16, end16);
    this.jsonNodes.push({ json_pointer, start16, end16 });
  }

  build(): CairnDocument {
    const { canonical } = this.source;
    const span = (start16: number, end16: number): Span => this.index.span16(start16, end16);
    const pages: Page[] = this.pages.map((p) => ({
      number: p.number,
      span: span(p.start16, p.end16),
    }));
    const pageAt = (start16: number): number | null => {
      // pages arrive in order: the last one starting at or before start16
      const found = partitionPoint(this.pages.length, (i) => this.pages[i]!.start16 <= start16) - 1;
      return found < 0 ? null : this.pages[found]!.number;
    };
    const sections: Section[] = this.sections.map((s, index) => {
      const { parent, level, sect_path, heading_path, title, designator } = s;
      const heading_span = s.heading ? span(s.heading.start16, s.heading.end16) : null;
      const whole = span(s.start16, s.end16);
      const page = s.page ?? (this.pages.length > 0 ? pageAt(s.start16) : null);
      // Two literals rather than a spread per section (spreads here are measurable on the
      // eCFR), written so that the key order stays the model's.
      return designator === undefined
        ? { index, parent, level, sect_path, heading_path, title, heading_span, span: whole, page }
        : {
            index,
            parent,
            level,
            sect_path,
            heading_path,
            title,
            designator,
            heading_span,
            span: whole,
            page,
          };
    });
    const blocks: Block[] = this.blocks.map((b, index) => {
      const block: Block = {
        index,
        type: b.type,
        span: span(b.start16, b.end16),
        section: this.blockSections[index]!,
        page: b.page ?? (this.pages.length > 0 ? pageAt(b.start16) : null),
      };
      if (b.depth !== undefined) block.depth = b.depth;
      if (b.lang !== undefined) block.lang = b.lang;
      if (b.cell !== undefined) block.cell = b.cell;
      if (b.json_pointer !== undefined) block.json_pointer = b.json_pointer;
      if (b.source16 && this.sourceIndex) {
        block.source_span = this.sourceIndex.span16(b.source16.start16, b.source16.end16);
      }
      return block;
    });
    const json_nodes: JsonNode[] = this.jsonNodes.map((n) => ({
      json_pointer: n.json_pointer,
      span: span(n.start16, n.end16),
    }));
    return {
      doc_uid: this.source.doc_uid ?? deriveDocUid(this.source.source_url),
      source_url: this.source.canonical_url ?? this.source.source_url,
      media_type: this.source.media_type,
      format: this.source.format,
      title: this.source.title ?? sections[0]?.title ?? null,
      canonical,
      content_hash: sha256Hex(canonical),
      rev: revisionHash(canonical),
      length: this.index.length,
      byte_length: this.index.byteLength,
      sections,
      blocks,
      pages,
      json_nodes,
    };
  }

  private checkRange(start16: number, end16: number): void {
    if (!this.index.isBoundary16(start16) || !this.index.isBoundary16(end16)) {
      throw new CairnError(
        'internal_invariant',
        `Span ${start16}..${end16} splits a surrogate pair`,
      );
    }
    if (start16 < 0 || end16 > this.source.canonical.length || start16 > end16) {
      throw new CairnError(
        'internal_invariant',
        `Span ${start16}..${end16} outside the canonical text (0..${this.source.canonical.length})`,
      );
    }
  }
}

/**
 * A NUL a parser decoded or extracted (a JSON or notebook `\u0000` escape, a
 * PDF's text layer) becomes U+FFFD, one UTF-16 unit for one so no offset
 * moves, as `toWellFormed` does for a lone surrogate: no store can keep both
 * kinds of text the same (PostgreSQL refuses NUL), and the source itself was
 * valid. A NUL in a source's own text never gets here: `decodeText` refuses it.
 */
function withoutNul(text: string): string {
  return text.includes('\0') ? text.replaceAll('\0', '\ufffd') : text;
}
