import { insertBatched } from './insert-batched.js';
import { CURRENT_JOINS, MATCH_COLUMNS } from './lexical-search-sql.js';
import { readChunkRows } from './read-chunk-rows.js';
import { type SqlStoreContext, selectOne } from './sql-context.js';
import type { VectorExtension } from './sql-driver.js';
import type { VectorQuery, VectorStore } from './vector-store.js';

/** Keys per `IN (...)` list: far below either database's parameter limit. */
const KEYS_PER_READ = 500;

function inList(count: number): string {
  return `(${Array.from({ length: count }, () => '?').join(', ')})`;
}

/** The query's filters on the scanned vector rows (`cv`), as lexical search filters chunks. */
function vectorFilters(query: VectorQuery): { where: string; params: unknown[] } {
  // `|| ''` keeps the planners off the (embed_model, text_hash) index: probing it, then each row by
  // its id, costs twice the sequential read of the table (measured on 63k eCFR chunks, SQLite)
  const filters = ["cv.embed_model || '' = ?", 'cv.chunker_id = ?'];
  const params: unknown[] = [query.embed_model, query.chunker_id];
  if (query.document_id !== undefined) {
    filters.push('cv.document_id = ?');
    params.push(query.document_id);
  }
  if (query.section !== undefined) {
    // a section matches itself and its subsections (a prefix ending at a dot)
    filters.push('(cv.section_id = ? OR substr(cv.section_id, 1, length(?) + 1) = ?)');
    params.push(query.section, query.section, `${query.section}.`);
  }
  return { where: filters.join(' AND '), params };
}

