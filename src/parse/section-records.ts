import { isDerivedHeadingPath } from '../derived-heading-path.js';
import type { Block, Format } from '../types.js';
import {
  type ChunkPlace,
  chunkSectionKey,
  documentKey,
  type SectionKey,
  type SectionKeySource,
  sectionKeys,
} from './section-keys.js';

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

/** A section with its paths put back together from its records. */
export interface ResolvedSection {
  sect_path: string;
  heading_path: string[];
  key: SectionKey;
}

export type SectionRecordSource = SectionKeySource & { blocks?: readonly Block[] };

/** The top record, then one record per section in `sections` order. */
export function sectionRecords(doc: SectionRecordSource): SectionRecord[] {
  const keys = sectionKeys(doc);
  const top = documentKey(doc);
  const cells =
    doc.format === 'ipynb'
      ? (doc.blocks ?? [])
          .filter((b) => b.cell !== undefined)
          .map((b): [number, number] => [b.span.start, b.cell!])
      : null;
  const records: SectionRecord[] = [
    {
      sect_path: TOP_SECT_PATH,
      title: '',
      heading_path: [],
      key: top?.id ?? null,
      slug: null,
      label: top?.label ?? null,
      url: top?.url ?? null,
      format: doc.format,
      cells,
    },
  ];
  for (const section of doc.sections) {
    const key = keys[section.index]!;
    const parent = section.parent === null ? null : doc.sections[section.parent]!;
    // a reader finds the parent by the dot path: a section whose parent is not its prefix keeps its paths whole
    const prefixed = parent === null || parentPath(section.sect_path) === parent.sect_path;
    const parentKey = parent === null ? null : keys[parent.index]!.id;
    const slug = ownSlug(key.id, parentKey, doc.format);
    const derivedPath = prefixed && isDerivedHeadingPath(doc.sections, section);
    records.push({
      sect_path: section.sect_path,
      title: section.title,
      heading_path: derivedPath ? null : section.heading_path,
      key: prefixed && slug !== null ? null : key.id,
      slug: prefixed ? slug : null,
      label: key.label === section.heading_path.join(' > ') ? null : key.label,
      url: key.url,
      format: null,
      cells: null,
    });
  }
  return records;
}

/** The slug `id` adds to its parent's id, when it is built that way (headed formats). */
function ownSlug(id: string, parentKey: string | null, format: Format): string | null {
  if (format === 'ecfr') return null;
  if (parentKey === null) return id.includes('/') ? null : id;
  const slug = id.slice(parentKey.length + 1);
  return id === `${parentKey}/${slug}` && !slug.includes('/') ? slug : null;
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

/** Where a stored chunk sits. */
export interface StoredPlace {
  section_id: string | null;
  page: number | null;
  json_pointer: string;
  char_start: number;
}

/**
 * A stored chunk's legible section from its version's records: its
 * section's key; else the page, cell, pointer or chapter `chunkSectionKey`
 * gives (the top record names the format).
 */
export function placeKey(
  records: ReadonlyMap<string, SectionRecord>,
  place: StoredPlace,
  resolved: Map<string, ResolvedSection | null> = new Map(),
): SectionKey | null {
  const top = records.get(TOP_SECT_PATH);
  if (top === undefined || top.format === null) return null;
  const section =
    place.section_id === null ? null : resolveSection(records, place.section_id, resolved);
  const at: ChunkPlace = {
    section: section === null ? null : 0,
    page: place.page,
    json_pointer: place.json_pointer,
    cell: top.cells === null ? null : cellAt(top.cells, place.char_start),
  };
  const topKey = top.key === null ? null : { id: top.key, label: top.label ?? '', url: top.url };
  return chunkSectionKey(top.format, section === null ? [] : [section.key], at, topKey);
}

/** The cell of the last block starting at or before `start`. */
function cellAt(cells: readonly [number, number][], start: number): number | null {
  let lo = 0;
  let hi = cells.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cells[mid]![0] <= start) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? null : cells[lo - 1]![1];
}
