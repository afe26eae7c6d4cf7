import { headingFieldMaker } from './heading-field.js';
import { type ResolvedSection, resolveSection } from './section-record.js';
import { readSectionsOf } from './section-rows.js';
import type { SqlExecutor } from './sql-driver.js';

/** A stored chunk as a re-index writes it to the lexical index. */
export interface StoredHeadingField {
  id: number;
  text: string;
  heading: string;
  chunker_id: string;
}

/** Chunk rows one page of a re-index reads at most. */
const PAGE_ROWS = 2000;

/**
 * Every stored chunk with its heading field, a page at a time in row id
 * order, for a migration that rebuilds the lexical index. A chunk's path
 * is its stored `heading_path`, or where that is `[]` its section's, put
 * back from the sections table as reads do (`fillHeadingPaths`): the
 * field the chunk's ingest would have written. Resolves to the chunks read.
 */
export async function forEachStoredHeadingField(
  tx: SqlExecutor,
  fn: (page: StoredHeadingField[]) => Promise<void>,
): Promise<number> {
  let after = 0;
  let count = 0;
  for (;;) {
    const rows = await tx.all<Record<string, unknown>>(
      'SELECT id, version_id, chunker_id, section_id, heading_path, text FROM chunks WHERE id > ? ORDER BY id LIMIT ?',
      [after, PAGE_ROWS],
    );
    if (rows.length === 0) return count;
    await fn(await headingFieldsOf(tx, rows));
    count += rows.length;
    // ids only grow, so the loop ends on any table
    after = Number(rows.at(-1)!.id);
  }
}

async function headingFieldsOf(
  tx: SqlExecutor,
  rows: readonly Record<string, unknown>[],
): Promise<StoredHeadingField[]> {
  const paths = rows.map((row) => jsonOf(row.heading_path) as string[]);
  const wanted = new Map<number, string[]>();
  rows.forEach((row, i) => {
    if (row.section_id === null || paths[i]!.length > 0) return;
    const versionId = Number(row.version_id);
    const list = wanted.get(versionId);
    if (list) list.push(String(row.section_id));
    else wanted.set(versionId, [String(row.section_id)]);
  });
  const records = await readSectionsOf(tx, wanted);
  const resolved = new Map<number, Map<string, ResolvedSection | null>>();
  const headingField = headingFieldMaker();
  return rows.map((row, i) => {
    let path = paths[i]!;
    const versionId = Number(row.version_id);
    const versionRecords = records.get(versionId);
    if (versionRecords !== undefined && path.length === 0 && row.section_id !== null) {
      let cache = resolved.get(versionId);
      if (cache === undefined) {
        cache = new Map();
        resolved.set(versionId, cache);
      }
      path = resolveSection(versionRecords, String(row.section_id), cache)?.heading_path ?? path;
    }
    return {
      id: Number(row.id),
      text: String(row.text),
      heading: headingField(path),
      chunker_id: String(row.chunker_id),
    };
  });
}

function jsonOf(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}
