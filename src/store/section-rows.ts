import { CairnError } from '../errors.js';
import type { Format } from '../types.js';
import { type InsertLimits, insertBatched } from './insert-batched.js';
import {
  pathPrefixes,
  type ResolvedSection,
  resolveSection,
  type SectionRecord,
  TOP_SECT_PATH,
} from './section-record.js';
import type { SqlExecutor } from './sql-driver.js';
import type { ChunkInput, ChunkRow } from './types.js';

/** The columns with their PostgreSQL types, which column arrays are cast to. */
const SECTION_COLUMN_TYPES = [
  ['version_id', 'bigint'],
  ['sect_path', 'text'],
  ['title', 'text'],
  ['heading_path', 'jsonb'],
  ['section_key', 'text'],
  ['slug', 'text'],
  ['label', 'text'],
  ['url', 'text'],
  ['url_shared', 'integer'],
  ['format', 'text'],
  ['cells', 'jsonb'],
] as const;
const SECTION_COLUMNS = SECTION_COLUMN_TYPES.map(([name]) => name);
const SECTION_PG_TYPES = SECTION_COLUMN_TYPES.map(([, type]) => type);

/** A version's section records, in the caller's transaction. */
export async function insertSections(
  tx: SqlExecutor,
  versionId: number,
  records: readonly SectionRecord[],
  limits: InsertLimits,
): Promise<void> {
  const first = firstRecordOfEachPath(records);
  const rows = records.map((r) => {
    const [shared, url] = urlBesideParent(r, first);
    return [
      versionId,
      r.sect_path,
      r.title,
      r.heading_path === null ? null : JSON.stringify(r.heading_path),
      r.key,
      r.slug,
      r.label,
      url,
      shared,
      r.format,
      r.cells === null ? null : JSON.stringify(r.cells),
    ];
  });
  await insertBatched(
    tx,
    {
      table: 'sections',
      columns: SECTION_COLUMNS,
      rows,
      suffix: 'ON CONFLICT (version_id, sect_path) DO NOTHING',
      pg_types: SECTION_PG_TYPES,
    },
    limits,
  );
}

/** Shared leading characters below which a section keeps its whole URL. */
const MIN_SHARED_URL = 8;

/**
 * A section's URL as stored: the characters it shares with its parent
 * section's URL (an eCFR paragraph's link is its parent's and a few
 * characters more) and the rest, or null and the whole URL. Reads always
 * fetch a section's ancestors with it (`readSectionsOf`), so the parent is
 * at hand to rebuild it.
 */
function urlBesideParent(
  record: SectionRecord,
  byPath: ReadonlyMap<string, SectionRecord>,
): [shared: number | null, url: string | null] {
  const { url, sect_path } = record;
  const dot = sect_path.lastIndexOf('.');
  const parent = dot < 0 ? null : (byPath.get(sect_path.slice(0, dot))?.url ?? null);
  if (url === null || parent === null) return [null, url];
  let shared = 0;
  const most = Math.min(url.length, parent.length);
  while (shared < most && url.charCodeAt(shared) === parent.charCodeAt(shared)) shared++;
  return shared < MIN_SHARED_URL ? [null, url] : [shared, url.slice(shared)];
}

/** (version, path) pairs a statement asks for at most (well under both dialects' parameter limits). */
const PAIRS_PER_READ = 400;

/**
 * The records `sectPaths` resolve from, their ancestors' and the version's
 * top record, keyed by `sect_path`.
 */
export async function readSections(
  executor: SqlExecutor,
  versionId: number,
  sectPaths: Iterable<string>,
): Promise<Map<string, SectionRecord>> {
  const read = await readSectionsOf(executor, new Map([[versionId, sectPaths]]));
  return read.get(versionId) ?? new Map();
}

