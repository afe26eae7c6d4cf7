import { type InsertBatchedOptions, insertBatched } from './insert-batched.js';
import type { Dialect, SqlExecutor } from './sql-driver.js';
import type { ChunkSetWrite, RedirectInput, SeenFileRow, WriteVersionInput } from './types.js';

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

export const SEEN_UPSERT =
  'INSERT INTO seen_files (source_url, settings_key, size, mtime_ms, file_hash, document_id, version_id, seen_at_ms) ' +
  'VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (source_url, settings_key) DO UPDATE SET size = excluded.size, ' +
  'mtime_ms = excluded.mtime_ms, file_hash = excluded.file_hash, document_id = excluded.document_id, ' +
  'version_id = excluded.version_id, seen_at_ms = excluded.seen_at_ms';

/** Thrown inside a transaction to roll it back when the document moved under the writer. */
export const STALE = Symbol('stale');

/**
 * One version's write inside the caller's transaction: the document row
 * (claimed or checked against the version the caller read), the version,
 * its chunk set, redirects and seen files, then the document pointed at the
 * version. Throws STALE when another writer got there first, so that the
 * caller rolls back and decides again from what is stored.
 */
export async function writeVersionInTx(
  tx: SqlExecutor,
  dialect: Dialect,
  batch: InsertBatchedOptions,
  input: WriteVersionInput,
  now: string,
): Promise<{ document_id: number; version_id: number; created_document: boolean }> {
  const { document } = input;
  const { documentId, createdDocument } = await claimDocument(tx, dialect, input, now);
  const versionId = await claimVersion(tx, documentId, input.version, now);
  if (input.chunks) {
    const written = await insertChunkSet(tx, dialect, batch, {
      document_id: documentId,
      version_id: versionId,
      chunker_id: input.chunker_id,
      lineage_rev: input.chunks.lineage_rev,
      rows: input.chunks.rows,
      digest: input.chunks.digest,
      now,
    });
    if (!written) throw STALE;
  }
  await insertRedirects(
    tx,
    dialect,
    batch,
    documentId,
    input.chunker_id,
    versionId,
    input.redirects,
    now,
  );
  await tx.run(
    'UPDATE documents SET current_version_id = ?, source_url = ?, media_type = ?, format = ?, title = ?, updated_at = ? WHERE id = ?',
    [
      versionId,
      document.source_url,
      document.media_type,
      document.format,
      document.title,
      now,
      documentId,
    ],
  );
  for (const seen of input.seen ?? []) {
    await tx.run(
      SEEN_UPSERT,
      seenParams({ ...seen, document_id: documentId, version_id: versionId }),
    );
  }
  return { document_id: documentId, version_id: versionId, created_document: createdDocument };
}

/** The document's row id: inserted when the caller saw none, locked and checked when it saw one. */
async function claimDocument(
  tx: SqlExecutor,
  dialect: Dialect,
  input: WriteVersionInput,
  now: string,
): Promise<{ documentId: number; createdDocument: boolean }> {
  const { document } = input;
  if (input.expect_current === null) {
    const inserted = await tx.all<{ id: number }>(
      'INSERT INTO documents (doc_uid, source_url, media_type, format, title, current_version_id, created_at, updated_at) ' +
        'VALUES (?, ?, ?, ?, ?, NULL, ?, ?) ON CONFLICT (doc_uid) DO NOTHING RETURNING id',
      [
        document.doc_uid,
        document.source_url,
        document.media_type,
        document.format,
        document.title,
        now,
        now,
      ],
    );
    // Another writer created the document first: read what it wrote and decide again.
    if (inserted.length === 0) throw STALE;
    return { documentId: Number(inserted[0]!.id), createdDocument: true };
  } else {
    const lock = dialect.row_locks ? ' FOR UPDATE' : '';
    const rows = await tx.all<{ id: number; current_version_id: number | null }>(
      `SELECT id, current_version_id FROM documents WHERE doc_uid = ?${lock}`,
      [document.doc_uid],
    );
    const row = rows[0];
    if (
      !row ||
      row.current_version_id === null ||
      Number(row.current_version_id) !== input.expect_current
    ) {
      throw STALE;
    }
    return { documentId: Number(row.id), createdDocument: false };
  }
}

