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
const SCALAR = /^([A-Za-z_][\w-]*):[ \t]*['"]?([^'"\r\n#]*?)['"]?[ \t]*(?:#.*)?$/;

/**
 * What the eCFR export's front matter says about the snapshot (`title_number:
 * 15`, a date). Only flat `key: value` lines are read, which is all the
 * export writes; anything else in the block is ignored, never guessed at.
 */
export function readSnapshotFacts(text: string): SnapshotFacts {
  const block = FRONT_MATTER.exec(text.startsWith('\ufeff') ? text.slice(1) : text);
  const fields = new Map<string, string>();
  for (const line of block?.[1]?.split(/\r?\n/) ?? []) {
    const m = SCALAR.exec(line);
    if (m) fields.set(m[1]!.toLowerCase(), m[2]!.trim());
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
