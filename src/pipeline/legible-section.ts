import {
  parentPath,
  type ResolvedSection,
  resolveSection,
  type SectionRecord,
  TOP_SECT_PATH,
} from '../store/section-record.js';
import type { ChunkRow, ChunkStore } from '../store/types.js';
import { NO_SECTION_ID } from '../types.js';
import { placeKey, versionSectionRecords } from './section-records.js';

/** A chunk's section as payloads carry it: `section_id`, `section_label`, and an eCFR unit's ecfr.gov link. */
export interface LegibleSection {
  section_id: string;
  section_label: string;
  section_url: string | null;
}

/**
 * The legible section of each chunk row, in order, read from the store's
 * sections table (written at ingest): the version's records for the rows'
 * sections and their ancestors, never its canonical text or model. A
 * version stored before the table is derived once (`storedSectionRecords`).
 */
export async function legibleSections(
  store: ChunkStore,
  chunks: readonly ChunkRow[],
): Promise<LegibleSection[]> {
  const byVersion = new Map<number, Set<string>>();
  for (const chunk of chunks) {
    let paths = byVersion.get(chunk.version_id);
    if (paths === undefined) {
      paths = new Set();
      byVersion.set(chunk.version_id, paths);
    }
    if (chunk.section_id !== null) paths.add(chunk.section_id);
  }
  // one read for every version: a search's hits span several documents
  const read = await store.getSectionsOf(byVersion);
  const versions = new Map<
    number,
    { records: Map<string, SectionRecord>; resolved: Map<string, ResolvedSection | null> }
  >();
  for (const versionId of byVersion.keys()) {
    versions.set(versionId, {
      records: await withDerivedRecords(store, versionId, read.get(versionId) ?? new Map()),
      resolved: new Map(),
    });
  }
  return chunks.map((chunk) => {
    const { records, resolved } = versions.get(chunk.version_id)!;
    const key = placeKey(records, chunk, resolved);
    if (key === null) {
      return {
        section_id: chunk.section_id || NO_SECTION_ID,
        section_label: chunk.heading_path.join(' > '),
        section_url: null,
      };
    }
    return { section_id: key.id, section_label: key.label, section_url: key.url };
  });
}

/**
 * `store.getSections`, and for a version written without section records
 * (a library caller's `writeVersion`) its records derived from its model,
 * in memory.
 */
export async function storedSectionRecords(
  store: ChunkStore,
  versionId: number,
  sectPaths: Iterable<string>,
): Promise<Map<string, SectionRecord>> {
  return withDerivedRecords(store, versionId, await store.getSections(versionId, sectPaths));
}

/** The records read, or for a version stored without them its records derived from its model. */
async function withDerivedRecords(
  store: ChunkStore,
  versionId: number,
  records: Map<string, SectionRecord>,
): Promise<Map<string, SectionRecord>> {
  if (records.has(TOP_SECT_PATH)) return records;
  const derived = await versionSectionRecords(store, versionId);
  if (derived === null) return records;
  return new Map(derived.map((r) => [r.sect_path, r]));
}

export async function legibleSection(store: ChunkStore, chunk: ChunkRow): Promise<LegibleSection> {
  return (await legibleSections(store, [chunk]))[0]!;
}

/**
 * The source_url a payload gives a chunk: the ecfr.gov link of its eCFR
 * unit when the document was stored from a local file; the stored one
 * otherwise (a URL the document was given wins).
 */
export function sectionSourceUrl(stored: string, section: LegibleSection): string {
  if (section.section_url === null || /^[a-z][a-z0-9+.-]*:\/\//i.test(stored)) return stored;
  return section.section_url;
}

/** Whether `section` is a dot path (`2.4`, the chunk ID's `s=`) rather than a legible section id. */
export function isDotPath(section: string): boolean {
  return /^\d+(\.\d+)*$/.test(section);
}

/**
 * The dot path of the section of a version whose legible id is `id`
 * (`15 CFR 746.1(b)`, `getting-started/installation`); null when none is.
 * A stored whole id (eCFR) is looked up as it is; a slug path one slug at
 * a time, each a child of the one before. The first in reading order wins.
 */
export async function dotPathOf(
  store: ChunkStore,
  versionId: number,
  id: string,
): Promise<string | null> {
  const whole = await store.findSections(versionId, { section_key: id });
  const candidates = [...whole];
  let level: string[] = [];
  const slugs = id.split('/');
  for (let i = 0; i < slugs.length; i++) {
    const found = await store.findSections(versionId, { slug: slugs[i]! });
    const parents = new Set(level);
    level = found.filter((path) => {
      const above = parentPath(path);
      return i === 0 ? above === null : above !== null && parents.has(above);
    });
    if (level.length === 0) break;
  }
  candidates.push(...level);
  // a whole id whose path is stored with it is exact; check the walk's result resolves to `id`
  // a version stored before the table, in a store that takes no writes: its records, derived
  if (candidates.length === 0 && !(await store.getSections(versionId, [])).has(TOP_SECT_PATH)) {
    const derived = await versionSectionRecords(store, versionId);
    const records = new Map((derived ?? []).map((r) => [r.sect_path, r]));
    const resolved = new Map<string, ResolvedSection | null>();
    for (const record of derived ?? []) {
      if (
        record.sect_path !== TOP_SECT_PATH &&
        resolveSection(records, record.sect_path, resolved)?.key.id === id
      )
        return record.sect_path;
    }
    return null;
  }
  for (const path of candidates.sort(compareDotPaths)) {
    const records = await store.getSections(versionId, [path]);
    if (resolveSection(records, path)?.key.id === id) return path;
  }
  return null;
}

function compareDotPaths(a: string, b: string): number {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}
