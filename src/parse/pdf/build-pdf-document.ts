import { CairnError } from '../../errors.js';
import type { BlockType, CairnDocument } from '../../types.js';
import { DocumentBuilder, type SectionInput } from '../document-builder.js';
import { MEDIA_TYPES } from '../parse-input.js';
import { trimSpan } from '../text-lines.js';
import type { PdfLine } from './extract-page-lines.js';
import { findPageFurniture } from './find-page-furniture.js';
import { bodySizeOf, groupPageLines, type LineGroup } from './group-page-lines.js';
import { joinPageBreaks } from './join-page-breaks.js';
import { layoutPdfText, type PdfLayout } from './layout-pdf-text.js';
import { pageGeometry } from './page-geometry.js';
import { type OutlineSection, placeOutlineSections } from './place-outline-sections.js';
import { rankHeadingSizes } from './rank-heading-sizes.js';
import type { PdfContent } from './read-pdf.js';

/** A page with fewer characters than this takes the document's body size: too little text to tell its own. */
const MIN_PAGE_CHARS = 300;

/** A stretch of one line group: the group itself, or a run of its lines that are all furniture or all not. */
interface Segment {
  kind: LineGroup['kind'] | 'furniture';
  size: number;
  start16: number;
  end16: number;
}

/** The canonical text with its segments in order. */
interface SegmentedText {
  canonical: string;
  segments: readonly Segment[];
}

interface Piece {
  type: BlockType;
  start16: number;
  end16: number;
  depth?: number;
}

/**
 * Turns the lines read from a PDF into the document model: the canonical
 * text laid out page by page, the outline as the section tree when the file
 * has one (else headings found by font size), and paragraph and heading
 * blocks, each on its page.
 */
export function buildPdfDocument(
  content: PdfContent,
  input: { source_url: string; doc_uid?: string },
): CairnDocument {
  const docBody = bodySizeOf(content.pages.flat());
  const grouped = content.pages.map((lines) => {
    const chars = lines.reduce((sum, line) => sum + line.text.length, 0);
    return groupPageLines(lines, {
      bodySize: chars >= MIN_PAGE_CHARS ? bodySizeOf(lines) : docBody,
    });
  });
  const furniture = findPageFurniture(content.pages);
  const joined = joinPageBreaks(grouped, furniture);
  const layout = layoutPdfText(joined.pages);
  const segments = segmentGroups(layout, joined.pages.flat(), {
    furniture,
    continuing: joined.continuing,
  });
  if (layout.groups.length === 0) {
    throw new CairnError(
      'pdf_no_text',
      content.pages.length === 1
        ? `${input.source_url} has no text on its one page (scanned or image-only?)`
        : `${input.source_url} has no text on any of its ${content.pages.length} pages (scanned or image-only?)`,
      { details: { source: input.source_url, pages: content.pages.length } },
    );
  }
  const builder = new DocumentBuilder({
    canonical: layout.canonical,
    format: 'pdf',
    media_type: MEDIA_TYPES.pdf,
    source_url: input.source_url,
    ...(input.doc_uid === undefined ? {} : { doc_uid: input.doc_uid }),
    ...(content.title === null ? {} : { title: content.title }),
  });
  for (const page of layout.pages) builder.page(page.number, page.start16, page.end16);
  const rankOf = rankHeadingSizes(
    layout.groups.filter((g) => g.kind === 'heading').map((g) => g.size),
  );
  if (content.outline.length > 0) {
    const sections = placeOutlineSections(content.outline, layout);
    emitWithOutline(builder, { canonical: layout.canonical, segments }, sections, rankOf);
  } else {
    emitWithHeadings(builder, { canonical: layout.canonical, segments }, rankOf);
  }
  const doc = builder.build();
  doc.geometry = pageGeometry(
    layout.canonical,
    content.pages.length,
    layout.runs,
    content.frames ?? [],
  );
  return doc;
}

/**
 * Cuts furniture lines out of their groups at line starts, so the canonical
 * text stays as the layout wrote it (furniture is a block type over the same
 * text, not text removed) and a header set in the body's size and spacing
 * still becomes a block of its own. A group that continues the paragraph
 * before a page break extends that paragraph's segment across the break.
 */
