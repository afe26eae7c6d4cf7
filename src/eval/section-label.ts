/**
 * A gold line's `section`, and whether a retrieved chunk lies inside it.
 *
 * - A regulation citation, `15 CFR 746.1` or `15 CFR 746.1(b)(1)` (the
 *   `15 CFR` and a `§` optional): the chunk's own citation is read from its
 *   heading path, the `§ 746.1 ...` title (the eCFR parser's section
 *   heading) and the paragraph designators under it, `(b)`, `(1)`; the
 *   chunk is inside when the label's parts are a prefix of the chunk's, so
 *   `746.1` holds `746.1(b)(1)(ii)` and `746.1(b)` holds `746.1(b)(1)`, but
 *   `746.1(b)` does not hold a chunk of the section's opening text.
 * - Anything else is a heading path, titles joined with ` > ` from the
 *   document's top heading down: the chunk is inside when its heading path
 *   starts with those titles. Titles compare as plain text: backticks
 *   dropped, whitespace collapsed.
 * Either way the chunk must come from the gold line's document.
 */
export type SectionLabel =
  | { kind: 'citation'; parts: string[] }
  | { kind: 'headings'; titles: string[] };

const CITATION =
  /^(?:\d+\s+CFR\s+)?(?:§+\s*)?(\d+[A-Za-z]?\.\d+[A-Za-z0-9-]*)((?:\s*\([^()\s]+\))*)$/;
const SECTION_TITLE = /^§+\s*(\d+[A-Za-z]?\.\d+[A-Za-z0-9-]*)/;
const DESIGNATOR = /^\([^()]+\)(?:-\([^()]+\))?$/;
/** Italic designators as the export writes them: `(_1_)`, `(*1*)`, `(<i>1</i>)`. */
const ITALIC_MARKS = /<\/?i>|[_*]/g;

function designator(written: string): string {
  return written.replace(ITALIC_MARKS, '').replace(/\s+/g, '');
}

const plainTitle = (title: string): string => title.replaceAll('`', '').replace(/\s+/g, ' ').trim();

export function parseSectionLabel(label: string): SectionLabel {
  const match = CITATION.exec(label.trim());
  if (match) {
    const designators = match[2]!.match(/\([^()\s]+\)/g) ?? [];
    return { kind: 'citation', parts: [match[1]!, ...designators.map(designator)] };
  }
  return { kind: 'headings', titles: label.split(' > ').map(plainTitle) };
}

/**
 * A chunk's regulation citation parts from its heading path: the innermost
 * `§` title's number and the designators that follow it; null when the path
 * has no `§` title (a part's preamble, a non-regulation document).
 */
export function citationOfHeadingPath(headingPath: readonly string[]): string[] | null {
  let at = -1;
  let number = '';
  for (const [i, title] of headingPath.entries()) {
    const match = SECTION_TITLE.exec(title.trim());
    if (match) {
      at = i;
      number = match[1]!;
    }
  }
  if (at === -1) return null;
  const parts = [number];
  for (const title of headingPath.slice(at + 1)) {
    const d = designator(title.trim());
    if (!DESIGNATOR.test(d)) break;
    parts.push(d);
  }
  return parts;
}

/** The chunk's place as a label would name it: `15 CFR 746.1(b)(1)` or `A > B`. */
export function describeHeadingPath(headingPath: readonly string[]): string {
  const citation = citationOfHeadingPath(headingPath);
  if (citation) return `15 CFR ${citation[0]}${citation.slice(1).join('')}`;
  return headingPath.length === 0 ? '(before any heading)' : headingPath.join(' > ');
}

export function isInSection(label: SectionLabel, headingPath: readonly string[]): boolean {
  const wanted = label.kind === 'citation' ? label.parts : label.titles;
  const have =
    label.kind === 'citation' ? citationOfHeadingPath(headingPath) : headingPath.map(plainTitle);
  if (have === null || have.length < wanted.length) return false;
  return wanted.every((part, i) => part === have[i]);
}
