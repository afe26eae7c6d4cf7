import type { ChunkSetWrite } from './chunk-set-store.js';
import { headingFieldMaker } from './heading-field.js';
import { insertBatched } from './insert-batched.js';
import { jsonNodeRows } from './json-node-rows.js';
import type { SectionRecord } from './section-record.js';
import { storedHeadingPaths } from './section-rows.js';
import type { WriteTx } from './sql-context.js';
import { storedTexts } from './stored-texts.js';
import type { RedirectInput } from './types.js';
import { VersionTextReader } from './version-text.js';

const REDIRECT_INSERT_COLUMNS = [
  'document_id',
  'chunker_id',
  'version_id',
  'from_chunk_id',
  'to_chunk_id',
  'kind',
  'created_at',
] as const;

/**
 * Claims the chunk set of (version, chunker), then inserts its chunks and
 * indexes them, in the caller's transaction. `sections`: the version's
 * records when this transaction wrote them (a new version). False when the set was
 * claimed already (another writer won): nothing is inserted then.
 */
export async function insertChunkSet(
  w: WriteTx,
  set: Omit<ChunkSetWrite, 'redirects'> & {
    sections?: readonly SectionRecord[];
    /** The version's canonical text when this transaction wrote it; read back otherwise. */
    canonical?: string;
  },
): Promise<boolean> {
  const claimed = await w.tx.all(
    'INSERT INTO chunk_sets (version_id, chunker_id, lineage_rev, chunk_count, digest, created_at) VALUES (?, ?, ?, ?, ?, ?) ' +
      'ON CONFLICT (version_id, chunker_id) DO NOTHING RETURNING version_id',
    [set.version_id, set.chunker_id, set.lineage_rev, set.rows.length, set.digest, w.now],
  );
  if (claimed.length === 0) return false;
  const canonical = set.canonical ?? (await new VersionTextReader().text(w.tx, set.version_id));
  const { nodes, rows: nodeRows } = jsonNodeRows(set.rows.map((chunk) => chunk.json_pointer));
  await insertBatched(
    w.tx,
    {
      table: 'json_nodes',
      columns: ['version_id', 'chunker_id', 'node', 'parent', 'token'],
      rows: nodeRows.map(([node, parent, token]) => [
        set.version_id,
        set.chunker_id,
        node,
        parent,
        token,
      ]),
      pg_types: ['bigint', 'text', 'integer', 'integer', 'text'],
    },
    w.limits,
  );
  const headingField = headingFieldMaker();
  await w.dialect.sql.insertChunks(
    w.tx,
    {
      document_id: set.document_id,
      version_id: set.version_id,
      chunker_id: set.chunker_id,
      chunks: set.rows,
      heading_paths: await storedHeadingPaths(w.tx, set.version_id, set.rows, set.sections),
      headings: set.rows.map((chunk) => headingField(chunk.heading_path)),
      texts:
        canonical === null ? set.rows.map((chunk) => chunk.text) : storedTexts(canonical, set.rows),
      nodes,
    },
    w.limits,
  );
  return true;
}

/** Redirects from the chunk IDs a version retires, under one chunker. */
export interface RedirectBatch {
  document_id: number;
  chunker_id: string;
  /** The version whose arrival retired the IDs. */
  version_id: number;
  redirects: readonly RedirectInput[];
}

export async function insertRedirects(w: WriteTx, batch: RedirectBatch): Promise<void> {
  const rows = batch.redirects.map((r) => [
    batch.document_id,
    batch.chunker_id,
    batch.version_id,
    r.from_chunk_id,
    r.to_chunk_id,
    r.kind,
    w.now,
  ]);
  await insertBatched(
    w.tx,
    {
      table: 'redirects',
      columns: REDIRECT_INSERT_COLUMNS,
      rows,
      suffix: 'ON CONFLICT (from_chunk_id, chunker_id, version_id) DO NOTHING',
    },
    w.limits,
  );
}