/** The version's row id: the stored one the caller named, or a new row with the next seq. */
async function claimVersion(
  tx: SqlExecutor,
  documentId: number,
  version: WriteVersionInput['version'],
  now: string,
): Promise<number> {
  if ('existing_id' in version) {
    const rows = await tx.all<{ id: number }>(
      'SELECT id FROM document_versions WHERE id = ? AND document_id = ?',
      [version.existing_id, documentId],
    );
    if (rows.length === 0) throw STALE;
    return version.existing_id;
  }
  const v = version;
  const rows = await tx.all<{ id: number }>(
    'INSERT INTO document_versions (document_id, seq, content_hash, rev, lineage_rev, canonical, length, byte_length, model, created_at) ' +
      'VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM document_versions WHERE document_id = ?), ?, ?, ?, ?, ?, ?, ?, ?) ' +
      'ON CONFLICT (document_id, content_hash) DO NOTHING RETURNING id',
    [
      documentId,
      documentId,
      v.content_hash,
      v.rev,
      v.lineage_rev,
      v.canonical,
      v.length,
      v.byte_length,
      v.model,
      now,
    ],
  );
  if (rows.length === 0) throw STALE;
  return Number(rows[0]!.id);
}

export async function insertChunkSet(
  tx: SqlExecutor,
  dialect: Dialect,
  batch: InsertBatchedOptions,
  input: Omit<ChunkSetWrite, 'redirects'> & { now: string },
): Promise<boolean> {
  const claimed = await tx.all(
    'INSERT INTO chunk_sets (version_id, chunker_id, lineage_rev, chunk_count, digest, created_at) VALUES (?, ?, ?, ?, ?, ?) ' +
      'ON CONFLICT (version_id, chunker_id) DO NOTHING RETURNING version_id',
    [
      input.version_id,
      input.chunker_id,
      input.lineage_rev,
      input.rows.length,
      input.digest,
      input.now,
    ],
  );
  if (claimed.length === 0) return false;
  const values = input.rows.map((chunk) => [
    input.document_id,
    input.version_id,
    input.chunker_id,
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
    JSON.stringify(chunk.heading_path),
    chunk.page,
    chunk.block_type,
    chunk.anchor,
    chunk.hash,
    input.now,
    input.now,
  ]);
  await insertBatched(tx, dialect, 'chunks', CHUNK_INSERT_COLUMNS, values, batch);
  if (dialect.name === 'sqlite') {
    // External-content FTS5 is not maintained by SQLite: index the new rows in the same transaction.
    await tx.run(
      'INSERT INTO chunks_fts (rowid, text) SELECT id, text FROM chunks WHERE version_id = ? AND chunker_id = ?',
      [input.version_id, input.chunker_id],
    );
  }
  return true;
}

export async function insertRedirects(
  tx: SqlExecutor,
  dialect: Dialect,
  batch: InsertBatchedOptions,
  documentId: number,
  chunkerId: string,
  versionId: number,
  redirects: readonly RedirectInput[],
  now: string,
): Promise<void> {
  const values = redirects.map((r) => [
    documentId,
    chunkerId,
    versionId,
    r.from_chunk_id,
    r.to_chunk_id,
    r.kind,
    now,
  ]);
  await insertBatched(tx, dialect, 'redirects', REDIRECT_INSERT_COLUMNS, values, {
    ...batch,
    suffix: 'ON CONFLICT (from_chunk_id, chunker_id, version_id) DO NOTHING',
  });
}

export function seenParams(row: SeenFileRow): unknown[] {
  return [
    row.source_url,
    row.settings_key,
    row.size,
    row.mtime_ms,
    row.file_hash,
    row.document_id,
    row.version_id,
    row.seen_at_ms,
  ];
}
