import { anchorOf } from './chunk-rows.js';
import { toChunk } from './row-mappers.js';
import { fillHeadingPaths } from './section-rows.js';
import type { SqlExecutor } from './sql-driver.js';
import type { ChunkRow } from './types.js';
import { VersionTextReader } from './version-text.js';

type Raw = Record<string, unknown>;

/** One reader (and its block cache) per store connection or pool. */
const readers = new WeakMap<SqlExecutor, VersionTextReader>();

export function versionTextReader(executor: SqlExecutor): VersionTextReader {
  let reader = readers.get(executor);
  if (reader === undefined) {
    reader = new VersionTextReader();
    readers.set(executor, reader);
  }
  return reader;
}

/** (version, chunker) groups of node numbers a statement resolves at most at once. */
const NODES_PER_READ = 500;

/**
 * Chunk rows as the store keeps them made whole: a text left out is its
 * span of the version's canonical text, an anchor left out is a span of
 * that text, a JSON pointer is rebuilt from the node tree, and a heading
 * path left out is its section's. Every version block, node and section is
 * read once for all the rows.
 */
export async function readChunkRows(
  executor: SqlExecutor,
  raws: readonly Raw[],
): Promise<ChunkRow[]> {
  const rows = raws.map(toChunk);
  const sliced: number[] = [];
  for (let i = 0; i < raws.length; i++) if (raws[i]!.text === null) sliced.push(i);
  if (sliced.length > 0) {
    const texts = await versionTextReader(executor).slices(
      executor,
      sliced.map((i) => ({
        version_id: rows[i]!.version_id,
        start: rows[i]!.char_start,
        end: rows[i]!.char_end,
      })),
    );
    sliced.forEach((i, n) => {
      rows[i]!.text = texts[n]!;
    });
  }
  for (let i = 0; i < raws.length; i++) {
    const at = raws[i]!.anchor_at;
    if (at === null || at === undefined) continue;
    rows[i]!.anchor = anchorOf(rows[i]!.text, Number(at), Number(raws[i]!.anchor_len));
  }
  await fillPointers(executor, raws, rows);
  return fillHeadingPaths(executor, rows);
}

async function fillPointers(executor: SqlExecutor, raws: readonly Raw[], rows: ChunkRow[]) {
  const groups = new Map<string, { version_id: number; chunker_id: string; nodes: Set<number> }>();
  for (let i = 0; i < raws.length; i++) {
    const node = Number(raws[i]!.node);
    if (node === 0) continue;
    const row = rows[i]!;
    const k = `${row.version_id}\u0000${row.chunker_id}`;
    let group = groups.get(k);
    if (group === undefined) {
      group = { version_id: row.version_id, chunker_id: row.chunker_id, nodes: new Set() };
      groups.set(k, group);
    }
    group.nodes.add(Number(node));
  }
  const pointers = new Map<string, string>();
  for (const [k, group] of groups) {
    const nodes = [...group.nodes];
    for (let at = 0; at < nodes.length; at += NODES_PER_READ) {
      const batch = nodes.slice(at, at + NODES_PER_READ);
      const found = await executor.all<{ start: number; path: string }>(
        'WITH RECURSIVE up (start, parent, path) AS (' +
          "SELECT node, parent, '/' || token FROM json_nodes " +
          `WHERE version_id = ? AND chunker_id = ? AND node IN (${batch.map(() => '?').join(', ')}) ` +
          "UNION ALL SELECT up.start, n.parent, '/' || n.token || up.path FROM up " +
          'JOIN json_nodes n ON n.version_id = ? AND n.chunker_id = ? AND n.node = up.parent' +
          ') SELECT start, path FROM up WHERE parent IS NULL',
        [group.version_id, group.chunker_id, ...batch, group.version_id, group.chunker_id],
      );
      for (const row of found) pointers.set(`${k}\u0000${Number(row.start)}`, String(row.path));
    }
  }
  for (let i = 0; i < raws.length; i++) {
    const node = Number(raws[i]!.node);
    if (node === 0) continue;
    const row = rows[i]!;
    row.json_pointer =
      pointers.get(`${row.version_id}\u0000${row.chunker_id}\u0000${Number(node)}`) ?? '';
  }
}
