#!/usr/bin/env node
// Replays real edit histories (../shared/corpora/rustbook-history: consecutive
// committed revisions of 12 chapters) through parse -> structure chunker ->
// chunk IDs, and measures how IDs survive each edit, for cairn's IDs and two
// baselines on the very same chunks:
//   hash:     IDs as content hashes (LangChain indexing: sha of text + metadata)
//   position: IDs as chunk positions (doc + chunk_index)
//
// Per consecutive pair (old -> new), for each scheme:
//   (a) of the old chunks whose text is unchanged (equal text occurs in the new
//       version), the share that keep their ID (a new chunk with that text has it);
//   (b) of the old IDs, the share still live or redirecting to exactly one live
//       chunk ("resolves"), and the stricter share that resolve to a chunk that
//       holds the old chunk's content ("faithful": equal text, or at least half
//       of the old chunk's words in it, or at least half of its words from the
//       old chunk); a deleted chunk's redirect to its nearest survivor resolves
//       but is not faithful, and a position ID that now names other text is live
//       but not faithful;
//   (c) the number of new chunks whose ID changed: the ID did not, in the old
//       version, name a chunk holding the same content (new IDs, and reused
//       IDs that now name other content).
// Usage: npm run build && node eval/ids/replay.mjs [--json] [--chapter NAME]
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dist = (path) => import(join(root, 'dist', path));
const { parseDocument } = await dist('parse/parse-document.js');
const { alignChunkIds } = await dist('ids/align-chunk-ids.js');
const { mintChunkIds } = await dist('ids/mint-chunk-ids.js');
const { validateChunkIds } = await dist('ids/validate-chunk-ids.js');
const { fingerprintChunk, containment } = await dist('ids/chunk-fingerprint.js');
const { loadDefaultChunker } = await import('./load-chunker.mjs');

const args = process.argv.slice(2);
const json = args.includes('--json');
const only = args.includes('--chapter') ? args[args.indexOf('--chapter') + 1] : null;
const explain = args.includes('--explain');
const corpora = process.env.CAIRN_CORPORA ?? resolve(root, '../shared/corpora');
const historyDir = join(corpora, 'rustbook-history');
const chunker = await loadDefaultChunker(root);

const median = (values) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const min = (values) => (values.length === 0 ? Number.NaN : Math.min(...values));
const mean = (values) =>
  values.length === 0 ? Number.NaN : values.reduce((s, v) => s + v, 0) / values.length;

/** Does new chunk `n` hold the content of old chunk `o`? Independent of any ID scheme. */
function carries(o, n) {
  if (o.text === n.text) return true;
  return containment(o.fp, n.fp) >= 0.5 || containment(n.fp, o.fp) >= 0.5;
}

function measurePair(old, now, oldIds, newIds, redirects) {
  const newById = new Map();
  newIds.forEach((id, j) => {
    if (!newById.has(id)) newById.set(id, j);
  });
  const oldById = new Map();
  oldIds.forEach((id, i) => {
    if (!oldById.has(id)) oldById.set(id, i);
  });
  const redirectOf = new Map(redirects.map((r) => [r.from, r.to]));
  // (a), with multiplicity: a text present k times before and m times after counts min(k, m)
  // times, and keeps as many IDs as the two sides share for it.
  const byText = new Map();
  old.forEach((chunk, i) => {
    const entry = byText.get(chunk.text) ?? { old: [], now: [] };
    entry.old.push(oldIds[i]);
    byText.set(chunk.text, entry);
  });
  now.forEach((chunk, j) => {
    byText.get(chunk.text)?.now.push(newIds[j]);
  });
  let unchanged = 0;
  let kept = 0;
  const lost = [];
  for (const [text, entry] of byText) {
    const pairs = Math.min(entry.old.length, entry.now.length);
    unchanged += pairs;
    const shared = entry.old.filter((id) => entry.now.includes(id)).length;
    kept += Math.min(pairs, shared);
    if (shared < pairs) lost.push({ text: text.slice(0, 80), old: entry.old, now: entry.now });
  }
  // (b)
  let resolves = 0;
  let faithful = 0;
  old.forEach((chunk, i) => {
    let j = newById.get(oldIds[i]);
    if (j === undefined && redirectOf.has(oldIds[i])) j = newById.get(redirectOf.get(oldIds[i]));
    if (j === undefined) return;
    resolves++;
    if (carries(chunk, now[j])) faithful++;
  });
  // (c)
  let changed = 0;
  now.forEach((chunk, j) => {
    const i = oldById.get(newIds[j]);
    if (i === undefined || !carries(old[i], chunk)) changed++;
  });
  return {
    lost,
    a: unchanged === 0 ? null : kept / unchanged,
    b: resolves / old.length,
    bFaithful: faithful / old.length,
    c: changed,
  };
}

