#!/usr/bin/env node
// How far the lexical rerank's signals can go on one set of questions when their weights are
// fitted on those same questions (in-sample: an upper reference, not a result). Over a dump of
// scripts/rerank-replay.mjs (pool 30, k 10), each candidate's signals come from this build's
// `rerankSignals`; the script's own scoring and counting under the shipped weights are first
// checked against `weightedSignals` and `evaluate` (the figures of `cairn eval`). Then a coordinate
// ascent from many starts (the engine's weight fixed at 1, the others over -0.5..3 in steps of 0.05) for each objective: hit@1, hit@5, the best hit@1 with hit@5 at a
// floor, the best hit@5 with hit@1 at a floor, and both issue 27 targets at once (the smaller
// margin). Found by search, so each figure is a lower bound on the true in-sample best. Run after
// `npm run build`:
//   node scripts/rerank-ceiling.mjs <dump.json> [restarts] [seed]
import { RERANK_WEIGHTS, rerankSignals, weightedSignals } from '../dist/search/proximity-rerank.js';
import { evaluate, load, rerankCandidatesOf } from './rerank-replay-score.mjs';

const POOL = 30;
const NAMES = Object.keys(RERANK_WEIGHTS);
const STEPS = Array.from({ length: 71 }, (_, i) => Math.round((-0.5 + i * 0.05) * 100) / 100);
const TARGET_HIT_1 = 0.85;
const TARGET_HIT_5 = 0.97;

const [file, restartsArg = '16', seedArg = '7'] = process.argv.slice(2);
if (file === undefined) {
  console.error('usage: rerank-ceiling.mjs <dump.json> [restarts] [seed]');
  process.exit(2);
}

/**
 * Every candidate's signals: per question (`of`, for `evaluate`), and as rows of one flat array
 * over the questions with a gold chunk in their pool (the others never count), for the search.
 */
function signalTable(dump) {
  const of = new Map();
  const rows = [];
  const starts = [0];
  for (const q of dump.questions) {
    const cands = q.candidates.slice(0, POOL);
    const signals = rerankSignals(
      { text: q.query, terms: q.terms },
      rerankCandidatesOf(dump, cands),
    );
    of.set(
      q,
      signals.map((s) => NAMES.map((name) => s[name])),
    );
    if (!cands.some((c) => c.hit)) continue;
    signals.forEach((s, i) => {
      rows.push({
        f: NAMES.map((name) => s[name]),
        engine: cands[i].score_norm,
        hit: cands[i].hit,
        shipped: weightedSignals(s),
      });
    });
    starts.push(rows.length);
  }
  const width = NAMES.length;
  const f = new Float64Array(rows.length * width);
  for (const [i, r] of rows.entries()) f.set(r.f, i * width);
  return {
    of,
    starts,
    f,
    width,
    engine: Float64Array.from(rows, (r) => r.engine),
    hit: Uint8Array.from(rows, (r) => (r.hit ? 1 : 0)),
    shipped: Float64Array.from(rows, (r) => r.shipped),
  };
}

/** One candidate's score under `w`, as `weightedSignals` rounds it (over |w|, as weights may be negative). */
function scoreRow(row, w, sum) {
  let v = 0;
  for (let k = 0; k < w.length; k++) v += w[k] * row[k];
  return Math.round((v / sum) * 1e6) / 1e6;
}

const sumOf = (w) => w.reduce((a, b) => a + Math.abs(b), 0);

/** Scores of every candidate of the flat table under `w`. */
function scoresOf(t, w) {
  const sum = sumOf(w);
  const out = new Float64Array(t.engine.length);
  for (let i = 0; i < out.length; i++)
    out[i] = scoreRow(t.f.subarray(i * t.width, (i + 1) * t.width), w, sum);
  return out;
}

/** hit@1 and hit@5 counts and the MRR sum at 10, ties broken as `evaluate` breaks them. */
function countsOf(t, s) {
  let h1 = 0;
  let h5 = 0;
  let mrr = 0;
  for (let q = 0; q + 1 < t.starts.length; q++) {
    const [a, e] = [t.starts[q], t.starts[q + 1]];
    let gold = -1;
    for (let i = a; i < e; i++)
      if (
        t.hit[i] &&
        (gold < 0 || s[i] > s[gold] || (s[i] === s[gold] && t.engine[i] > t.engine[gold]))
      )
        gold = i;
    let rank = 1;
    for (let j = a; j < e; j++) {
      if (t.hit[j]) continue;
      const above =
        s[j] > s[gold] ||
        (s[j] === s[gold] &&
          (t.engine[j] > t.engine[gold] || (t.engine[j] === t.engine[gold] && j < gold)));
      if (above) rank++;
    }
    if (rank === 1) h1++;
    if (rank <= 5) h5++;
    if (rank <= 10) mrr += 1 / rank;
  }
  return { h1, h5, mrr };
}