function segmentGroups(
  layout: PdfLayout,
  groups: readonly LineGroup[],
  marks: { furniture: ReadonlySet<PdfLine>; continuing: ReadonlySet<LineGroup> },
): Segment[] {
  const { furniture, continuing } = marks;
  const segments: Segment[] = [];
  layout.groups.forEach((placed, g) => {
    const lines = groups[g]!.lines;
    let from = 0;
    for (let i = 1; i <= lines.length; i++) {
      if (i < lines.length && furniture.has(lines[i]!) === furniture.has(lines[from]!)) continue;
      const segment: Segment = {
        kind: furniture.has(lines[from]!) ? 'furniture' : placed.kind,
        size: placed.size,
        start16: placed.lineStarts16[from]!,
        end16: i < lines.length ? placed.lineStarts16[i]! : placed.end16,
      };
      const last = segments.at(-1);
      if (from === 0 && continuing.has(groups[g]!) && last?.kind === 'paragraph')
        last.end16 = segment.end16;
      else segments.push(segment);
      from = i;
    }
  });
  return segments;
}

/** Font-size headings open sections; furniture stays furniture; everything else is a paragraph. */
function emitWithHeadings(
  builder: DocumentBuilder,
  { canonical, segments }: SegmentedText,
  rankOf: (size: number) => number,
): void {
  for (const group of segments) {
    const span = trimSpan(canonical, group.start16, group.end16);
    if (span.end16 <= span.start16) continue;
    if (group.kind === 'furniture') {
      builder.block({ type: 'furniture', ...span });
    } else if (group.kind === 'heading') {
      const rank = rankOf(group.size);
      builder.section({
        rank,
        title: canonical.slice(span.start16, span.end16),
        start16: span.start16,
        heading: span,
      });
      builder.block({ type: 'heading', ...span, depth: rank });
    } else {
      builder.block({ type: 'paragraph', ...span });
    }
  }
}

/**
 * The outline is the section tree. A group holding an outline title is cut
 * around it so the title is a heading block of its own; heading-sized groups
 * the outline does not name stay heading blocks without a section.
 */
function emitWithOutline(
  builder: DocumentBuilder,
  { canonical, segments }: SegmentedText,
  sections: readonly OutlineSection[],
  rankOf: (size: number) => number,
): void {
  const headings = sections.filter((s) => s.heading !== undefined);
  const pieces: Piece[] = [];
  let h = 0;
  for (const group of segments) {
    const type: BlockType = group.kind;
    const depth = group.kind === 'heading' ? rankOf(group.size) : undefined;
    let pos = group.start16;
    const push = (piece: Piece): void => {
      const span = trimSpan(canonical, piece.start16, piece.end16);
      if (span.end16 > span.start16) pieces.push({ ...piece, ...span });
    };
    while (h < headings.length && headings[h]!.heading!.start16 < group.end16) {
      const section = headings[h++]!;
      const heading = section.heading!;
      push({
        type,
        start16: pos,
        end16: heading.start16,
        ...(depth === undefined ? {} : { depth }),
      });
      push({ type: 'heading', ...heading, depth: section.rank });
      pos = heading.end16;
    }
    push({ type, start16: pos, end16: group.end16, ...(depth === undefined ? {} : { depth }) });
  }
  // an outline entry without its title on the page starts a section where the page does:
  // a paragraph run across that break is cut there, so that each part lies in its section
  const starts = sections.map((section) => section.start16).sort((a, b) => a - b);
  const cut = pieces.flatMap((piece) => {
    const parts: Piece[] = [];
    let from = piece.start16;
    for (const at of starts) {
      if (at <= from || at >= piece.end16) continue;
      const span = trimSpan(canonical, from, at);
      if (span.end16 > span.start16) parts.push({ ...piece, ...span });
      from = at;
    }
    const span = trimSpan(canonical, from, piece.end16);
    if (span.end16 > span.start16) parts.push({ ...piece, ...span });
    return parts;
  });
  let s = 0;
  const open = (section: OutlineSection): void => {
    const input: SectionInput = {
      rank: section.rank,
      title: section.title,
      start16: section.start16,
    };
    if (section.heading) input.heading = section.heading;
    builder.section(input);
  };
  for (const piece of cut) {
    while (s < sections.length && sections[s]!.start16 <= piece.start16) open(sections[s++]!);
    builder.block(piece);
  }
  while (s < sections.length) open(sections[s++]!);
}
