// Vector-search p50/p95 of two cairn builds on copies of one store embedded under the old layout
// (SQLite): the old build searches its copy as it is, the new one migrates its copy forward first.
// node bench/tools/vector-search-ab.mjs --old <dist folder> --db <store.db> [--queries 30]
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { percentile, SQUAD } from '../support/store-fixture.mjs';

const { values } = parseArgs({
  options: { old: { type: 'string' }, db: { type: 'string' }, queries: { type: 'string' } },
});
const squad = JSON.parse(readFileSync(SQUAD, 'utf8'));
const questions = squad.data
  .flatMap((a) => a.paragraphs.flatMap((p) => p.qas.map((q) => q.question)))
  .slice(0, Number(values.queries ?? 30));
const dir = mkdtempSync(join(tmpdir(), 'cairn-vector-ab-'));
try {
  for (const [label, dist] of [
    ['old', resolve(values.old)],
    ['new', resolve('dist')],
  ]) {
    const db = join(dir, `${label}.db`);
    copyFileSync(values.db, db);
    const cairn = await import(join(dist, 'index.js'));
    const store = await cairn.openStore({ db });
    const embedder = cairn.createHashEmbedder();
    const times = [];
    const rankings = [];
    for (const q of questions) {
      const s = performance.now();
      const result = await cairn.search(store, q, { mode: 'vector', embedder, trace: false });
      times.push(performance.now() - s);
      rankings.push(result.hits.map((h) => `${h.snippet_id}:${h.delta_s}`).join(' '));
    }
    await store.close();
    console.log(
      JSON.stringify({
        label,
        p50: percentile(times, 0.5),
        p95: percentile(times, 0.95),
        rankings_digest: rankings.join('\n').length,
        first: rankings[0]?.slice(0, 80),
      }),
    );
    globalThis[`rank_${label}`] = rankings;
  }
  const same = globalThis.rank_old.filter((r, i) => r === globalThis.rank_new[i]).length;
  console.log(JSON.stringify({ identical_rankings: `${same}/${questions.length}` }));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