/** A small seeded generator, so that a run can be repeated. */
function random(seed) {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Coordinate ascent of `objective(counts)` from `start`, the engine's weight held. */
function ascend(t, objective, start, next) {
  const w = [...start];
  const rest = new Float64Array(t.engine.length);
  const s = new Float64Array(t.engine.length);
  let best = objective(countsOf(t, scoresOf(t, w)));
  for (let sweep = 0; sweep < 15; sweep++) {
    let improved = false;
    const order = NAMES.map((_, k) => k)
      .slice(1)
      .sort(() => next() - 0.5);
    for (const k of order) {
      // every other weight's part of each score, computed once for the values of this one
      const restSum = w.reduce((sum, x, j) => (j === k ? sum : sum + Math.abs(x)), 0);
      for (let i = 0; i < rest.length; i++) {
        let v = 0;
        for (let j = 0; j < t.width; j++) if (j !== k) v += w[j] * t.f[i * t.width + j];
        rest[i] = v;
      }
      let keep = w[k];
      for (const v of STEPS) {
        if (v === keep) continue;
        const sum = restSum + Math.abs(v);
        for (let i = 0; i < s.length; i++)
          s[i] = Math.round(((rest[i] + v * t.f[i * t.width + k]) / sum) * 1e6) / 1e6;
        const o = objective(countsOf(t, s));
        if (o > best + 1e-12) {
          best = o;
          keep = v;
          improved = true;
        }
      }
      w[k] = keep;
    }
    if (!improved) break;
  }
  return { w, best };
}

const dump = load(file);
const t = signalTable(dump);
const n = dump.questions.length;
const need = (share) => Math.ceil(share * n - 1e-9);
const shipped = NAMES.map((name) => RERANK_WEIGHTS[name]);
/** `cairn eval`'s figures with the weights `w`. */
const evaluated = (w) =>
  evaluate(dump, (q) => t.of.get(q).map((row) => scoreRow(row, w, sumOf(w))), { pool: POOL });
const show = (w) => {
  const m = evaluated(w);
  return `hit@1 ${m.h1.toFixed(4)} (${Math.round(m.h1 * n)}), hit@5 ${m.h5.toFixed(4)} (${Math.round(m.h5 * n)}), MRR ${m.mrr.toFixed(4)}`;
};
// the search's own scoring and counting must be the reranker's and `cairn eval`'s before its fits mean anything
const mine = scoresOf(t, shipped);
const off = mine.findIndex((score, i) => score !== t.shipped[i]);
if (off >= 0)
  throw new Error(`candidate ${off}: scored ${mine[off]}, weightedSignals ${t.shipped[off]}`);
const counted = countsOf(t, mine);
const reference = evaluated(shipped);
if (
  counted.h1 !== Math.round(reference.h1 * n) ||
  counted.h5 !== Math.round(reference.h5 * n) ||
  Math.abs(counted.mrr / n - reference.mrr) > 1e-9
)
  throw new Error(
    `counts ${JSON.stringify(counted)} differ from evaluate's ${JSON.stringify(reference)}`,
  );
const total = (c) => c.h1 + c.h5 + c.mrr;
const first = (floor, main) => (c) =>
  floor(c) >= 0 ? 1e6 + main(c) * 10 + total(c) / n : floor(c) * 10 + main(c) / n;
const [t1, t5] = [need(TARGET_HIT_1), need(TARGET_HIT_5)];
const objectives = {
  'hit@1': (c) => c.h1 * 10 + total(c) / n,
  'hit@5': (c) => c.h5 * 10 + total(c) / n,
  [`hit@1 with hit@5 >= ${TARGET_HIT_5} (${t5})`]: first(
    (c) => c.h5 - t5,
    (c) => c.h1,
  ),
  [`hit@5 with hit@1 >= ${TARGET_HIT_1} (${t1})`]: first(
    (c) => c.h1 - t1,
    (c) => c.h5,
  ),
  'both targets (the smaller margin)': (c) => Math.min(c.h1 - t1, c.h5 - t5) * 10 + total(c) / n,
};

console.log(
  `${file}: ${n} questions, ${t.starts.length - 1} with the gold chunk in the pool of ${POOL}`,
);
console.log(`  shipped weights: ${show(shipped)}`);
const next = random(Number(seedArg));
for (const [name, objective] of Object.entries(objectives)) {
  const starts = [shipped, NAMES.map((_, k) => (k === 0 ? 1 : 0))];
  for (let r = 0; r < Number(restartsArg); r++)
    starts.push(NAMES.map((_, k) => (k === 0 ? 1 : Math.round(next() * 40) / 20)));
  let top = null;
  for (const start of starts) {
    const found = ascend(t, objective, start, next);
    if (top === null || found.best > top.best) top = found;
  }
  console.log(`  best for ${name}: ${show(top.w)}`);
  console.log(`    weights: ${NAMES.map((name, k) => `${name} ${top.w[k]}`).join(', ')}`);
}
