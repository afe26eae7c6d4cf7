import { isDerivedHeadingPath } from '../derived-heading-path.js';
import {
  type ChunkPlace,
  chunkSectionKey,
  documentKey,
  type SectionKey,
  type SectionKeySource,
  sectionKeys,
} from '../parse/section-keys.js';
import {
  parentPath,
  type ResolvedSection,
  resolveSection,
  type SectionRecord,
  TOP_SECT_PATH,
} from '../store/section-record.js';
import type { ChunkStore } from '../store/types.js';
import type { Block, Format } from '../types.js';

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

/**
 * The records of a stored version, derived from its model and the head of
 * its text as an ingest derives them; null when the version is gone.
 */
export async function versionSectionRecords(
  store: ChunkStore,
  versionId: number,
): Promise<SectionRecord[] | null> {
  const version = await store.getVersionText(versionId);
  if (version === null) return null;
  const document = await store.getDocumentById(version.document_id);
  if (document === null) return null;
  return sectionRecords({
    format: document.format,
    sections: version.model.sections ?? [],
    source_url: document.source_url,
    head: version.canonical.slice(0, 512),
    blocks: version.model.blocks ?? [],
  });
}
