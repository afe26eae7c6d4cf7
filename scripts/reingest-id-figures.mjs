// What becomes of a store's chunk IDs when its unchanged files are ingested
// again by a build whose parsers make another document model (issue 24:
// "HTML and PDF IDs change once, and a re-ingest of an older store
// redirects them").
//
// Usage (after npm run build):
//   node scripts/reingest-id-figures.mjs dump <cairn.db> > old-ids.json
//     the chunk IDs of every document's current version, read with
//     better-sqlite3 straight from the file (an older store may need
//     migrations this build would apply on open)
//   node dist/cli/main.js ingest <the same files> --db <cairn.db>
//   node scripts/reingest-id-figures.mjs resolve <cairn.db> old-ids.json
//     resolves each old ID in the store and counts, per format: the ID still
//     live; redirected to a live chunk; its text gone, resolved to its nearest
//     live neighbour; not live (deleted, superseded); not found
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';

const [mode, db, idsFile] = process.argv.slice(2);
if (mode === 'dump' && db) {
  const raw = new Database(db, { readonly: true });
  const rows = raw
    .prepare(
      'SELECT c.chunk_id, c.chunker_id, d.format, d.source_url FROM chunks c ' +
        'JOIN documents d ON d.id = c.document_id AND d.current_version_id = c.version_id ORDER BY c.id',
    )
    .all();
  raw.close();
  process.stdout.write(`${JSON.stringify(rows)}\n`);
} else if (mode === 'resolve' && db && idsFile) {
  const { openStore, resolveChunk } = await import('../dist/index.js');
  const old = JSON.parse(readFileSync(idsFile, 'utf8'));
  const store = await openStore({ db, readonly: true });
  const counts = {};
  const examples = [];
  for (const row of old) {
    counts[row.format] ??= {
      ids: 0,
      same_id_live: 0,
      redirected: 0,
      text_gone_neighbour: 0,
      not_live: 0,
      not_found: 0,
    };
    const byFormat = counts[row.format];
    byFormat.ids++;
    let result;
    try {
      result = await resolveChunk(store, row.chunk_id, { chunker: row.chunker_id });
    } catch (error) {
      if (error?.code !== 'chunk_not_found') throw error;
      byFormat.not_found++;
      if (examples.length < 5) examples.push({ id: row.chunk_id, error: error.code });
      continue;
    }
    if (result.status !== 'live') byFormat.not_live++;
    else if (result.text_deleted) byFormat.text_gone_neighbour++;
    else if (result.hops.length > 0) byFormat.redirected++;
    else byFormat.same_id_live++;
  }
  await store.close();
  process.stdout.write(`${JSON.stringify({ counts, examples }, null, 2)}\n`);
} else {
  process.stderr.write(
    'usage: node scripts/reingest-id-figures.mjs dump <db> | resolve <db> <old-ids.json>\n',
  );
  process.exit(2);
}
