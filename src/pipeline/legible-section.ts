import {
  type ChunkPlace,
  chunkSectionKey,
  documentKey,
  type SectionKey,
  sectionKeys,
} from '../parse/section-keys.js';
import type { ChunkRow, ChunkStore } from '../store/types.js';
import { type Format, NO_SECTION_ID } from '../types.js';

/** A chunk's section as payloads carry it: `section_id`, `section_label`, and an eCFR unit's ecfr.gov link. */
export interface LegibleSection {
  section_id: string;
  section_label: string;
  section_url: string | null;
}

interface VersionKeys {
  format: Format;
  keys: SectionKey[];
  /** The key of text before any section. */
  top: SectionKey | null;
  /** sect_path -> section index. */
  paths: Map<string, number>;
  /** Notebooks: block starts and cells, in order, to find a chunk's cell. */
  cells: { start: number; cell: number }[];
}

/**
 * Derived at read time from the stored version (its model and the head of
 * its text), not stored per chunk: a store from before has every input
 * already, so it needs no migration, and a version never changes once
 * written, so each is derived once per store handle and kept.
 */
const cache = new WeakMap<ChunkStore, Map<number, Promise<VersionKeys | null>>>();
/** Versions kept per store: an eCFR chapter's keys are a few MB. */
const KEPT = 32;

/** The legible section of each chunk row, in order. */
export async function legibleSections(
  store: ChunkStore,
  chunks: readonly ChunkRow[],
): Promise<LegibleSection[]> {
  return Promise.all(chunks.map((chunk) => legibleSection(store, chunk)));
}

export async function legibleSection(store: ChunkStore, chunk: ChunkRow): Promise<LegibleSection> {
  const version = await versionKeys(store, chunk.version_id);
  if (version === null) {
    return {
      section_id: chunk.section_id || NO_SECTION_ID,
      section_label: chunk.heading_path.join(' > '),
      section_url: null,
    };
  }
  const place: ChunkPlace = {
    section: chunk.section_id === null ? null : (version.paths.get(chunk.section_id) ?? null),
    page: chunk.page,
    json_pointer: chunk.json_pointer,
    cell: cellAt(version.cells, chunk.char_start),
  };
  const key = chunkSectionKey(version.format, version.keys, place, version.top);
  return { section_id: key.id, section_label: key.label, section_url: key.url };
}

function versionKeys(store: ChunkStore, versionId: number): Promise<VersionKeys | null> {
  let kept = cache.get(store);
  if (kept === undefined) {
    kept = new Map();
    cache.set(store, kept);
  }
  const hit = kept.get(versionId);
  if (hit !== undefined) {
    // most recently used last
    kept.delete(versionId);
    kept.set(versionId, hit);
    return hit;
  }
  const loading = loadKeys(store, versionId);
  kept.set(versionId, loading);
  loading.catch(() => kept.delete(versionId));
  while (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  return loading;
}

async function loadKeys(store: ChunkStore, versionId: number): Promise<VersionKeys | null> {
  const version = await store.getVersionText(versionId);
  if (version === null) return null;
  const document = await store.getDocumentById(version.document_id);
  if (document === null) return null;
  const { sections, blocks } = version.model;
  const source = {
    format: document.format,
    sections,
    source_url: document.source_url,
    head: version.canonical.slice(0, 512),
  };
  const keys = sectionKeys(source);
  const top = documentKey(source);
  const paths = new Map(sections.map((s) => [s.sect_path, s.index]));
  const cells =
    document.format === 'ipynb'
      ? blocks
          .filter((b) => b.cell !== undefined)
          .map((b) => ({ start: b.span.start, cell: b.cell! }))
      : [];
  return { format: document.format, keys, top, paths, cells };
}

/** The cell of the last block starting at or before `start`. */
function cellAt(cells: readonly { start: number; cell: number }[], start: number): number | null {
  let lo = 0;
  let hi = cells.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cells[mid]!.start <= start) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? null : cells[lo - 1]!.cell;
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
 */
export async function dotPathOf(
  store: ChunkStore,
  versionId: number,
  id: string,
): Promise<string | null> {
  const version = await versionKeys(store, versionId);
  if (version === null) return null;
  const at = version.keys.findIndex((key) => key.id === id);
  if (at === -1) return null;
  for (const [path, index] of version.paths) if (index === at) return path;
  return null;
}