/** `readSections` of several versions, in as few statements as the pairs allow. */
export async function readSectionsOf(
  executor: SqlExecutor,
  wanted: ReadonlyMap<number, Iterable<string>>,
): Promise<Map<number, Map<string, SectionRecord>>> {
  const pairs: [number, string][] = [];
  const out = new Map<number, Map<string, SectionRecord>>();
  const shared: [versionId: number, sectPath: string, count: number][] = [];
  for (const [versionId, sectPaths] of wanted) {
    out.set(versionId, new Map());
    const paths = new Set<string>([TOP_SECT_PATH]);
    for (const path of sectPaths) for (const prefix of pathPrefixes(path)) paths.add(prefix);
    for (const path of paths) pairs.push([versionId, path]);
  }
  for (let at = 0; at < pairs.length; at += PAIRS_PER_READ) {
    const batch = pairs.slice(at, at + PAIRS_PER_READ);
    const rows = await executor.all<Record<string, unknown>>(
      `SELECT ${SECTION_COLUMNS.join(', ')} FROM sections WHERE ${batch.map(() => '(version_id = ? AND sect_path = ?)').join(' OR ')}`,
      batch.flat(),
    );
    for (const row of rows) {
      out.get(Number(row.version_id))?.set(String(row.sect_path), toSectionRecord(row));
      if (row.url_shared !== null && row.url_shared !== undefined)
        shared.push([Number(row.version_id), String(row.sect_path), Number(row.url_shared)]);
    }
  }
  // parents before children: a parent's URL is whole before a child's is rebuilt from it
  shared.sort((a, b) => depth(a[1]) - depth(b[1]));
  for (const [versionId, path, count] of shared) {
    const records = out.get(versionId)!;
    const record = records.get(path)!;
    const parent = records.get(path.slice(0, path.lastIndexOf('.')));
    if (parent?.url === null || parent?.url === undefined) {
      throw new CairnError(
        'store_corrupt',
        `Section ${path} of version ${versionId} names its parent's URL, which is not stored`,
      );
    }
    records.set(path, { ...record, url: parent.url.slice(0, count) + (record.url ?? '') });
  }
  return out;
}

function depth(sectPath: string): number {
  let dots = 0;
  for (let at = sectPath.indexOf('.'); at !== -1; at = sectPath.indexOf('.', at + 1)) dots++;
  return dots;
}

function toSectionRecord(raw: Record<string, unknown>): SectionRecord {
  return {
    sect_path: String(raw.sect_path),
    title: String(raw.title),
    heading_path: raw.heading_path === null ? null : (jsonOf(raw.heading_path) as string[]),
    key: textOrNull(raw.section_key),
    slug: textOrNull(raw.slug),
    label: textOrNull(raw.label),
    url: textOrNull(raw.url),
    format: textOrNull(raw.format) as Format | null,
    cells: raw.cells === null ? null : (jsonOf(raw.cells) as [number, number][]),
  };
}

function textOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

function jsonOf(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

/**
 * Chunk rows with the heading paths the store left out put back: a row
 * keeps `[]` where its path is its section's (see `storedHeadingPaths`).
 */
export async function fillHeadingPaths<T extends ChunkRow>(
  executor: SqlExecutor,
  rows: T[],
): Promise<T[]> {
  const byVersion = new Map<number, T[]>();
  for (const row of rows) {
    if (row.section_id === null || row.heading_path.length > 0) continue;
    const list = byVersion.get(row.version_id);
    if (list) list.push(row);
    else byVersion.set(row.version_id, [row]);
  }
  const read = await readSectionsOf(
    executor,
    new Map([...byVersion].map(([versionId, list]) => [versionId, list.map((r) => r.section_id!)])),
  );
  for (const [versionId, list] of byVersion) {
    const records = read.get(versionId)!;
    const resolved = new Map<string, ResolvedSection | null>();
    for (const row of list) {
      const section = resolveSection(records, row.section_id!, resolved);
      if (section !== null) row.heading_path = section.heading_path;
    }
  }
  return rows;
}

/**
 * The `heading_path` column of each chunk row to insert: `[]` where the
 * path is its section's (as the version's records resolve it), so a path
 * is stored once however many chunks lie under it; the path itself
 * otherwise.
 */
export async function storedHeadingPaths(
  executor: SqlExecutor,
  versionId: number,
  rows: readonly Pick<ChunkInput, 'section_id' | 'heading_path'>[],
  written?: readonly SectionRecord[],
): Promise<string[]> {
  const paths = new Set<string>();
  for (const row of rows) if (row.section_id !== null) paths.add(row.section_id);
  // Records this transaction just wrote need no reading back: 400-pair OR queries took a sixth of an eCFR ingest's writing.
  const records =
    paths.size === 0
      ? new Map()
      : written !== undefined
        ? firstRecordOfEachPath(written)
        : await readSections(executor, versionId, paths);
  const resolved = new Map<string, ResolvedSection | null>();
  return rows.map((row) => {
    if (row.section_id !== null && row.heading_path.length > 0) {
      const section = resolveSection(records, row.section_id, resolved);
      if (section !== null && samePath(section.heading_path, row.heading_path)) return '[]';
    }
    return JSON.stringify(row.heading_path);
  });
}

function samePath(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The records by `sect_path`, the first of a repeated path winning as the table's ON CONFLICT DO NOTHING keeps it. */
function firstRecordOfEachPath(records: readonly SectionRecord[]): Map<string, SectionRecord> {
  const out = new Map<string, SectionRecord>();
  for (const record of records) if (!out.has(record.sect_path)) out.set(record.sect_path, record);
  return out;
}