const hashId = (docUid, text) =>
  createHash('sha1')
    .update(JSON.stringify([text, { source: docUid }]))
    .digest('hex')
    .slice(0, 16);

const chapters = readdirSync(historyDir)
  .filter((name) => !only || name === only)
  .sort();
const rows = [];
const all = { cairn: [], hash: [], position: [] };
let majorTotal = 0;
let pairsTotal = 0;
let invalid = 0;
const started = performance.now();
for (const chapter of chapters) {
  const files = readdirSync(join(historyDir, chapter))
    .filter((name) => name.endsWith('.md'))
    .sort();
  const perScheme = { cairn: [], hash: [], position: [] };
  let majors = 0;
  const minorA = [];
  let previous = null;
  const retired = new Set();
  for (const file of files) {
    const bytes = readFileSync(join(historyDir, chapter, file));
    // One doc_uid for the whole history: the chapter, as a repository path would be.
    const doc = await parseDocument({
      bytes,
      source_url: `${chapter}.md`,
      doc_uid: chapter,
      format: 'markdown',
    });
    const chunks = chunker.chunk(doc);
    const texts = chunks.map((chunk) => ({ text: chunk.text, fp: fingerprintChunk(chunk.text) }));
    let ids;
    let result = null;
    if (previous === null) {
      ids = mintChunkIds(doc, chunks);
    } else {
      result = alignChunkIds(
        previous.ids.map((chunk_id, k) => ({ chunk_id, text: previous.texts[k].text })),
        doc,
        chunks,
        { retired_ids: retired },
      );
      ids = result.ids;
    }
    const check = validateChunkIds({ ids });
    if (!check.ok) {
      invalid++;
      process.stderr.write(`${chapter}/${file}: ${check.issues[0].message}\n`);
    }
    const current = {
      ids,
      texts,
      hash: chunks.map((chunk) => hashId(chapter, chunk.text)),
      position: chunks.map((chunk) => `${chapter}#${chunk.chunk_index}`),
    };
    if (previous !== null) {
      const cairn = measurePair(previous.texts, texts, previous.ids, ids, result.redirects);
      cairn.change = result.change;
      if (result.change === 'major') majors++;
      else if (cairn.a !== null) minorA.push(cairn.a);
      if (explain && result.change !== 'major' && cairn.bFaithful < 0.8) {
        process.stderr.write(
          `${chapter}/${file}: minor, faithful ${cairn.bFaithful.toFixed(2)}, ${JSON.stringify(result.stats)}\n`,
        );
      }
      if (explain && result.change === 'major') {
        process.stderr.write(`${chapter}/${file}: major, ${JSON.stringify(result.stats)}\n`);
      }
      if (explain && result.change !== 'major' && cairn.lost.length > 0) {
        process.stderr.write(
          `${chapter}/${file} (${result.change}): ${JSON.stringify(cairn.lost, null, 1)}\n`,
        );
      }
      perScheme.cairn.push(cairn);
      perScheme.hash.push(measurePair(previous.texts, texts, previous.hash, current.hash, []));
      perScheme.position.push(
        measurePair(previous.texts, texts, previous.position, current.position, []),
      );
    }
    for (const id of ids) retired.add(id);
    previous = current;
  }
  const summary = {};
  for (const scheme of Object.keys(perScheme)) {
    const pairs = perScheme[scheme];
    all[scheme].push(...pairs);
    summary[scheme] = summarize(pairs);
  }
  summary.cairn.minorA = min(minorA);
  summary.cairn.minorAPairsBelow1 = minorA.filter((a) => a < 1).length;
  majorTotal += majors;
  pairsTotal += perScheme.cairn.length;
  rows.push({
    chapter,
    revisions: files.length,
    pairs: perScheme.cairn.length,
    majors,
    ...summary,
  });
}
const overall = {};
for (const scheme of Object.keys(all)) overall[scheme] = summarize(all[scheme]);
const minorAll = all.cairn.filter((p) => p.change !== 'major' && p.a !== null).map((p) => p.a);
overall.cairn.minorA = min(minorAll);
overall.cairn.minorAPairsBelow1 = minorAll.filter((a) => a < 1).length;
const minorPairs = all.cairn.filter((p) => p.change !== 'major');
overall.cairn.minorBfMin = min(minorPairs.map((p) => p.bFaithful));
overall.cairn.minorBfMedian = median(minorPairs.map((p) => p.bFaithful));
const seconds = (performance.now() - started) / 1000;

