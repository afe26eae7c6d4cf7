import { CairnError } from '../../errors.js';
import type { BlockType, CairnDocument } from '../../types.js';
import { DocumentBuilder, type SectionInput } from '../document-builder.js';
import { MEDIA_TYPES } from '../parse-input.js';
import { trimSpan } from '../text-lines.js';
import { bodySizeOf, groupPageLines } from './group-page-lines.js';
import { layoutPdfText, type PdfLayout } from './layout-pdf-text.js';
import { pageGeometry } from './page-geometry.js';
import { type OutlineSection, placeOutlineSections } from './place-outline-sections.js';
import { rankHeadingSizes } from './rank-heading-sizes.js';
import type { PdfContent } from './read-pdf.js';

/** A page with fewer characters than this takes the document's body size: too little text to tell its own. */
const MIN_PAGE_CHARS = 300;

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
  const layout = layoutPdfText(
    content.pages.map((lines) => {
      const chars = lines.reduce((sum, line) => sum + line.text.length, 0);
      return groupPageLines(lines, {
        bodySize: chars >= MIN_PAGE_CHARS ? bodySizeOf(lines) : docBody,
      });
    }),
  );
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
    emitWithOutline(builder, layout, placeOutlineSections(content.outline, layout), rankOf);
  } else {
    emitWithHeadings(builder, layout, rankOf);
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

/** Font-size headings open sections; everything else is a paragraph. */
function emitWithHeadings(
  builder: DocumentBuilder,
  layout: PdfLayout,
  rankOf: (size: number) => number,
): void {
  for (const group of layout.groups) {
    const span = trimSpan(layout.canonical, group.start16, group.end16);
    if (group.kind === 'heading') {
      const rank = rankOf(group.size);
      builder.section({
        rank,
        title: layout.canonical.slice(span.start16, span.end16),
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
  layout: PdfLayout,
  sections: readonly OutlineSection[],
  rankOf: (size: number) => number,
): void {
  const headings = sections.filter((s) => s.heading !== undefined);
  const pieces: Piece[] = [];
  let h = 0;
  for (const group of layout.groups) {
    const type: BlockType = group.kind === 'heading' ? 'heading' : 'paragraph';
    const depth = group.kind === 'heading' ? rankOf(group.size) : undefined;
    let pos = group.start16;
    const push = (piece: Piece): void => {
      const span = trimSpan(layout.canonical, piece.start16, piece.end16);
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
  for (const piece of pieces) {
    while (s < sections.length && sections[s]!.start16 <= piece.start16) open(sections[s++]!);
    builder.block(piece);
  }
  while (s < sections.length) open(sections[s++]!);
}
