import { collapseWhitespace } from '../../load/collapse-whitespace.js';

/** A line as UTF-16 indices, trimmed of surrounding blanks. */
export interface LineSpan {
  start16: number;
  end16: number;
}

/** The last non-blank line of `text[from16, to16)`, trimmed; null if there is none. */
export function lastLine(text: string, from16: number, to16: number): LineSpan | null {
  let end16 = to16;
  while (end16 > from16 && /\s/.test(text[end16 - 1]!)) end16--;
  if (end16 === from16) return null;
  // walk back over this one line only: lastIndexOf('\r') would scan a CR-free file to its start
  let start16 = end16;
  while (start16 > from16 && !isLineBreak(text.charCodeAt(start16 - 1))) start16--;
  while (start16 < end16 && /[ \t]/.test(text[start16]!)) start16++;
  return { start16, end16 };
}

const isLineBreak = (c: number): boolean => c === 0x0a || c === 0x0d;

const collapse = (s: string): string => collapseWhitespace(s).trim();

const PLURAL_PARTS = /^parts /;

/**
 * Whether `line` is the title that an eCFR heading stands for: the export
 * writes `    PART 746—EMBARGOES ...` before `### Part 746` and
 * `      § 746.1   Introduction.` before `#### § § 746.1`. The line must
 * start with the heading's key (case and spacing aside) followed by a
 * non-alphanumeric character, so `Part 74` never claims `PART 746`.
 */
export function isTitleLineOf(line: string, key: string): boolean {
  // a range of reserved parts is titled in the plural (`PARTS 800-809 [RESERVED]`
  // before `### Part 800-809`): 130 of them across the eCFR corpus
  const l = collapse(line).toLowerCase().replace(PLURAL_PARTS, 'part ');
  const k = collapse(key).toLowerCase();
  if (k === '' || !l.startsWith(k)) return false;
  return l.length === k.length || !/[\p{L}\p{N}]/u.test(l[k.length]!);
}

/**
 * The key a heading's title line starts with, and the section designator:
 * `#### § § 746.1` stands for `§ 746.1`, `#### § Sec. 1-1` for `Sec. 1-1`,
 * while shallower headings (`### Part 746`) are their own key.
 */
export function headingKey(
  headingText: string,
  depth: number,
): { key: string; designator?: string } {
  const text = collapse(headingText);
  if (depth !== 4 || !text.startsWith('§')) return { key: text };
  const rest = text.replace(/^§\s*/, '');
  if (rest === '') return { key: text };
  // a bare number (`#### § 212.8`) has its title line without the sign; keep the sign in the designator
  return { key: rest, designator: /^(?:§|Sec|Section)/.test(rest) ? rest : text };
}
