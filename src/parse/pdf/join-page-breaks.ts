import type { PdfLine } from './extract-page-lines.js';
import type { LineGroup } from './group-page-lines.js';

/** Relative size change that keeps two lines apart (as between paragraphs of one page). */
const SIZE_CHANGE = 0.15;
/** How far (in font sizes) the next page's first line may start from the paragraph's last line. */
const SAME_COLUMN = 1;
/** A paragraph line this far (in font sizes) short of its group's right edge ends the paragraph. */
const SHORT_LINE = 2;
/** A line that stops mid-sentence: after a word, a comma or a hyphen. */
const MID_SENTENCE = /[\p{L}\p{N},\-‐–]$/u;
/** A sentence's end: its mark, then closing quotes or brackets. */
const SENTENCE_END = /[.!?:;…]["'»«“”‘’)\]]*$/u;

/** The pages' line groups, with the furniture moved out of the way of paragraphs that run on. */
export interface JoinedPages {
  pages: LineGroup[][];
  /** The groups (by identity) that continue the last body paragraph of the page before. */
  continuing: Set<LineGroup>;
}

/**
 * Finds the paragraphs that run across a page break and lays the pages out
 * so that each is one stretch of text broken only by the form feed: the
 * last body paragraph of page n (two lines or more) does not end a
 * sentence nor stop short of its right edge, and the first body line of
 * page n+1 starts in lowercase (or, after a word, comma or hyphen, with any
 * letter: German capitalises nouns), in the same font size and where the
 * paragraph's last line starts (a paragraph's indented first line starts anew). The running
 * header and footer lines between the two halves (page n's below it, page
 * n+1's above it) move to just before the paragraph on page n and just
 * after it on page n+1: they stay furniture blocks of their own page, and
 * out of the paragraph's way. A page whose one body paragraph runs on at
 * both ends keeps its furniture where it is and joins only the earlier break.
 */
export function joinPageBreaks(
  pages: readonly (readonly LineGroup[])[],
  furniture: ReadonlySet<PdfLine>,
): JoinedPages {
  const out = pages.map((groups) => groups.map((g) => ({ ...g, lines: [...g.lines] })));
  const continuing = new Set<LineGroup>();
  for (let p = 0; p + 1 < out.length; p++) {
    const before = lastBody(out[p]!, furniture);
    const after = firstBody(out[p + 1]!, furniture);
    if (before === null || after === null || !runsOn(before, after)) continue;
    // page p's one body paragraph also came in from p - 1: its furniture cannot leave both ends
    if (
      continuing.has(before.group) &&
      out[p]!.some((g) => g.lines.some((line) => furniture.has(line)))
    )
      continue;
    out[p] = withTrailingFurnitureBefore(out[p]!, before, furniture);
    out[p + 1] = withLeadingFurnitureAfter(out[p + 1]!, after, furniture);
    continuing.add(after.group);
  }
  return { pages: out, continuing };
}

interface BodyLine {
  group: LineGroup;
  line: PdfLine;
}

function lastBody(groups: readonly LineGroup[], furniture: ReadonlySet<PdfLine>): BodyLine | null {
  for (let g = groups.length - 1; g >= 0; g--) {
    const lines = groups[g]!.lines;
    for (let i = lines.length - 1; i >= 0; i--)
      if (!furniture.has(lines[i]!)) return { group: groups[g]!, line: lines[i]! };
  }
  return null;
}

function firstBody(groups: readonly LineGroup[], furniture: ReadonlySet<PdfLine>): BodyLine | null {
  for (const group of groups)
    for (const line of group.lines) if (!furniture.has(line)) return { group, line };
  return null;
}

/** The join rule: page n's paragraph does not end, page n+1's first line carries it on. */
function runsOn(before: BodyLine, after: BodyLine): boolean {
  const a = before.line;
  const b = after.line;
  if (before.group.kind !== 'paragraph' || after.group.kind !== 'paragraph') return false;
  if (!a.horizontal || !b.horizontal) return false;
  const size = Math.max(a.size, b.size);
  if (!(size > 0) || Math.abs(a.size - b.size) / size > SIZE_CHANGE) return false;
  if (SENTENCE_END.test(a.text)) return false;
  // lowercase goes on a sentence; a capital (a German noun) only after a word, comma or hyphen
  if (!/^\p{Ll}/u.test(b.text) && !(/^\p{Lu}/u.test(b.text) && MID_SENTENCE.test(a.text)))
    return false;
  // the paragraph's lines give its column: it needs two to tell a full line from a last one
  const body = before.group.lines.filter((line) => line.horizontal);
  if (body.length < 2) return false;
  const right = Math.max(...body.map((line) => line.xEnd));
  if (a.xEnd < right - SHORT_LINE * size) return false;
  // the paragraph's last line is one of its body lines, never its indented first
  return Math.abs(b.x - a.x) <= SAME_COLUMN * size;
}

/** Page n: the furniture lines after its last body line, moved to a group just before that line's group. */
function withTrailingFurnitureBefore(
  groups: readonly LineGroup[],
  before: BodyLine,
  furniture: ReadonlySet<PdfLine>,
): LineGroup[] {
  const at = groups.indexOf(before.group);
  const cut = before.group.lines.indexOf(before.line) + 1;
  const trailing = [
    ...before.group.lines.slice(cut),
    ...groups.slice(at + 1).flatMap((g) => g.lines),
  ].filter((line) => furniture.has(line));
  if (trailing.length === 0) return [...groups];
  // the group object stays the one `continuing` may name
  before.group.lines = before.group.lines.slice(0, cut);
  return [...groups.slice(0, at), furnitureGroup(trailing), before.group];
}

/** Page n+1: the furniture lines before its first body line, moved to a group just after that line's group. */
function withLeadingFurnitureAfter(
  groups: readonly LineGroup[],
  after: BodyLine,
  furniture: ReadonlySet<PdfLine>,
): LineGroup[] {
  const at = groups.indexOf(after.group);
  const cut = after.group.lines.indexOf(after.line);
  const leading = [
    ...groups.slice(0, at).flatMap((g) => g.lines),
    ...after.group.lines.slice(0, cut),
  ].filter((line) => furniture.has(line));
  if (leading.length === 0) return [...groups];
  after.group.lines = after.group.lines.slice(cut);
  return [after.group, furnitureGroup(leading), ...groups.slice(at + 1)];
}

function furnitureGroup(lines: PdfLine[]): LineGroup {
  return { kind: 'paragraph', lines, size: lines[0]!.size };
}