function summarize(pairs) {
  const a = pairs.map((p) => p.a).filter((v) => v !== null);
  return {
    aMean: mean(a),
    aMin: min(a),
    bMin: min(pairs.map((p) => p.b)),
    bMedian: median(pairs.map((p) => p.b)),
    bfMin: min(pairs.map((p) => p.bFaithful)),
    bfMedian: median(pairs.map((p) => p.bFaithful)),
    cMedian: median(pairs.map((p) => p.c)),
    cMean: mean(pairs.map((p) => p.c)),
  };
}

if (json) {
  process.stdout.write(
    `${JSON.stringify({ chunker: chunker.chunker_id, rows, overall, pairs: pairsTotal, majors: majorTotal, invalid, seconds }, null, 2)}\n`,
  );
} else {
  const f = (v) => (Number.isNaN(v) ? '  -  ' : v.toFixed(2));
  const g = (v) => (Number.isNaN(v) ? '-' : String(v));
  const line = (name, revisions, pairs, majors, s) =>
    [
      name.padEnd(40),
      String(revisions).padStart(4),
      String(pairs).padStart(5),
      String(majors).padStart(5),
      `${f(s.cairn.minorA)} ${f(s.hash.aMean)} ${f(s.position.aMean)}`,
      `${f(s.cairn.bMin)}/${f(s.cairn.bMedian)} ${f(s.hash.bMin)}/${f(s.hash.bMedian)} ${f(s.position.bMin)}/${f(s.position.bMedian)}`,
      `${f(s.cairn.bfMin)}/${f(s.cairn.bfMedian)} ${f(s.hash.bfMin)}/${f(s.hash.bfMedian)} ${f(s.position.bfMin)}/${f(s.position.bfMedian)}`,
      `${g(s.cairn.cMedian)} (${f(s.cairn.cMean)}) ${g(s.hash.cMedian)} (${f(s.hash.cMean)}) ${g(s.position.cMedian)} (${f(s.position.cMean)})`,
    ].join(' | ');
  const out = [];
  out.push(`chunker ${chunker.chunker_id}; schemes in each column: cairn hash position`);
  out.push(
    [
      'chapter'.padEnd(40),
      'revs',
      'pairs',
      'major',
      '(a) kept: cairn-minor-min hash pos',
      '(b) resolves min/median',
      '(b) faithful min/median',
      '(c) changed IDs median (mean)',
    ].join(' | '),
  );
  for (const row of rows) out.push(line(row.chapter, row.revisions, row.pairs, row.majors, row));
  const revisions = rows.reduce((s, r) => s + r.revisions, 0);
  out.push(line('overall', revisions, pairsTotal, majorTotal, overall));
  out.push(
    `(a) for cairn: minimum over minor pairs (target 1.00); minor pairs below 1.00: ${overall.cairn.minorAPairsBelow1}; ` +
      `baselines: mean over all pairs. cairn (b) faithful over minor pairs only: min ${f(overall.cairn.minorBfMin)}, ` +
      `median ${f(overall.cairn.minorBfMedian)}. Invalid ID sets: ${invalid}. ${seconds.toFixed(1)} s.`,
  );
  process.stdout.write(`${out.join('\n')}\n`);
}
process.exitCode = invalid > 0 ? 1 : 0;
