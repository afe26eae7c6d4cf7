// The store's own share of an ingest, alone: what the database must do for the rows a first
// ingest wrote, with no parsing, chunking, IDs or encoding before it. Read from a SQLite store an
// ingest just wrote (rows and heading fields loaded into memory first, not timed), then:
// - sqlite: every row replayed into an empty file of the same schema, one prepared statement per
//   table, one transaction per version as the writer commits them, the chunk set's FTS5 rows beside
//   its chunks; timed to the last COMMIT. An ingest into SQLite cannot go faster than this, since
//   SQLite has one writer and every row here is a row the ingest writes.
// - postgres: the server's work for the chunk rows alone: each chunk's weighted tsvector (the
//   expression the chunk insert uses) over the same texts and heading fields, computed alone, then
//   stored with the text under a GIN index in a table of its own. A PostgreSQL ingest does this and
//   more on the server's side (versions, sections, the chunks table's other columns and indexes).
// Prints one JSON line of seconds: for sqlite the wall time, its CPU time and each part's wall time;
// for postgres the analysis alone and the analysis stored.
//
//   node bench/tools/store-floor.mjs sqlite <stored.db> <empty target file>
//   node bench/tools/store-floor.mjs postgres <stored.db> <postgres url>
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { weightedTsvectorSql } from '../../dist/store/postgres/lexical-search-sql.js';
import { forEachStoredHeadingField } from '../../dist/store/stored-heading-fields.js';

const [mode, from, to] = process.argv.slice(2);
if (!['sqlite', 'postgres'].includes(mode) || !from || !to) {
  console.error(
    'usage: store-floor.mjs sqlite <stored.db> <target file> | postgres <stored.db> <postgres url>',
  );
  process.exit(2);
}

const ROW_TABLES = [
  'documents',
  'document_versions',
  'version_texts',
  'chunk_sets',
  'json_nodes',
  'sections',
  'chunks',
];
/** Texts per analysis statement: large enough that the round trips are a small share. */
const PG_BATCH = 5000;

const source = new Database(from, { readonly: true });

/** Every stored chunk's FTS5 row as the writer wrote it: row id, text, heading field. */
async function indexRows() {
  const rows = [];
  const executor = { all: async (sql, params = []) => source.prepare(sql).all(...params) };
  await forEachStoredHeadingField(executor, async (page) => {
    for (const chunk of page) rows.push([chunk.id, chunk.text, chunk.heading]);
  });
  return rows;
}

/** Rows of one table, as arrays in column order, with the column names. */
function tableRows(table) {
  const statement = source.prepare(`SELECT * FROM ${table}`).raw(true);
  return { columns: statement.columns().map((c) => c.name), rows: statement.all() };
}

function cpuSeconds(since) {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
}

/** Rows grouped by the version they belong to, in version order, as the writer commits them. */
function byVersion(tables, index) {
  const versions = new Map();
  const entry = (id) => {
    let e = versions.get(id);
    if (e === undefined) {
      e = {
        document_versions: [],
        version_texts: [],
        chunk_sets: [],
        json_nodes: [],
        sections: [],
        chunks: [],
        index: [],
      };
      versions.set(id, e);
    }
    return e;
  };
  for (const table of [
    'document_versions',
    'version_texts',
    'chunk_sets',
    'json_nodes',
    'sections',
  ]) {
    const at = tables[table].columns.indexOf(table === 'document_versions' ? 'id' : 'version_id');
    for (const row of tables[table].rows) entry(row[at])[table].push(row);
  }
  const versionAt = tables.chunks.columns.indexOf('version_id');
  const indexOf = new Map(index.map((row) => [row[0], row]));
  const idAt = tables.chunks.columns.indexOf('id');
  for (const row of tables.chunks.rows) {
    const e = entry(row[versionAt]);
    e.chunks.push(row);
    e.index.push(indexOf.get(row[idAt]));
  }
  return [...versions.entries()].sort((a, b) => a[0] - b[0]).map(([, e]) => e);
}

