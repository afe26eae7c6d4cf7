import type { LineRun } from './extract-page-lines.js';
import type { LineGroup } from './group-page-lines.js';

/** A line group placed in the canonical text (UTF-16 indices). */
export interface PlacedGroup {
  kind: LineGroup['kind'];
  size: number;
  /** 1-based page number. */
  page: number;
  start16: number;
  end16: number;
  /** Start of each of the group's lines. */
  lineStarts16: number[];
}

/** A line's run placed in the canonical text: the page, the line's ordinal on it. */
export interface PlacedRun extends LineRun {
  page: number;
  line: number;
}

export interface PdfLayout {
  canonical: string;
  pages: { number: number; start16: number; end16: number }[];
  groups: PlacedGroup[];
  /** Every line's runs, offsets into `canonical`, in canonical order. */
  runs: PlacedRun[];
}

const PAGE_BREAK = '\f';
const GROUP_BREAK = '\n\n';
const LINE_BREAK = '\n';

/**
 * Writes the canonical text: the pages joined by a form feed, and within a
 * page the groups separated by a blank line and their lines by a newline, so
 * the text reads as plain text and every page is the exact span between two
 * form feeds (a page without text is an empty span).
 */
export function layoutPdfText(pages: readonly (readonly LineGroup[])[]): PdfLayout {
  const parts: string[] = [];
  const pageSpans: PdfLayout['pages'] = [];
  const groups: PlacedGroup[] = [];
  const runs: PlacedRun[] = [];
  let offset = 0;
  const write = (text: string): void => {
    parts.push(text);
    offset += text.length;
  };
  pages.forEach((pageGroups, pageIndex) => {
    if (pageIndex > 0) write(PAGE_BREAK);
    const pageStart = offset;
    let lineOnPage = 0;
    pageGroups.forEach((group, groupIndex) => {
      if (groupIndex > 0) write(GROUP_BREAK);
      const start16 = offset;
      const lineStarts16: number[] = [];
      group.lines.forEach((line, lineIndex) => {
        if (lineIndex > 0) write(LINE_BREAK);
        lineStarts16.push(offset);
        for (const run of line.runs ?? []) {
          runs.push({
            ...run,
            start16: offset + run.start16,
            end16: offset + run.end16,
            page: pageIndex + 1,
            line: lineOnPage,
          });
        }
        lineOnPage++;
        write(line.text);
      });
      groups.push({
        kind: group.kind,
        size: group.size,
        page: pageIndex + 1,
        start16,
        end16: offset,
        lineStarts16,
      });
    });
    pageSpans.push({ number: pageIndex + 1, start16: pageStart, end16: offset });
  });
  return { canonical: parts.join(''), pages: pageSpans, groups, runs };
}
