import type { Format } from '../types.js';
import { MATCH_COLUMNS } from './lexical-search-sql.js';
import { readChunkRows } from './read-chunk-rows.js';
import { DOCUMENT_COLUMNS, toDocument, toIndexManifest } from './row-mappers.js';
import { type SqlStoreContext, selectOne } from './sql-context.js';
import { upsertSeenFile } from './sql-seen-file-store.js';
import type { DocumentSummary, StoreInventory } from './store-inventory.js';

const D_COLUMNS = DOCUMENT_COLUMNS.split(', ')
  .map((column) => `d.${column}`)
  .join(', ');

/** Listings, counts and removal over the SQL driver. */
export function createSqlStoreInventory(ctx: SqlStoreContext): StoreInventory {
  const { driver } = ctx;
  const count = async (sql: string, params: readonly unknown[] = []): Promise<number> =>
    Number((await selectOne(driver, sql, params))?.n ?? 0);
  const perChunker = async (sql: string): Promise<Record<string, number>> => {
    const rows = await driver.all<Record<string, unknown>>(sql);
    return Object.fromEntries(rows.map((row) => [String(row.chunker_id), Number(row.n)]));
  };
  return {
    async listDocumentSummaries(query = {}) {
      const where = ['d.id > ?'];
      const params: unknown[] = [query.after_id ?? 0];
      if (query.include_removed !== true) where.push('d.removed_at IS NULL');
      if (query.format !== undefined) {
        where.push('d.format = ?');
        params.push(query.format);
      }
      const under = query.under?.replace(/\/+$/, '');
      if (under !== undefined && under !== '' && under !== '.') {
        where.push('(d.source_url = ? OR substr(d.source_url, 1, length(?) + 1) = ?)');
        params.push(under, under, `${under}/`);
      }
      const rows = await driver.all<Record<string, unknown>>(
        `SELECT ${D_COLUMNS}, v.seq AS current_seq, v.length AS length, v.byte_length AS byte_length, ` +
          '(SELECT COUNT(*) FROM document_versions x WHERE x.document_id = d.id) AS versions ' +
          'FROM documents d JOIN document_versions v ON v.id = d.current_version_id ' +
          `WHERE ${where.join(' AND ')} ORDER BY d.id LIMIT ?`,
        [...params, query.limit ?? 1000],
      );
      const summaries: DocumentSummary[] = rows.map((row) => ({
        document: toDocument(row),
        versions: Number(row.versions),
        current_seq: Number(row.current_seq),
        chunks: {},
        length: Number(row.length),
        byte_length: Number(row.byte_length),
      }));
      if (summaries.length === 0) return summaries;
      const byVersion = new Map(summaries.map((s) => [s.document.current_version_id, s]));
      const sets = await driver.all<Record<string, unknown>>(
        `SELECT version_id, chunker_id, chunk_count FROM chunk_sets WHERE version_id IN (${summaries.map(() => '?').join(', ')}) ORDER BY chunker_id`,
        [...byVersion.keys()],
      );
      for (const set of sets) {
        const summary = byVersion.get(Number(set.version_id));
        if (summary) summary.chunks[String(set.chunker_id)] = Number(set.chunk_count);
      }
      return summaries;
    },

    async storeStats() {
      const manifests = await driver.all<Record<string, unknown>>(
        'SELECT * FROM index_manifests ORDER BY created_at, index_hash',
      );
      return {
        documents: await count(
          'SELECT COUNT(*) AS n FROM documents WHERE removed_at IS NULL AND current_version_id IS NOT NULL',
        ),
        removed_documents: await count(
          'SELECT COUNT(*) AS n FROM documents WHERE removed_at IS NOT NULL',
        ),
        versions: await count('SELECT COUNT(*) AS n FROM document_versions'),
        current_chunks: await perChunker(
          'SELECT s.chunker_id, SUM(s.chunk_count) AS n FROM documents d JOIN chunk_sets s ON s.version_id = d.current_version_id ' +
            'WHERE d.removed_at IS NULL GROUP BY s.chunker_id ORDER BY s.chunker_id',
        ),
        stored_chunks: await perChunker(
          'SELECT chunker_id, COUNT(*) AS n FROM chunks GROUP BY chunker_id ORDER BY chunker_id',
        ),
        redirects: await count('SELECT COUNT(*) AS n FROM redirects'),
        traces: await count('SELECT COUNT(*) AS n FROM rag_traces'),
        seen_files: await count('SELECT COUNT(*) AS n FROM seen_files'),
        store_bytes: await driver.dialect.sql.storeBytes(driver),
        index_manifests: manifests.map(toIndexManifest),
      };
    },

    async listCurrentChunks(query) {
      const rows = await driver.all<Record<string, unknown>>(
        `SELECT ${MATCH_COLUMNS}, d.format AS format, d.title AS title FROM chunks c ` +
          'JOIN documents d ON d.id = c.document_id AND d.current_version_id = c.version_id AND d.removed_at IS NULL ' +
          'JOIN document_versions v ON v.id = c.version_id ' +
          'WHERE c.chunker_id = ? AND c.id > ? ORDER BY c.id LIMIT ?',
        [query.chunker_id, query.after_id ?? 0, query.limit],
      );
      const chunks = await readChunkRows(driver, rows);
      return rows.map((row, i) => ({
        chunk: chunks[i]!,
        doc_uid: String(row.doc_uid),
        source_url: String(row.source_url),
        format: String(row.format) as Format,
        title: row.title === null || row.title === undefined ? null : String(row.title),
        rev: String(row.rev),
      }));
    },

    removeDocument(documentId) {
      return ctx.index_writes.around(() =>
        driver.transaction(async (tx) => {
          const now = new Date().toISOString();
          const changed = await tx.run(
            'UPDATE documents SET removed_at = ?, updated_at = ? WHERE id = ? AND removed_at IS NULL',
            [now, now, documentId],
          );
          await tx.run('DELETE FROM seen_files WHERE document_id = ?', [documentId]);
          return changed > 0;
        }),
      );
    },

    purgeDocument(documentId) {
      return ctx.index_writes.around(() =>
        driver.transaction(async (tx) => {
          const [found] = await tx.all('SELECT id FROM documents WHERE id = ?', [documentId]);
          if (found === undefined) return false;
          await driver.dialect.sql.beforeChunksDeleted(tx, documentId);
          const versions = 'SELECT id FROM document_versions WHERE document_id = ?';
          await tx.run('DELETE FROM seen_files WHERE document_id = ?', [documentId]);
          await tx.run('DELETE FROM redirects WHERE document_id = ?', [documentId]);
          await tx.run('DELETE FROM chunks WHERE document_id = ?', [documentId]);
          await tx.run(`DELETE FROM json_nodes WHERE version_id IN (${versions})`, [documentId]);
          await tx.run(`DELETE FROM chunk_sets WHERE version_id IN (${versions})`, [documentId]);
          await tx.run(`DELETE FROM version_texts WHERE version_id IN (${versions})`, [documentId]);
          await tx.run(`DELETE FROM version_layouts WHERE version_id IN (${versions})`, [
            documentId,
          ]);
          await tx.run('UPDATE documents SET current_version_id = NULL WHERE id = ?', [documentId]);
          await tx.run(`DELETE FROM sections WHERE version_id IN (${versions})`, [documentId]);
          await tx.run('DELETE FROM document_versions WHERE document_id = ?', [documentId]);
          await tx.run('DELETE FROM documents WHERE id = ?', [documentId]);
          return true;
        }),
      );
    },

    restoreDocument(documentId, seen = []) {
      return ctx.index_writes.around(() =>
        driver.transaction(async (tx) => {
          const [row] = await tx.all<Record<string, unknown>>(
            'SELECT current_version_id FROM documents WHERE id = ?',
            [documentId],
          );
          if (row === undefined) return;
          await tx.run('UPDATE documents SET removed_at = NULL, updated_at = ? WHERE id = ?', [
            new Date().toISOString(),
            documentId,
          ]);
          const versionId = Number(row.current_version_id);
          for (const file of seen)
            await upsertSeenFile(tx, { ...file, document_id: documentId, version_id: versionId });
        }),
      );
    },
  };
}
