import type { ChunkSetWrite } from './chunk-set-store.js';
import { headingFieldText } from './heading-field.js';
import { insertBatched } from './insert-batched.js';
import type { SectionRecord } from './section-record.js';
import { storedHeadingPaths } from './section-rows.js';
import type { WriteTx } from './sql-context.js';
import type { RedirectInput } from './types.js';

const CHUNK_INSERT_COLUMNS = [
  'document_id',
  'version_id',
  'chunker_id',
  'chunk_id',
  'seq',
  'json_pointer',
  'chunk_index',
  'total_chunks',
  'text',
  'char_start',
  'char_end',
  'byte_start',
  'byte_end',
  'tokens',
  'section_id',
  'heading_path',
  'page',
  'block_type',
  'anchor',
  'hash',
  'node_start',
  'node_end',
  'node_hash',
  'created_at',
  'updated_at',
] as const;

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
  set: Omit<ChunkSetWrite, 'redirects'> & { sections?: readonly SectionRecord[] },
): Promise<boolean> {
  const claimed = await w.tx.all(
    'INSERT INTO chunk_sets (version_id, chunker_id, lineage_rev, chunk_count, digest, created_at) VALUES (?, ?, ?, ?, ?, ?) ' +
      'ON CONFLICT (version_id, chunker_id) DO NOTHING RETURNING version_id',
    [set.version_id, set.chunker_id, set.lineage_rev, set.rows.length, set.digest, w.now],
  );
  if (claimed.length === 0) return false;
  const headingPaths = await storedHeadingPaths(w.tx, set.version_id, set.rows, set.sections);
  const headings = set.rows.map((chunk) => headingFieldText(chunk.heading_path));
  const indexColumn = w.dialect.sql.chunkIndexColumn;
  const rows = set.rows.map((chunk, i) => [
    set.document_id,
    set.version_id,
    set.chunker_id,
    chunk.chunk_id,
    chunk.seq,
    chunk.json_pointer,
    chunk.chunk_index,
    chunk.total_chunks,
    chunk.text,
    chunk.char_start,
    chunk.char_end,
    chunk.byte_start,
    chunk.byte_end,
    chunk.tokens,
    chunk.section_id,
    headingPaths[i],
    chunk.page,
    chunk.block_type,
    chunk.anchor,
    chunk.hash,
    chunk.node_start,
    chunk.node_end,
    chunk.node_hash,
    w.now,
    w.now,
    ...(indexColumn === null ? [] : [chunk.text, headings[i]]),
  ]);
  await insertBatched(
    w.tx,
    {
      table: 'chunks',
      ...(indexColumn === null
        ? { columns: CHUNK_INSERT_COLUMNS }
        : {
            columns: [...CHUNK_INSERT_COLUMNS, indexColumn.column],
            placeholders: [...CHUNK_INSERT_COLUMNS.map(() => '?'), indexColumn.placeholder],
          }),
      rows,
    },
    w.limits,
  );
  await w.dialect.sql.afterChunksInserted(w.tx, {
    version_id: set.version_id,
    chunker_id: set.chunker_id,
    chunks: set.rows.map((chunk, i) => ({
      chunk_id: chunk.chunk_id,
      text: chunk.text,
      heading: headings[i]!,
    })),
  });
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
