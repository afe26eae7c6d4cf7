import { checkStore } from './check-store.js';
import { decodeModel } from './encode-model.js';
import { lexicalSearchSql } from './lexical-search-sql.js';
import {
  CHUNK_COLUMNS,
  DOCUMENT_COLUMNS,
  toChunk,
  toChunkSet,
  toDocument,
  toIndexManifest,
  toRagTrace,
  toRedirect,
  toSeenFile,
  toVersion,
  toVersionWithText,
  VERSION_COLUMNS,
} from './row-mappers.js';
import type { SqlDriver } from './sql-driver.js';
import type {
  ChunkRow,
  ChunkSetRow,
  ChunkSetWrite,
  ChunkStore,
  DocumentRow,
  DocumentState,
  IndexManifestRow,
  LexicalIndexState,
  LexicalMatch,
  LexicalQuery,
  RagTraceRow,
  RedirectRow,
  SeenFileRow,
  StoreCapabilities,
  StoreCounts,
  VersionRow,
  VersionWithText,
  WaitOptions,
  WriteVersionInput,
  WriteVersionOutcome,
} from './types.js';
import {
  insertChunkSet,
  insertRedirects,
  SEEN_UPSERT,
  STALE,
  seenParams,
  writeVersionInTx,
} from './write-version-sql.js';

export interface SqlChunkStoreOptions {
  /** Rows per INSERT at most (default: as many as the parameter limit allows). */
  batch_rows?: number;
  /** The driver was opened for reading only. */
  read_only?: boolean;
}

/**
 * The one `ChunkStore`, over either driver: the SQL is shared, the dialect
 * flags cover the differences (row locks, JSON, parameter limits).
 */
export class SqlChunkStore implements ChunkStore {
  readonly dialect: 'sqlite' | 'postgres';
  readonly location: string;
  readonly read_only: boolean;
  readonly capabilities: StoreCapabilities;
  /** Bumped before and after every write that can change what the lexical index holds. */
  private indexWrites = 0;
  /** The last index state read per chunker, and what it was read under. */
  private readonly indexStates = new Map<string, { key: string; state: LexicalIndexState }>();

  constructor(
    private readonly driver: SqlDriver,
    private readonly options: SqlChunkStoreOptions = {},
  ) {
    this.dialect = driver.dialect.name;
    this.location = driver.location;
    this.read_only = options.read_only === true;
    this.capabilities = {
      lexical_engine: driver.dialect.lexical_engine,
      blocking_writes: driver.dialect.blocking_writes,
      file_path: driver.file_path,
    };
  }

  get rows_written(): number {
    return this.driver.rows_written;
  }

  async getDocument(docUidOrSource: string): Promise<DocumentRow | null> {
    const byUid = await this.one(`SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE doc_uid = ?`, [
      docUidOrSource,
    ]);
    if (byUid) return toDocument(byUid);
    const bySource = await this.one(
      `SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE source_url = ? ORDER BY id LIMIT 1`,
      [docUidOrSource],
    );
    return bySource ? toDocument(bySource) : null;
  }

  async getDocumentById(id: number): Promise<DocumentRow | null> {
    const row = await this.one(`SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE id = ?`, [id]);
    return row ? toDocument(row) : null;
  }

  async listDocuments(
    options: { limit?: number; after_id?: number; offset?: number } = {},
  ): Promise<DocumentRow[]> {
    const rows = await this.driver.all<Record<string, unknown>>(
      `SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE id > ? AND current_version_id IS NOT NULL ORDER BY id LIMIT ? OFFSET ?`,
      [options.after_id ?? 0, options.limit ?? 1000, options.offset ?? 0],
    );
    return rows.map(toDocument);
  }

  async getDocumentState(
    docUid: string,
    contentHash: string,
    chunkerId: string,
  ): Promise<DocumentState | null> {
    const raw = await this.one(`SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE doc_uid = ?`, [
      docUid,
    ]);
    if (!raw || raw.current_version_id === null) return null;
    const document = toDocument(raw);
    const current = await this.getVersion(document.current_version_id);
    if (!current) return null;
    const same =
      current.content_hash === contentHash
        ? current
        : await this.one(
            `SELECT ${VERSION_COLUMNS} FROM document_versions WHERE document_id = ? AND content_hash = ?`,
            [document.id, contentHash],
          ).then((row) => (row ? toVersion(row) : null));
    const set = same ? await this.getChunkSet(same.id, chunkerId) : null;
    return { document, current, same_content: same, same_content_chunk_set: set };
  }

