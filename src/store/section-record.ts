import type { Format } from '../types.js';

/** The `sect_path` of a version's top record: the text before any section. */
export const TOP_SECT_PATH = '';

/**
 * One section as the store keeps it: its own parts only, where a path
 * derives from its parent's. Written out whole for every section, heading
 * paths, labels and slug paths repeat each title in all its descendants, so
 * stored bytes grew with depth times titles; kept as own parts they grow
 * with the input. Each version also has one top record (`sect_path` ''):
 * the document's format, an eCFR export's chapter key, a notebook's cells.
 */
export interface SectionRecord {
  /** The dot path (the chunk ID's `s=`); `''` for the top record. */
  sect_path: string;
  title: string;
  /** Null where it is the parent's path and `title`. */
  heading_path: string[] | null;
  /** The legible id; null where it is the parent's id, `/` and `slug` (or `slug` at the top level). */
  key: string | null;
  slug: string | null;
  /** Null where it is the heading path joined by ` > `. */
  label: string | null;
  url: string | null;
  /** Top record only: the document's format. */
  format: Format | null;
  /** Top record of a notebook: `[block start, cell]` of each block in a cell, in order. */
  cells: [number, number][] | null;
}

/** A section's legible id, its label and an eCFR unit's ecfr.gov link (the pipeline's `SectionKey`). */
export interface StoredSectionKey {
  id: string;
  label: string;
  url: string | null;
}

/** A section with its paths put back together from its records. */
export interface ResolvedSection {
  sect_path: string;
  heading_path: string[];
  key: StoredSectionKey;
}

/** `1.2` for `1.2.3`; null for a top-level path. */
export function parentPath(sectPath: string): string | null {
  const dot = sectPath.lastIndexOf('.');
  return dot === -1 ? null : sectPath.slice(0, dot);
}

/** `1`, `1.2`, `1.2.3` for `1.2.3`: the records that resolving it reads. */
export function pathPrefixes(sectPath: string): string[] {
  const out: string[] = [];
  for (let at = sectPath.indexOf('.'); at !== -1; at = sectPath.indexOf('.', at + 1))
    out.push(sectPath.slice(0, at));
  out.push(sectPath);
  return out;
}

/**
 * `sectPath` with its heading path, legible id and label rebuilt from its
 * own record and its ancestors'; null when a record it needs is missing.
 */
export function resolveSection(
  records: ReadonlyMap<string, SectionRecord>,
  sectPath: string,
  resolved: Map<string, ResolvedSection | null> = new Map(),
): ResolvedSection | null {
  const known = resolved.get(sectPath);
  if (known !== undefined) return known;
  const record = records.get(sectPath);
  let out: ResolvedSection | null = null;
  if (record !== undefined) {
    const above = parentPath(sectPath);
    const needsParent = record.heading_path === null || record.key === null;
    const parent = needsParent && above !== null ? resolveSection(records, above, resolved) : null;
    if (!needsParent || above === null || parent !== null) {
      const headingPath = record.heading_path ?? [...(parent?.heading_path ?? []), record.title];
      const id = record.key ?? (parent ? `${parent.key.id}/${record.slug}` : record.slug!);
      out = {
        sect_path: sectPath,
        heading_path: headingPath,
        key: { id, label: record.label ?? headingPath.join(' > '), url: record.url },
      };
    }
  }
  resolved.set(sectPath, out);
  return out;
}
