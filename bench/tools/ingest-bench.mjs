// One end-to-end ingest in this process: open (create, migrate) the store, ingest the inputs
// with the default chunker, close it (rows committed), then count the committed rows outside
// the clock. Prints one JSON line: time, the ingest summary's counts, peak RSS (this process,
// worker threads included) and the row counts read back.
//
//   node bench/tools/ingest-bench.mjs --db <file|postgres://...> [--schema <name>] <path...>
import { ingestSources } from '../../dist/ingest/ingest-sources.js';
import { openStore } from '../../dist/store/open-store.js';

const args = process.argv.slice(2);
let db;
let schema;
const inputs = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--db') db = args[++i];
  else if (args[i] === '--schema') schema = args[++i];
  else inputs.push(args[i]);
}
if (!db || inputs.length === 0) {
  console.error('usage: ingest-bench.mjs --db <file|url> [--schema <name>] <path...>');
  process.exit(2);
}

const t0 = performance.now();
const store = await openStore({ db, ...(schema === undefined ? {} : { schema }) });
let summary;
try {
  summary = await ingestSources(store, inputs);
} finally {
  await store.close();
}
const ms = performance.now() - t0;
const maxRssMb = process.resourceUsage().maxRSS / 1024;

/** Committed rows, read back through a fresh connection. */
async function countRows() {
  const sql =
    'SELECT (SELECT COUNT(*) FROM documents) AS documents, (SELECT COUNT(*) FROM chunks) AS chunks';
  if (/^postgres(ql)?:\/\//i.test(db)) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: db });
    await client.connect();
    try {
      if (schema !== undefined) await client.query(`SET search_path TO ${schema}`);
      const row = (await client.query(sql)).rows[0];
      return { documents: Number(row.documents), chunks: Number(row.chunks) };
    } finally {
      await client.end();
    }
  }
  const { default: Database } = await import('better-sqlite3');
  const sqlite = new Database(db, { readonly: true });
  try {
    return sqlite.prepare(sql).get();
  } finally {
    sqlite.close();
  }
}

const stored = await countRows();
process.stdout.write(
  `${JSON.stringify({
    ms,
    maxRssMb,
    threads: summary.threads,
    files: summary.files,
    bytes: summary.bytes,
    bytes_parsed: summary.bytes_parsed,
    created: summary.created,
    updated: summary.updated,
    unchanged: summary.unchanged,
    failed: summary.failed,
    chunks_written: summary.chunks_written,
    rows_written: summary.rows_written,
    stored,
  })}\n`,
);
