// A digest of what a store holds, table by table, to show that two builds wrote the same thing:
// documents, versions (encoded model, canonical text blocks, JSON nodes), sections, chunk sets, chunks, redirects,
// and the lexical index (SQLite: every FTS5 term instance, via fts5vocab; PostgreSQL: each chunk's
// tsvector). Timestamps are left out; row ids are kept, so the rows must go in in the same order.
// Prints one JSON line: each table's row count and sha256.
//
//   node bench/tools/store-digest.mjs --db <file|postgres://...> [--schema <name>]
import { createHash } from 'node:crypto';

const args = process.argv.slice(2);
const db = args[args.indexOf('--db') + 1];
const schema = args.includes('--schema') ? args[args.indexOf('--schema') + 1] : undefined;
if (!args.includes('--db') || !db) {
  console.error('usage: store-digest.mjs --db <file|url> [--schema <name>]');
  process.exit(2);
}

const TABLES = {
  documents:
    'SELECT id, doc_uid, source_url, media_type, format, title, current_version_id, removed_at FROM documents ORDER BY id',
  versions:
    'SELECT id, document_id, seq, content_hash, model_version, rev, lineage_rev, length, byte_length, model FROM document_versions ORDER BY id',
  version_texts: 'SELECT version_id, block, data FROM version_texts ORDER BY version_id, block',
  json_nodes:
    'SELECT version_id, chunker_id, node, parent, token FROM json_nodes ORDER BY version_id, chunker_id, node',
  sections:
    'SELECT version_id, sect_path, title, heading_path, section_key, slug, label, url, url_shared, format, cells FROM sections ORDER BY version_id, sect_path',
  chunk_sets:
    'SELECT version_id, chunker_id, lineage_rev, chunk_count, digest FROM chunk_sets ORDER BY version_id, chunker_id',
  chunks:
    'SELECT id, document_id, version_id, chunker_id, chunk_id, seq, node, chunk_index, total_chunks, text, char_start, char_end, byte_start, byte_end, tokens, section_id, heading_path, page, block_type, anchor, anchor_at, anchor_len, hash, node_start, node_end, node_hash FROM chunks ORDER BY id',
  redirects:
    'SELECT document_id, chunker_id, version_id, from_chunk_id, to_chunk_id, kind FROM redirects ORDER BY version_id, chunker_id, from_chunk_id',
};

/** Rows hashed as JSON lines; bytes as hex, so both drivers' blobs hash alike. */
function digest(rows) {
  const hash = createHash('sha256');
  let count = 0;
  for (const row of rows) {
    count++;
    hash.update(
      JSON.stringify(Object.values(row), (_, v) =>
        v instanceof Uint8Array || (v && v.type === 'Buffer')
          ? Buffer.from(v.data ?? v).toString('hex')
          : typeof v === 'bigint'
            ? Number(v)
            : v,
      ),
    );
    hash.update('\n');
  }
  return { rows: count, sha256: hash.digest('hex').slice(0, 16) };
}

const out = {};
if (/^postgres(ql)?:\/\//i.test(db)) {
  const { default: pg } = await import('pg');
  pg.types.setTypeParser(20, Number);
  const client = new pg.Client({ connectionString: db });
  await client.connect();
  try {
    if (schema !== undefined) await client.query(`SET search_path TO ${schema}`);
    for (const [name, sql] of Object.entries(TABLES))
      out[name] = digest((await client.query(sql)).rows);
    out.lexical_index = digest(
      (await client.query('SELECT id, tsv::text FROM chunks ORDER BY id')).rows,
    );
  } finally {
    await client.end();
  }
} else {
  const { default: Database } = await import('better-sqlite3');
  const sqlite = new Database(db);
  try {
    for (const [name, sql] of Object.entries(TABLES)) out[name] = digest(sqlite.prepare(sql).all());
    // one FTS5 table per chunker (lexical_sets), each digested in chunker order
    const sets = sqlite
      .prepare('SELECT id, chunker_id FROM lexical_sets ORDER BY chunker_id')
      .all();
    const rows = function* () {
      for (const { id, chunker_id } of sets) {
        sqlite.exec(
          `CREATE VIRTUAL TABLE temp.digest_vocab_${id} USING fts5vocab(main, chunks_fts_${id}, instance)`,
        );
        for (const row of sqlite
          .prepare(
            `SELECT term, doc, col, "offset" FROM temp.digest_vocab_${id} ORDER BY term, doc, col, "offset"`,
          )
          .iterate())
          yield { chunker_id, ...row };
      }
    };
    out.lexical_index = digest(rows());
  } finally {
    sqlite.close();
  }
}
console.log(JSON.stringify(out));