export function createSqlVectorStore(ctx: SqlStoreContext): VectorStore {
  const { driver } = ctx;
  const sql = driver.dialect.sql;
  // asked once per store: an extension installed later is used after a reopen
  let extension: Promise<VectorExtension | null> | undefined;
  return {
    async listPendingVectorSets(embedModel, chunkerId) {
      const rows = await driver.all<Record<string, unknown>>(
        'SELECT s.version_id, s.chunker_id, d.doc_uid, s.chunk_count FROM documents d ' +
          'JOIN chunk_sets s ON s.version_id = d.current_version_id ' +
          (chunkerId === undefined ? '' : 'AND s.chunker_id = ? ') +
          'WHERE NOT EXISTS (SELECT 1 FROM vector_sets vs WHERE vs.version_id = s.version_id ' +
          'AND vs.chunker_id = s.chunker_id AND vs.embed_model = ?) ORDER BY d.doc_uid, s.chunker_id',
        chunkerId === undefined ? [embedModel] : [chunkerId, embedModel],
      );
      return rows.map((row) => ({
        version_id: Number(row.version_id),
        chunker_id: String(row.chunker_id),
        doc_uid: String(row.doc_uid),
        chunk_count: Number(row.chunk_count),
      }));
    },

    async getCachedEmbeddings(embedModel, textHashes) {
      const found = new Map<string, Float32Array>();
      const unique = [...new Set(textHashes)];
      for (let at = 0; at < unique.length; at += KEYS_PER_READ) {
        const keys = unique.slice(at, at + KEYS_PER_READ);
        const rows = await driver.all<Record<string, unknown>>(
          `SELECT text_hash, vector FROM embeddings WHERE embed_model = ? AND text_hash IN ${inList(keys.length)}`,
          [embedModel, ...keys],
        );
        for (const row of rows) found.set(String(row.text_hash), sql.readVector(row.vector));
      }
      return found;
    },

    async putEmbeddings(embedModel, entries) {
      if (entries.length === 0) return;
      const now = new Date().toISOString();
      await driver.transaction((tx) =>
        insertBatched(
          tx,
          {
            table: 'embeddings',
            columns: ['embed_model', 'text_hash', 'dimensions', 'vector', 'created_at'],
            rows: entries.map((e) => [
              embedModel,
              e.text_hash,
              e.vector.length,
              sql.vectorParam(e.vector),
              now,
            ]),
            suffix: 'ON CONFLICT (embed_model, text_hash) DO NOTHING',
          },
          ctx.limits,
        ),
      );
    },

    async writeVectorSet(input) {
      const now = new Date().toISOString();
      return driver.transaction(async (tx) => {
        const set = await selectOne(
          tx,
          'SELECT s.chunk_count, (SELECT COUNT(*) FROM vector_sets vs WHERE vs.version_id = s.version_id ' +
            'AND vs.chunker_id = s.chunker_id AND vs.embed_model = ?) AS done ' +
            'FROM chunk_sets s WHERE s.version_id = ? AND s.chunker_id = ?',
          [input.embed_model, input.version_id, input.chunker_id],
        );
        if (set === undefined || Number(set.done) > 0) return false;
        await insertBatched(
          tx,
          {
            table: 'chunk_vectors',
            columns: [
              'chunk_row_id',
              'embed_model',
              'text_hash',
              'chunker_id',
              'document_id',
              'version_id',
              'section_id',
              'chunk_id',
              'vector',
            ],
            rows: input.chunks.map((c) => [
              c.chunk_row_id,
              input.embed_model,
              c.text_hash,
              input.chunker_id,
              c.document_id,
              input.version_id,
              c.section_id,
              c.chunk_id,
              sql.vectorParam(c.vector),
            ]),
          },
          ctx.limits,
        );
        await tx.run(
          'INSERT INTO vector_sets (version_id, chunker_id, embed_model, dimensions, text_context, chunk_count, created_at) ' +
            'VALUES (?, ?, ?, ?, ?, ?, ?)',
          [
            input.version_id,
            input.chunker_id,
            input.embed_model,
            input.dimensions,
            input.text_context,
            input.chunks.length,
            now,
          ],
        );
        return true;
      });
    },

    async getVectorIndexStates(chunkerId) {
      const rows = await driver.all<Record<string, unknown>>(
        'SELECT vs.embed_model, vs.dimensions, d.doc_uid, s.digest, s.chunk_count FROM documents d ' +
          'JOIN chunk_sets s ON s.version_id = d.current_version_id AND s.chunker_id = ? ' +
          'JOIN vector_sets vs ON vs.version_id = s.version_id AND vs.chunker_id = s.chunker_id ' +
          'ORDER BY vs.embed_model, d.doc_uid',
        [chunkerId],
      );
      const states = new Map<string, ReturnType<typeof stateOf>>();
      function stateOf(row: Record<string, unknown>) {
        return {
          embed_model: String(row.embed_model),
          dimensions: Number(row.dimensions),
          sets: [] as { doc_uid: string; digest: string; chunk_count: number }[],
        };
      }
      for (const row of rows) {
        const key = String(row.embed_model);
        const state = states.get(key) ?? stateOf(row);
        states.set(key, state);
        state.sets.push({
          doc_uid: String(row.doc_uid),
          digest: String(row.digest),
          chunk_count: Number(row.chunk_count),
        });
      }
      return [...states.values()];
    },

    async searchVectors(query) {
      if (query.limit <= 0) return [];
      const { where, params } = vectorFilters(query);
      extension ??= sql.findVectorExtension(driver).catch((error: unknown) => {
        extension = undefined;
        throw error;
      });
      const scoring = await extension;
      // The scan reads only chunk_vectors (and the few documents rows); the
      // chunks' full rows are read for the k nearest alone, in one statement.
      const rows = await driver.all<Record<string, unknown>>(
        `WITH nearest AS (SELECT cv.chunk_row_id, ${sql.cosineDistanceSql('cv.vector', scoring)} AS distance ` +
          'FROM chunk_vectors cv JOIN documents d ON d.id = cv.document_id ' +
          'AND d.current_version_id = cv.version_id AND d.removed_at IS NULL ' +
          `WHERE ${where} ORDER BY distance, COALESCE(cv.section_id, ''), cv.chunk_id LIMIT ?) ` +
          `SELECT ${MATCH_COLUMNS}, n.distance AS distance FROM nearest n JOIN chunks c ON c.id = n.chunk_row_id ${CURRENT_JOINS} ` +
          "ORDER BY n.distance, COALESCE(c.section_id, ''), c.chunk_id",
        [sql.vectorParam(query.vector), ...params, query.limit],
      );
      const chunks = await readChunkRows(driver, rows);
      return rows.map((row, i) => ({
        chunk: chunks[i]!,
        doc_uid: String(row.doc_uid),
        source_url: String(row.source_url),
        rev: String(row.rev),
        distance: Number(row.distance),
      }));
    },

    async getChunkVectors(embedModel, chunkRowIds) {
      const found = new Map<number, Float32Array>();
      for (let at = 0; at < chunkRowIds.length; at += KEYS_PER_READ) {
        const keys = chunkRowIds.slice(at, at + KEYS_PER_READ);
        const rows = await driver.all<Record<string, unknown>>(
          `SELECT cv.chunk_row_id, cv.vector FROM chunk_vectors cv WHERE cv.embed_model = ? AND cv.chunk_row_id IN ${inList(keys.length)}`,
          [embedModel, ...keys],
        );
        for (const row of rows) found.set(Number(row.chunk_row_id), sql.readVector(row.vector));
      }
      return found;
    },
  };
}
