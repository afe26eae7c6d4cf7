import type { WriteVersionInput } from './document-store.js';
import { insertBatched } from './insert-batched.js';
import { insertChunkSet, insertRedirects } from './insert-chunk-set.js';
import { insertSections } from './section-rows.js';
import { STALE, type WriteTx } from './sql-context.js';
import { insertVersionLayout } from './sql-layout-store.js';
import { upsertSeenFile } from './sql-seen-file-store.js';

/**
 * One version's write inside the caller's transaction: the document row
 * (claimed or checked against the version the caller read), the version,
 * its chunk set, redirects and seen files, then the document pointed at the
 * version. Throws STALE when another writer got there first, so that the
 * caller rolls back and decides again from what is stored.
 */
export async function writeVersionInTx(
  w: WriteTx,
  input: WriteVersionInput,
  blocks: readonly Buffer[],
): Promise<{ document_id: number; version_id: number; created_document: boolean }> {
  const { document } = input;
  const { documentId, createdDocument } = await claimDocument(w, input);
  const versionId = await claimVersion(w, documentId, input.version, blocks);
  if (input.chunks) {
    const written = await insertChunkSet(w, {
      ...('existing_id' in input.version
        ? {}
        : { sections: input.version.sections, canonical: input.version.canonical }),
      document_id: documentId,
      version_id: versionId,
      chunker_id: input.chunker_id,
      lineage_rev: input.chunks.lineage_rev,
      rows: input.chunks.rows,
      digest: input.chunks.digest,
    });
    if (!written) throw STALE;
  }
  await insertRedirects(w, {
    document_id: documentId,
    chunker_id: input.chunker_id,
    version_id: versionId,
    redirects: input.redirects,
  });
  await w.tx.run(
    'UPDATE documents SET current_version_id = ?, source_url = ?, media_type = ?, format = ?, title = ?, updated_at = ?, removed_at = NULL WHERE id = ?',
    [
      versionId,
      document.source_url,
      document.media_type,
      document.format,
      document.title,
      w.now,
      documentId,
    ],
  );
  for (const seen of input.seen ?? [])
    await upsertSeenFile(w.tx, { ...seen, document_id: documentId, version_id: versionId });
  return { document_id: documentId, version_id: versionId, created_document: createdDocument };
}

/** The document's row id: inserted when the caller saw none, locked and checked when it saw one. */
async function claimDocument(
  w: WriteTx,
  input: WriteVersionInput,
): Promise<{ documentId: number; createdDocument: boolean }> {
  const { document } = input;
  if (input.expect_current === null) {
    const inserted = await w.tx.all<{ id: number }>(
      'INSERT INTO documents (doc_uid, source_url, media_type, format, title, current_version_id, created_at, updated_at) ' +
        'VALUES (?, ?, ?, ?, ?, NULL, ?, ?) ON CONFLICT (doc_uid) DO NOTHING RETURNING id',
      [
        document.doc_uid,
        document.source_url,
        document.media_type,
        document.format,
        document.title,
        w.now,
        w.now,
      ],
    );
    // Another writer created the document first: read what it wrote and decide again.
    if (inserted.length === 0) throw STALE;
    return { documentId: Number(inserted[0]!.id), createdDocument: true };
  } else {
    const lock = w.dialect.row_locks ? ' FOR UPDATE' : '';
    const rows = await w.tx.all<{ id: number; current_version_id: number | null }>(
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
  w: WriteTx,
  documentId: number,
  version: WriteVersionInput['version'],
  blocks: readonly Buffer[],
): Promise<number> {
  if ('existing_id' in version) {
    const rows = await w.tx.all<{ id: number }>(
      'SELECT id FROM document_versions WHERE id = ? AND document_id = ?',
      [version.existing_id, documentId],
    );
    if (rows.length === 0) throw STALE;
    return version.existing_id;
  }
  const v = version;
  const rows = await w.tx.all<{ id: number }>(
    'INSERT INTO document_versions (document_id, seq, content_hash, model_version, rev, lineage_rev, length, byte_length, model, created_at) ' +
      'VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM document_versions WHERE document_id = ?), ?, ?, ?, ?, ?, ?, ?, ?) ' +
      'ON CONFLICT (document_id, content_hash, model_version) DO NOTHING RETURNING id',
    [
      documentId,
      documentId,
      v.content_hash,
      v.model_version,
      v.rev,
      v.lineage_rev,
      v.length,
      v.byte_length,
      v.model,
      w.now,
    ],
  );
  if (rows.length === 0) throw STALE;
  const versionId = Number(rows[0]!.id);
  await insertBatched(
    w.tx,
    {
      table: 'version_texts',
      columns: ['version_id', 'block', 'data'],
      rows: blocks.map((data, block) => [versionId, block, data]),
      pg_types: ['bigint', 'integer', 'bytea'],
    },
    w.limits,
  );
  await insertSections(w.tx, versionId, v.sections, w.limits);
  if (v.layout) await insertVersionLayout(w, versionId, v.layout);
  return versionId;
}
