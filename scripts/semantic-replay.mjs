#!/usr/bin/env node
// Replays ../shared/corpora/rustbook-history through `cairn ingest` with the
// semantic chunker (hash embedder, behind a SQLite store's embedding cache)
// and prints, per chapter, the sentence windows the chunker asked for and the
// texts actually sent to the embedder over all revisions after the first,
// beside the first revision's. Run after `npm run build`:
//   node scripts/semantic-replay.mjs [history dir]
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createCachedEmbedder,
  createHashEmbedder,
  createSemanticChunker,
  ingestSources,
  openStore,
} from '../dist/index.js';

const root =
  process.argv[2] ?? new URL('../../shared/corpora/rustbook-history', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'cairn-semantic-replay-'));
const rows = [];
try {
  for (const chapter of readdirSync(root).sort()) {
    const store = await openStore({ db: join(dir, `${chapter}.db`) });
    const cached = createCachedEmbedder(createHashEmbedder(), store);
    const chunker = createSemanticChunker({ embedder: cached });
    const file = join(dir, `${chapter}.md`);
    const revisions = readdirSync(join(root, chapter))
      .filter((n) => n.endsWith('.md'))
      .sort();
    let first = null;
    const later = { asked: 0, sent: 0, chunks: 0 };
    for (const [i, name] of revisions.entries()) {
      copyFileSync(join(root, chapter, name), file);
      const before = { ...cached.counts };
      const summary = await ingestSources(store, [file], { chunker, workers: 0, cwd: dir });
      const asked = cached.counts.asked - before.asked;
      const sent = cached.counts.sent - before.sent;
      const chunks = summary.documents[0]?.chunks ?? 0;
      if (i === 0) first = { asked, sent, chunks };
      else {
        later.asked += asked;
        later.sent += sent;
        later.chunks += chunks;
      }
    }
    await store.close();
    rows.push({ chapter, revisions: revisions.length, first, later });
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  '| chapter | revisions | first: windows sent | later revisions: windows asked | later: sent | sent / asked |',
);
console.log('|---|---:|---:|---:|---:|---:|');
const total = { asked: 0, sent: 0 };
for (const { chapter, revisions, first, later } of rows) {
  total.asked += later.asked;
  total.sent += later.sent;
  const share = later.asked === 0 ? '-' : (later.sent / later.asked).toFixed(3);
  console.log(
    `| ${chapter} | ${revisions} | ${first.sent} | ${later.asked} | ${later.sent} | ${share} |`,
  );
}
console.log(
  `| all | | | ${total.asked} | ${total.sent} | ${(total.sent / total.asked).toFixed(3)} |`,
);
