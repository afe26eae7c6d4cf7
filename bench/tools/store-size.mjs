// The bytes a store takes for what went into it: a SQLite file's pages by table and index
// (`dbstat`), or a PostgreSQL schema's tables with their indexes and TOAST
// (`pg_total_relation_size`), over the input bytes given. With --ingest, the inputs are first
// ingested into the store (a fresh SQLite file or schema is the caller's to give) with the default
// chunker. Prints one JSON line: input and store bytes, their ratio, and the largest relations.
// Sizes do not depend on the machine's load; the ingest's time here is not a measurement.
//
//   node bench/tools/store-size.mjs [--ingest] --db <file|postgres://...> [--schema <name>] <path...>
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ingestSources } from '../../dist/ingest/ingest-sources.js';
import { openStore } from '../../dist/store/open-store.js';

const args = process.argv.slice(2);
let db;
let schema;
let ingest = false;
const inputs = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--db') db = args[++i];
  else if (args[i] === '--schema') schema = args[++i];
  else if (args[i] === '--ingest') ingest = true;
  else inputs.push(args[i]);
}
if (!db || inputs.length === 0) {
  console.error(
    'usage: store-size.mjs [--ingest] --db <file|url> [--schema <name>] <path...> (the inputs the store holds)',
  );
  process.exit(2);
}

function bytesUnder(path) {
  const stat = statSync(path);
  if (stat.isFile()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + bytesUnder(join(path, name)), 0);
}

if (ingest) {
  const store = await openStore({ db, ...(schema === undefined ? {} : { schema }) });
  try {
    await ingestSources(store, inputs);
  } finally {
    await store.close();
  }
}

async function relations() {
  if (/^postgres(ql)?:\/\//i.test(db)) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: db });
    await client.connect();
    try {
      const { rows } = await client.query(
        "SELECT c.relname AS name, pg_total_relation_size(c.oid) AS bytes FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = COALESCE($1, current_schema()) AND c.relkind = 'r' ORDER BY 2 DESC",
        [schema ?? null],
      );
      return rows.map((row) => ({ name: row.name, bytes: Number(row.bytes) }));
    } finally {
      await client.end();
    }
  }
  const { default: Database } = await import('better-sqlite3');
  const sqlite = new Database(db, { readonly: true });
  try {
    return sqlite
      .prepare('SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC')
      .all();
  } finally {
    sqlite.close();
  }
}

const input = inputs.reduce((sum, path) => sum + bytesUnder(path), 0);
const parts = await relations();
// SQLite: the file as it lies on disk (free pages too); PostgreSQL: its relations' sum
const store = /^postgres(ql)?:\/\//i.test(db)
  ? parts.reduce((sum, part) => sum + part.bytes, 0)
  : statSync(db).size;
process.stdout.write(
  `${JSON.stringify({
    input_bytes: input,
    store_bytes: store,
    ratio: store / input,
    largest: parts.slice(0, 10).map((part) => [part.name, part.bytes]),
  })}\n`,
);
