import { isIsoDate } from './format-source-ref.js';

export interface SnapshotFacts {
  /** The snapshot date (YYYY-MM-DD) the front matter states, or null. */
  date: string | null;
  /** The CFR title number the front matter states, or null. */
  title_number: number | null;
}

/** Front matter keys that can date an eCFR snapshot, most specific first. */
const DATE_KEYS = ['snapshot_date', 'up_to_date_as_of', 'amendment_date', 'as_of', 'date'];
const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
const KEY_VALUE = /^([A-Za-z_][\w-]*):([^\r\n]*)$/;

/**
 * What the eCFR export's front matter says about the snapshot (`title_number:
 * 15`, a date). Only flat `key: value` lines are read, which is all the
 * export writes; anything else in the block is ignored, never guessed at.
 */
export function readSnapshotFacts(text: string): SnapshotFacts {
  const block = FRONT_MATTER.exec(text.startsWith('\ufeff') ? text.slice(1) : text);
  const fields = new Map<string, string>();
  for (const line of block?.[1]?.split(/\r?\n/) ?? []) {
    const scalar = readScalar(line);
    if (scalar) fields.set(scalar[0], scalar[1]);
  }
  let date: string | null = null;
  for (const key of DATE_KEYS) {
    const value = fields.get(key)?.slice(0, 10);
    if (value !== undefined && isIsoDate(value)) {
      date = value;
      break;
    }
  }
  const title = fields.get('title_number');
  return { date, title_number: title !== undefined && /^\d+$/.test(title) ? Number(title) : null };
}

/**
 * `key: value`, `key: "value"` or `key: 'value'`, a `#` comment after it; a
 * value holding a quote is no scalar. Read in steps, not one regex: the
 * regex this replaces backtracked for ten minutes over a 10 kB line of blanks.
 */
function readScalar(line: string): [string, string] | null {
  const m = KEY_VALUE.exec(line);
  if (!m) return null;
  const hash = m[2]!.indexOf('#');
  let value = trimBlanks(hash < 0 ? m[2]! : m[2]!.slice(0, hash));
  if (value.startsWith('"') || value.startsWith("'")) value = value.slice(1);
  if (value.endsWith('"') || value.endsWith("'")) value = value.slice(0, -1);
  if (value.includes('"') || value.includes("'")) return null;
  return [m[1]!.toLowerCase(), value.trim()];
}

/** Without spaces and tabs at either end (a loop: `/[ \t]+$/` is quadratic over inner blanks). */
function trimBlanks(text: string): string {
  const blank = (i: number) => text[i] === ' ' || text[i] === '\t';
  let start = 0;
  let end = text.length;
  while (start < end && blank(start)) start++;
  while (end > start && blank(end - 1)) end--;
  return text.slice(start, end);
}