  async getVersion(versionId: number): Promise<VersionRow | null> {
    const row = await this.one(`SELECT ${VERSION_COLUMNS} FROM document_versions WHERE id = ?`, [
      versionId,
    ]);
    return row ? toVersion(row) : null;
  }

  async getVersionText(versionId: number): Promise<VersionWithText | null> {
    const row = await this.one(
      `SELECT ${VERSION_COLUMNS}, canonical, model FROM document_versions WHERE id = ?`,
      [versionId],
    );
    return row ? toVersionWithText(row, await decodeModel(row.model)) : null;
  }

  async getCanonicalSlice(versionId: number, start: number, end: number): Promise<string | null> {
    // substr counts characters (code points) in both databases, 1-based.
    const row = await this.one(
      'SELECT substr(canonical, ?, ?) AS text FROM document_versions WHERE id = ?',
      [start + 1, Math.max(0, end - start), versionId],
    );
    return row ? String(row.text ?? '') : null;
  }

  async listVersions(documentId: number): Promise<VersionRow[]> {
    const rows = await this.driver.all<Record<string, unknown>>(
      `SELECT ${VERSION_COLUMNS} FROM document_versions WHERE document_id = ? ORDER BY seq`,
      [documentId],
    );
    return rows.map(toVersion);
  }

  async getChunkSet(versionId: number, chunkerId: string): Promise<ChunkSetRow | null> {
    const row = await this.one('SELECT * FROM chunk_sets WHERE version_id = ? AND chunker_id = ?', [
      versionId,
      chunkerId,
    ]);
    return row ? toChunkSet(row) : null;
  }