function replaySqlite(target) {
  const tables = Object.fromEntries(ROW_TABLES.map((t) => [t, tableRows(t)]));
  const versions = byVersion(tables, indexRowsLoaded);
  const ftsTables = source
    .prepare(
      "SELECT name FROM sqlite_master WHERE name GLOB 'chunks_fts_[0-9]*' AND sql IS NOT NULL",
    )
    .all()
    .map((r) => r.name)
    .filter((name) => /^chunks_fts_\d+$/.test(name));
  if (ftsTables.length !== 1) throw new Error(`expected one chunk set index, found ${ftsTables}`);
  for (const suffix of ['', '-wal', '-shm']) rmSync(target + suffix, { force: true });
  const db = new Database(target);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  const schema = source
    .prepare(
      "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' AND name NOT GLOB 'chunks_fts_[0-9]*_*' ORDER BY rowid",
    )
    .all();
  for (const { sql } of schema) db.exec(sql);
  const insert = Object.fromEntries(
    ROW_TABLES.map((t) => {
      const { columns } = tables[t];
      return [
        t,
        db.prepare(
          `INSERT INTO ${t} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
        ),
      ];
    }),
  );
  const insertIndex = db.prepare(
    `INSERT INTO ${ftsTables[0]} (rowid, text, heading) VALUES (?, ?, ?)`,
  );
  const seconds = {
    documents: 0,
    document_versions: 0,
    sections: 0,
    chunks: 0,
    index: 0,
    commit: 0,
  };
  const timed = (part, fn) => {
    const t0 = performance.now();
    fn();
    seconds[part] += (performance.now() - t0) / 1000;
  };
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  // documents point at their current version, written after it: insert them without, as the writer does first
  const currentAt = tables.documents.columns.indexOf('current_version_id');
  db.exec('BEGIN');
  timed('documents', () => {
    for (const row of tables.documents.rows)
      insert.documents.run(row.map((v, i) => (i === currentAt ? null : v)));
  });
  timed('commit', () => db.exec('COMMIT'));
  for (const v of versions) {
    db.exec('BEGIN');
    timed('document_versions', () => {
      for (const row of v.document_versions) insert.document_versions.run(row);
      for (const row of v.version_texts) insert.version_texts.run(row);
      for (const row of v.chunk_sets) insert.chunk_sets.run(row);
      for (const row of v.json_nodes) insert.json_nodes.run(row);
    });
    timed('sections', () => {
      for (const row of v.sections) insert.sections.run(row);
    });
    timed('chunks', () => {
      for (const row of v.chunks) insert.chunks.run(row);
    });
    timed('index', () => {
      for (const row of v.index) insertIndex.run(row);
    });
    timed('commit', () => db.exec('COMMIT'));
  }
  const wall = (performance.now() - t0) / 1000;
  const cpu = cpuSeconds(cpu0);
  const bytes = db
    .prepare('SELECT page_count * page_size AS b FROM pragma_page_count(), pragma_page_size()')
    .get().b;
  db.close();
  return {
    s: +wall.toFixed(2),
    cpu_s: +cpu.toFixed(2),
    parts_s: Object.fromEntries(Object.entries(seconds).map(([k, s]) => [k, +s.toFixed(2)])),
    rows: ROW_TABLES.reduce((n, t) => n + tables[t].rows.length, 0) + indexRowsLoaded.length,
    db_mb: +(bytes / 1e6).toFixed(1),
  };
}

/**
 * The server's work for the chunk rows alone, twice over the same texts: their weighted tsvectors
 * computed and summed (the analysis alone), then written with their text into a table of a schema
 * of its own under a GIN index, WAL-logged as a store's tables are (no other column, index or row:
 * less than the chunks table costs). The schema is dropped afterwards.
 */
async function analyzePostgres(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const schema = `cairn_floor_${process.pid}_${randomBytes(4).toString('hex')}`;
  const batches = [];
  for (let at = 0; at < indexRowsLoaded.length; at += PG_BATCH) {
    const batch = indexRowsLoaded.slice(at, at + PG_BATCH);
    batches.push([batch.map((r) => r[0]), batch.map((r) => r[1]), batch.map((r) => r[2])]);
  }
  const timedBatches = async (sql) => {
    const t0 = performance.now();
    for (const params of batches) await client.query(sql, params);
    return +((performance.now() - t0) / 1000).toFixed(2);
  };
  const rows = 'unnest($1::bigint[], $2::text[], $3::text[]) AS x(id, t, h)';
  try {
    const analysis_s = await timedBatches(
      `SELECT sum(length(${weightedTsvectorSql('t', 'h')})) FROM ${rows}`,
    );
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.query(
      `CREATE TABLE ${schema}.chunks (id bigint PRIMARY KEY, text text NOT NULL, tsv tsvector NOT NULL)`,
    );
    await client.query(`CREATE INDEX ON ${schema}.chunks USING gin (tsv)`);
    const stored_s = await timedBatches(
      `INSERT INTO ${schema}.chunks SELECT id, t, ${weightedTsvectorSql('t', 'h')} FROM ${rows}`,
    );
    return { analysis_s, stored_s, texts: indexRowsLoaded.length };
  } finally {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
    await client.end();
  }
}

const indexRowsLoaded = await indexRows();
const result = mode === 'sqlite' ? replaySqlite(to) : await analyzePostgres(to);
process.stdout.write(`${JSON.stringify({ mode, ...result })}\n`);
