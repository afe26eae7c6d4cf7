import type { DocumentStore } from './document-store.js';
import { decodeModel } from './encode-model.js';
import { versionTextReader } from './read-chunk-rows.js';
import {
  DOCUMENT_COLUMNS,
  toDocument,
  toVersion,
  toVersionWithText,
  VERSION_COLUMNS,
} from './row-mappers.js';
import { readSections, readSectionsOf } from './section-rows.js';
import { selectChunkSet } from './sql-chunk-set-store.js';
import { type SqlStoreContext, STALE, selectOne } from './sql-context.js';
import type { VersionRow } from './types.js';
import { encodeVersionText } from './version-text.js';
import { writeVersionInTx } from './write-version-sql.js';

/** Documents and versions over the SQL driver. */
export function createSqlDocumentStore(ctx: SqlStoreContext): DocumentStore {
  const { driver } = ctx;
  const getVersion = async (versionId: number): Promise<VersionRow | null> => {
    const row = await selectOne(
      driver,
      `SELECT ${VERSION_COLUMNS} FROM document_versions WHERE id = ?`,
      [versionId],
    );
    return row ? toVersion(row) : null;
  };
  return {
    async getDocument(docUidOrSource) {
      const byUid = await selectOne(
        driver,
        `SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE doc_uid = ?`,
        [docUidOrSource],
      );
      if (byUid) return toDocument(byUid);
      const bySource = await selectOne(
        driver,
        `SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE source_url = ? ORDER BY id LIMIT 1`,
        [docUidOrSource],
      );
      return bySource ? toDocument(bySource) : null;
    },

    async getDocumentById(id) {
      const row = await selectOne(
        driver,
        `SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE id = ?`,
        [id],
      );
      return row ? toDocument(row) : null;
    },

    async listDocuments(options = {}) {
      const rows = await driver.all<Record<string, unknown>>(
        `SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE id > ? AND current_version_id IS NOT NULL AND removed_at IS NULL ORDER BY id LIMIT ? OFFSET ?`,
        [options.after_id ?? 0, options.limit ?? 1000, options.offset ?? 0],
      );
      return rows.map(toDocument);
    },

    async getDocumentState(docUid, contentHash, chunkerId, modelVersion) {
      const raw = await selectOne(
        driver,
        `SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE doc_uid = ?`,
        [docUid],
      );
      if (!raw || raw.current_version_id === null) return null;
      const document = toDocument(raw);
      const current = await getVersion(document.current_version_id);
      if (!current) return null;
      const same =
        current.content_hash === contentHash && current.model_version === modelVersion
          ? current
          : await selectOne(
              driver,
              `SELECT ${VERSION_COLUMNS} FROM document_versions WHERE document_id = ? AND content_hash = ? AND model_version = ?`,
              [document.id, contentHash, modelVersion],
            ).then((row) => (row ? toVersion(row) : null));
      const set = same ? await selectChunkSet(driver, same.id, chunkerId) : null;
      return { document, current, same_content: same, same_content_chunk_set: set };
    },

    getVersion,

    async getVersionText(versionId) {
      const row = await selectOne(
        driver,
        `SELECT ${VERSION_COLUMNS}, model FROM document_versions WHERE id = ?`,
        [versionId],
      );
      if (!row) return null;
      const canonical = (await versionTextReader(driver).text(driver, versionId)) ?? '';
      return toVersionWithText(row, canonical, await decodeModel(row.model));
    },

    async getCanonicalSlice(versionId, start, end) {
      const version = await getVersion(versionId);
      if (version === null) return null;
      const to = Math.min(end, version.length);
      if (to <= start) return '';
      const [text] = await versionTextReader(driver).slices(driver, [
        { version_id: versionId, start: Math.max(0, start), end: to },
      ]);
      return text ?? '';
    },

    getSections(versionId, sectPaths) {
      return readSections(driver, versionId, sectPaths);
    },

    getSectionsOf(wanted) {
      return readSectionsOf(driver, wanted);
    },

    async findSections(versionId, by) {
      const [column, value] =
        'section_key' in by ? ['section_key', by.section_key] : ['slug', by.slug];
      const rows = await driver.all<{ sect_path: string }>(
        `SELECT sect_path FROM sections WHERE version_id = ? AND ${column} = ? ORDER BY sect_path`,
        [versionId, value],
      );
      return rows.map((row) => String(row.sect_path));
    },

    async listVersions(documentId) {
      const rows = await driver.all<Record<string, unknown>>(
        `SELECT ${VERSION_COLUMNS} FROM document_versions WHERE document_id = ? ORDER BY seq`,
        [documentId],
      );
      return rows.map(toVersion);
    },

    async listRevs(documentId) {
      const rows = await driver.all<{ rev: string }>(
        'SELECT rev FROM document_versions WHERE document_id = ?',
        [documentId],
      );
      return rows.map((row) => String(row.rev));
    },

    writeVersion(input) {
      return ctx.index_writes.around(async () => {
        const now = new Date().toISOString();
        // compressed before the transaction opens: zlib's work holds no lock
        const blocks =
          'existing_id' in input.version ? [] : await encodeVersionText(input.version.canonical);
        try {
          const written = await driver.transaction((tx) =>
            writeVersionInTx(
              { tx, dialect: driver.dialect, limits: ctx.limits, now },
              input,
              blocks,
            ),
          );
          return { status: 'written', ...written };
        } catch (error) {
          if (error === STALE) return { status: 'stale' };
          throw error;
        }
      });
    },
  };
}