  async listChunkSets(
    options: { chunker_id?: string; version_id?: number } = {},
  ): Promise<ChunkSetRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (options.chunker_id !== undefined) {
      where.push('chunker_id = ?');
      params.push(options.chunker_id);
    }
    if (options.version_id !== undefined) {
      where.push('version_id = ?');
      params.push(options.version_id);
    }
    const rows = await this.driver.all<Record<string, unknown>>(
      `SELECT * FROM chunk_sets${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY version_id, chunker_id`,
      params,
    );
    return rows.map(toChunkSet);
  }

  async listChunks(versionId: number, chunkerId: string): Promise<ChunkRow[]> {
    const rows = await this.driver.all<Record<string, unknown>>(
      `SELECT ${CHUNK_COLUMNS} FROM chunks WHERE version_id = ? AND chunker_id = ? ORDER BY seq`,
      [versionId, chunkerId],
    );
    return rows.map(toChunk);
  }

  async firstChunkId(versionId: number, chunkerId: string): Promise<string | null> {
    const row = await this.one(
      'SELECT chunk_id FROM chunks WHERE version_id = ? AND chunker_id = ? ORDER BY seq LIMIT 1',
      [versionId, chunkerId],
    );
    return row ? String(row.chunk_id) : null;
  }

  async listUsedChunkIds(documentId: number, chunkerId: string): Promise<string[]> {
    const rows = await this.driver.all<{ chunk_id: string }>(
      'SELECT chunk_id FROM chunks WHERE document_id = ? AND chunker_id = ? ' +
        'UNION SELECT from_chunk_id FROM redirects WHERE document_id = ? AND chunker_id = ?',
      [documentId, chunkerId, documentId, chunkerId],
    );
    return rows.map((row) => String(row.chunk_id));
  }

  async listRevs(documentId: number): Promise<string[]> {
    const rows = await this.driver.all<{ rev: string }>(
      'SELECT rev FROM document_versions WHERE document_id = ?',
      [documentId],
    );
    return rows.map((row) => String(row.rev));
  }

  async findChunks(chunkId: string, chunkerId?: string): Promise<ChunkRow[]> {
    const rows =
      chunkerId === undefined
        ? await this.driver.all<Record<string, unknown>>(
            `SELECT ${CHUNK_COLUMNS} FROM chunks WHERE chunk_id = ? ORDER BY version_id DESC, chunker_id`,
            [chunkId],
          )
        : await this.driver.all<Record<string, unknown>>(
            `SELECT ${CHUNK_COLUMNS} FROM chunks WHERE chunk_id = ? AND chunker_id = ? ORDER BY version_id DESC`,
            [chunkId, chunkerId],
          );
    return rows.map(toChunk);
  }

  async findRedirects(chunkId: string, chunkerId?: string): Promise<RedirectRow[]> {
    const rows =
      chunkerId === undefined
        ? await this.driver.all<Record<string, unknown>>(
            'SELECT * FROM redirects WHERE from_chunk_id = ? ORDER BY id DESC',
            [chunkId],
          )
        : await this.driver.all<Record<string, unknown>>(
            'SELECT * FROM redirects WHERE from_chunk_id = ? AND chunker_id = ? ORDER BY id DESC',
            [chunkId, chunkerId],
          );
    return rows.map(toRedirect);
  }

  async listChunkerIds(): Promise<string[]> {
    const rows = await this.driver.all<{ chunker_id: string }>(
      'SELECT chunker_id, SUM(chunk_count) AS n FROM chunk_sets GROUP BY chunker_id ORDER BY n DESC, chunker_id',
    );
    return rows.map((row) => String(row.chunker_id));
  }

  async getSeenFile(sourceUrl: string, settingsKey: string): Promise<SeenFileRow | null> {
    const row = await this.one(
      'SELECT * FROM seen_files WHERE source_url = ? AND settings_key = ?',
      [sourceUrl, settingsKey],
    );
    return row ? toSeenFile(row) : null;
  }

  async recordSeenFiles(rows: SeenFileRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.driver.transaction(async (tx) => {
      for (const row of rows) await tx.run(SEEN_UPSERT, seenParams(row));
    });
  }

  async writeVersion(input: WriteVersionInput): Promise<WriteVersionOutcome> {
    this.indexWrites++;
    try {
      return await this.writeVersionOnce(input);
    } finally {
      this.indexWrites++;
    }
  }

  private async writeVersionOnce(input: WriteVersionInput): Promise<WriteVersionOutcome> {
    const now = new Date().toISOString();
    try {
      const written = await this.driver.transaction((tx) =>
        writeVersionInTx(tx, this.driver.dialect, this.batchOptions(), input, now),
      );
      return { status: 'written', ...written };
    } catch (error) {
      if (error === STALE) return { status: 'stale' };
      throw error;
    }
  }

  async writeChunkSet(input: ChunkSetWrite): Promise<boolean> {
    const now = new Date().toISOString();
    this.indexWrites++;
    try {
      return await this.driver.transaction(async (tx) => {
        const { dialect } = this.driver;
        if (!(await insertChunkSet(tx, dialect, this.batchOptions(), { ...input, now })))
          throw STALE;
        await insertRedirects(
          tx,
          dialect,
          this.batchOptions(),
          input.document_id,
          input.chunker_id,
          input.version_id,
          input.redirects,
          now,
        );
        return true;
      });
    } catch (error) {
      if (error === STALE) return false;
      throw error;
    } finally {
      this.indexWrites++;
    }
  }

  /**
   * Every search asks for the index state, and reading it costs a row per
   * document. Where the driver can tell that no other connection committed
   * (SQLite's data_version) and this store wrote no version or chunk set
   * since, the last state read is still the state: the same object comes
   * back, unread.
   */
  async getLexicalIndexState(chunkerId: string): Promise<LexicalIndexState> {
    if (this.driver.others_commit_stamp === undefined) return this.readLexicalIndexState(chunkerId);
    const key = `${this.driver.others_commit_stamp()}:${this.indexWrites}`;
    const cached = this.indexStates.get(chunkerId);
    if (cached?.key === key) return cached.state;
    const state = await this.readLexicalIndexState(chunkerId);
    // a write that began while the state was read invalidates it
    if (key === `${this.driver.others_commit_stamp()}:${this.indexWrites}`)
      this.indexStates.set(chunkerId, { key, state });
    return state;
  }

  private async readLexicalIndexState(chunkerId: string): Promise<LexicalIndexState> {
    const analyzer = await this.one('SELECT analyzer FROM lexical_index WHERE id = 1');
    const rows = await this.driver.all<Record<string, unknown>>(
      'SELECT d.doc_uid, s.digest, s.chunk_count FROM documents d ' +
        'JOIN chunk_sets s ON s.version_id = d.current_version_id AND s.chunker_id = ?',
      [chunkerId],
    );
    return {
      analyzer: String(analyzer?.analyzer ?? ''),
      sets: rows.map((row) => ({
        doc_uid: String(row.doc_uid),
        digest: String(row.digest),
        chunk_count: Number(row.chunk_count),
      })),
    };
  }

  async searchLexical(query: LexicalQuery): Promise<LexicalMatch[]> {
    if (query.terms.length === 0 || query.limit <= 0) return [];
    const { sql, params } = lexicalSearchSql(this.driver.dialect, query);
    const rows = await this.driver.all<Record<string, unknown>>(sql, params);
    return rows.map((row) => ({
      chunk: toChunk(row),
      doc_uid: String(row.doc_uid),
      source_url: String(row.source_url),
      rev: String(row.rev),
      score_raw: Number(row.score_raw),
    }));
  }

  async putIndexManifest(row: IndexManifestRow, options: WaitOptions = {}): Promise<void> {
    await this.runWaiting(
      options,
      'INSERT INTO index_manifests (index_hash, kind, chunker_id, analyzer, embed_model, params, chunk_count, created_at) ' +
        'VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (index_hash) DO NOTHING',
      [
        row.index_hash,
        row.kind,
        row.chunker_id,
        row.analyzer,
        row.embed_model,
        JSON.stringify(row.params),
        row.chunk_count,
        row.created_at,
      ],
    );
  }

  async getIndexManifest(indexHash: string): Promise<IndexManifestRow | null> {
    const row = await this.one('SELECT * FROM index_manifests WHERE index_hash = ?', [indexHash]);
    return row ? toIndexManifest(row) : null;
  }

  async insertRagTrace(row: RagTraceRow, options: WaitOptions = {}): Promise<void> {
    const json = (value: unknown): string | null =>
      value === undefined || value === null ? null : JSON.stringify(value);
    const sql =
      'INSERT INTO rag_traces (ts, qid, seg, deltaS, lambda_state, store, index_hash, embed_model, analyzer, section_id, rev, citations, scores, kpos, kfinal) ' +
      'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';
    const params = [
      row.ts,
      row.qid,
      row.seg,
      row.deltaS,
      row.lambda_state,
      row.store,
      row.index_hash,
      row.embed_model,
      row.analyzer,
      row.section_id,
      row.rev,
      json(row.citations),
      json(row.scores),
      json(row.kpos),
      json(row.kfinal),
    ];
    await this.runWaiting(options, sql, params);
  }

  /** `run`, waiting at most `wait_ms` for another connection's lock where the driver can bound that. */
  private async runWaiting(
    options: WaitOptions,
    sql: string,
    params: readonly unknown[],
  ): Promise<number> {
    return options.wait_ms !== undefined && this.driver.run_briefly
      ? this.driver.run_briefly(sql, params, options.wait_ms)
      : this.driver.run(sql, params);
  }

  async listRagTraces(
    options: { limit?: number; offset?: number; qid?: string } = {},
  ): Promise<RagTraceRow[]> {
    const where = options.qid === undefined ? '' : 'WHERE qid = ? ';
    const rows = await this.driver.all<Record<string, unknown>>(
      `SELECT * FROM rag_traces ${where}ORDER BY ts DESC, qid, seg LIMIT ? OFFSET ?`,
      [
        ...(options.qid === undefined ? [] : [options.qid]),
        options.limit ?? 100,
        options.offset ?? 0,
      ],
    );
    return rows.map(toRagTrace);
  }

  async counts(): Promise<StoreCounts> {
    const tables = [
      'documents',
      'document_versions',
      'chunks',
      'redirects',
      'chunk_sets',
      'seen_files',
    ] as const;
    const [documents, versions, chunks, redirects, chunk_sets, seen_files] = await Promise.all(
      tables.map(async (table) =>
        Number((await this.one(`SELECT COUNT(*) AS n FROM ${table}`))?.n ?? 0),
      ),
    );
    return {
      documents: documents!,
      versions: versions!,
      chunks: chunks!,
      redirects: redirects!,
      chunk_sets: chunk_sets!,
      seen_files: seen_files!,
    };
  }

  async check(): Promise<string[]> {
    return checkStore(this.driver);
  }

  async refusesWrites(): Promise<boolean> {
    if (this.read_only) return true;
    if (this.dialect !== 'postgres') return false;
    const row = await this.one(
      "SELECT current_setting('transaction_read_only') AS read_only, has_table_privilege('rag_traces', 'INSERT') AS may_insert",
    );
    return row?.read_only === 'on' || row?.may_insert === false;
  }

  async close(): Promise<void> {
    await this.driver.close();
  }

  private batchOptions(): { max_rows?: number } {
    return this.options.batch_rows === undefined ? {} : { max_rows: this.options.batch_rows };
  }

  private async one(
    sql: string,
    params: readonly unknown[] = [],
  ): Promise<Record<string, unknown> | undefined> {
    return (await this.driver.all<Record<string, unknown>>(sql, params))[0];
  }
}
