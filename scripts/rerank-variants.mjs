#!/usr/bin/env node
// The rerank variants measured for issue 27 and not kept (one kept: the
// context signal by part of a document, `parent` below), each over the
// dumps of scripts/rerank-replay.mjs: half A of SQuAD dev and the EAR gold
// set, pool 30 unless named. A re-implementation of the four-signal rerank
// the eight-signal one replaced (it reproduced scripts/rerank-replay-score.mjs's
// figures for that build) with the extra signals beside them; weights found by coordinate ascent on half A
// (hit@1 + hit@5 + MRR), the EAR set only read. Run after `npm run build`:
//   node scripts/rerank-variants.mjs <half A dump> <EAR dump>
import { stemOf } from '../dist/search/word-stem.js';
import { evaluate, fmt, load } from './rerank-replay-score.mjs';

const WORDRE = /[\p{L}\p{M}\p{N}]+/gu;
const [fileA, fileEar] = process.argv.slice(2);
if (fileEar === undefined) {
  console.error('usage: rerank-variants.mjs <half A dump> <EAR dump>');
  process.exit(2);
}
const A = load(fileA);
const E = load(fileEar);
const POOL = 30;

function tokenize(text) {
  const words = [];
  let sent = 0;
  let last = 0;
  for (const m of text.matchAll(WORDRE)) {
    const between = text.slice(last, m.index);
    if (/[.!?]\s/.test(between) || /\n\s*\n/.test(between)) sent++;
    words.push({ w: m[0].toLowerCase(), sent, digit: /\p{N}/u.test(m[0]) });
    last = m.index + m[0].length;
  }
  return words;
}

const NUMERIC_Q =
  /\b(when|what year|which year|how many|how much|how long|how old|what percentage|what date|what century|how far|how large|how big|how tall|how high)\b/i;

function features(q, cands, dump, opt) {
  const stems = [];
  const index = new Map();
  for (const t of q.terms) {
    const s = stemOf(t.toLowerCase());
    if (!index.has(s)) {
      index.set(s, stems.length);
      stems.push(s);
    }
  }
  const n = cands.length;
  const N = dump.chunks;
  const idxIdf = stems.map((s) => {
    const df = dump.df[s] ?? 0;
    return Math.log(1 + (N - df + 0.5) / (df + 0.5));
  });
  const toks = cands.map((c) => (c._tok ??= tokenize(c.text)));
  const headStems = cands.map((c) => {
    const set = new Set();
    if (opt.heading && c.heading)
      for (const [w] of c.heading.toLowerCase().matchAll(WORDRE)) {
        const st = index.get(stemOf(w));
        if (st !== undefined) set.add(st);
      }
    return set;
  });
  const headMatches = cands.map((c) => {
    const ms = [];
    if (!(opt.heading && c.heading)) return ms;
    let at = -100000;
    for (const [w] of c.heading.toLowerCase().matchAll(WORDRE)) {
      const st = index.get(stemOf(w));
      if (st !== undefined) ms.push({ at, stem: st, sent: -1 });
      at++;
    }
    return ms;
  });
  const matches = toks.map((words) => {
    const ms = [];
    words.forEach((w, at) => {
      const st = index.get(stemOf(w.w));
      if (st !== undefined) ms.push({ at, stem: st, sent: w.sent });
    });
    return ms;
  });
  const poolIdf = stems.map((_, st) => {
    const df = matches.filter(
      (ms, i) => ms.some((m) => m.stem === st) || headStems[i].has(st),
    ).length;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  });
  const W = opt.windowIdf === 'index' ? idxIdf : poolIdf;
  const total = W.reduce((a, b) => a + b, 0);
  // document
  const byDoc = new Map();
  const keyOf = (c) =>
    opt.section === 'full'
      ? `${c.doc}\n${(c.heading_path ?? []).join('\n')}`
      : opt.section === 'parent'
        ? `${c.doc}\n${(c.heading_path ?? []).slice(0, -1).join('\n')}`
        : opt.section
          ? c.doc +
            '\n' +
            (c.heading_path ?? []).filter((l) => !/^\([\w.]+\)$/.test(l.trim())).join('\n')
          : c.doc;
  cands.forEach((c) => {
    const l = byDoc.get(keyOf(c)) ?? [];
    l.push(c.score_norm);
    byDoc.set(keyOf(c), l);
  });
  const sums = new Map();
  let best = 0;
  for (const [d, l] of byDoc) {
    const s = l
      .sort((a, b) => b - a)
      .slice(0, 3)
      .reduce((a, b) => a + b, 0);
    sums.set(d, s);
    best = Math.max(best, s);
  }
  const avgLen = toks.reduce((s, t) => s + t.length, 0) / n;
  const numericQ = NUMERIC_Q.test(q.query ?? '');
  const rows = cands.map((c, i) => {
    const ms = matches[i];
    // window
    const H = headStems[i];
    let win = [...H].reduce((s, st) => s + W[st], 0);
    for (let a = 0; a < ms.length; a++) {
      const seen = new Set(H);
      let sum = [...H].reduce((s, st) => s + W[st], 0);
      for (let b = a; b < ms.length && ms[b].at - ms[a].at < (opt.window ?? 12); b++) {
        if (!seen.has(ms[b].stem)) {
          seen.add(ms[b].stem);
          sum += W[ms[b].stem];
        }
      }
      win = Math.max(win, sum);
    }
    // phrase
    const phrase = (gapMax, w) => {
      let all = 0;
      for (let s = 1; s < w.length; s++) all += w[s - 1] + w[s];
      if (all <= 0) return 0;
      const lastAt = new Array(w.length).fill(-Infinity);
      const held = new Array(w.length).fill(false);
      let sum = 0;
      for (const { at, stem } of [...(opt.headPhrase ? headMatches[i] : []), ...ms]) {
        const gap = stem > 0 ? at - lastAt[stem - 1] : 0;
        if (!held[stem] && gap >= 1 && gap <= gapMax) {
          held[stem] = true;
          sum += w[stem - 1] + w[stem];
        }
        lastAt[stem] = at;
      }
      return sum / all;
    };
    // bm25 own
    const tf = new Array(stems.length).fill(0);
    for (const m of ms) tf[m.stem]++;
    const len = toks[i].length;
    const bm = (k1, b) =>
      tf.reduce(
        (s, f, st) =>
          s + (f === 0 ? 0 : (idxIdf[st] * f * (k1 + 1)) / (f + k1 * (1 - b + (b * len) / avgLen))),
        0,
      );
    // coverage
    const idxTotal = idxIdf.reduce((a, b) => a + b, 0);
    const cover =
      idxTotal > 0 ? tf.reduce((s, f, st) => s + (f > 0 ? idxIdf[st] : 0), 0) / idxTotal : 0;
    const sortedIdf = [...idxIdf].sort((a, b) => b - a);
    const rareCut = sortedIdf[Math.floor((sortedIdf.length - 1) / 2)] ?? 0;
    const rare = stems.map((_, st) => idxIdf[st] >= rareCut && idxIdf[st] >= (opt.rareMin ?? 0));
    const rareN = rare.filter(Boolean).length;
    const rareCover = rareN > 0 ? tf.filter((f, st) => f > 0 && rare[st]).length / rareN : 0;
    // best sentence idf sum (index idf)
    const bySent = new Map();
    for (const m of ms) {
      const set = bySent.get(m.sent) ?? new Set();
      set.add(m.stem);
      bySent.set(m.sent, set);
    }
    let sentBest = 0;
    for (const set of bySent.values())
      sentBest = Math.max(
        sentBest,
        [...set].reduce((s, st) => s + idxIdf[st], 0),
      );
    // numeric near window
    let num = 0;
    if (numericQ) {
      const words = toks[i];
      for (const m of ms) {
        for (let k = Math.max(0, m.at - 12); k < Math.min(words.length, m.at + 12); k++)
          if (words[k].digit) {
            num = 1;
            break;
          }
        if (num) break;
      }
    }
    return {
      engine: c.score_norm,
      window: total > 0 ? win / total : 0,
      phrase: phrase(3, W),
      bigram: phrase(1, idxIdf),
      document: best > 0 ? sums.get(keyOf(c)) / best : 0,
      docAlso: best > 0 ? sums.get(c.doc) / best : 0,
      bmA: bm(opt.k1 ?? 1.2, opt.b ?? 0.75),
      cover,
      rareCover,
      sent: sentBest,
      num,
    };
  });
  for (const key of ['bmA', 'sent']) {
    const mx = Math.max(...rows.map((r) => r[key]));
    for (const r of rows) r[key] = mx > 0 ? r[key] / mx : 0;
  }
  return rows;
}

const cache = new Map();
function featOf(dump, opt, pool) {
  const key = `${dump.source}|${JSON.stringify(opt)}|${pool}`;
  if (!cache.has(key)) {
    cache.set(
      key,
      dump.questions.map((q) => features(q, q.candidates.slice(0, pool), dump, opt)),
    );
  }
  return cache.get(key);
}

function scorer(dump, opt, weights, pool) {
  const F = featOf(dump, opt, pool);
  const qi = new Map(dump.questions.map((q, i) => [q, i]));
  return (q) =>
    F[qi.get(q)].map((r) => Object.entries(weights).reduce((s, [k, w]) => s + w * r[k], 0));
}

const obj = (m) => m.h1 + m.h5 + m.mrr;
const SHIPPED = { engine: 1, window: 1.2, phrase: 0.9, document: 0.4 };

function report(label, opt, weights, pool = POOL) {
  const a = evaluate(A, scorer(A, opt, weights, pool), { pool });
  const eq = evaluate(E, scorer(E, opt, weights, pool), { pool, filter: (q) => q.phrasing === 0 });
  const ep = evaluate(E, scorer(E, opt, weights, pool), { pool });
  console.log(`${label.padEnd(40)} A ${fmt(a)} | EARq ${fmt(eq)} | EARp ${fmt(ep)}`);
  return a;
}

function ascend(opt, start, keys, grid, pool = POOL, rounds = 2) {
  const w = { ...start };
  let bestScore = obj(evaluate(A, scorer(A, opt, w, pool), { pool }));
  for (let r = 0; r < rounds; r++) {
    let moved = false;
    for (const k of keys) {
      for (const v of grid) {
        const t = { ...w, [k]: v };
        const s = obj(evaluate(A, scorer(A, opt, t, pool), { pool }));
        if (s > bestScore + 1e-9) {
          bestScore = s;
          w[k] = v;
          moved = true;
        }
      }
    }
    if (!moved) break;
  }
  return w;
}

const grid = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.7, 0.9, 1.2, 1.5, 2, 3];
const NONE = { bmA: 0, cover: 0, rareCover: 0, bigram: 0, sent: 0, num: 0 };
report('shipped (re-implemented)', {}, SHIPPED);
for (const f of ['cover', 'rareCover', 'bigram', 'sent', 'num']) {
  const w = ascend({}, { ...SHIPPED, [f]: 0 }, [f], grid);
  report(`+${f} weight ${w[f]}`, {}, w);
}
report('window weights by index idf', { windowIdf: 'index' }, SHIPPED);
for (const [k1, b] of [
  [1.2, 0.75],
  [1.2, 0.3],
  [0.9, 0.4],
  [1.5, 0.5],
  [2, 0.3],
  [0.6, 0.2],
  [1.2, 0],
]) {
  const opt = { k1, b };
  const w = ascend(opt, { ...SHIPPED, bmA: 0 }, ['bmA'], grid);
  report(`+own BM25 k1 ${k1} b ${b} weight ${w.bmA}`, opt, w);
  const instead = ascend(
    opt,
    { ...SHIPPED, engine: 0, bmA: 1 },
    ['bmA', 'window', 'phrase', 'document'],
    grid,
    POOL,
    1,
  );
  report('  own BM25 in place of the engine', opt, instead);
}
for (const pool of [20, 30, 50, 100]) {
  report(`pool ${pool}`, {}, SHIPPED, pool);
  const w = ascend({}, SHIPPED, ['window', 'phrase', 'document'], grid, pool, 2);
  report(`pool ${pool} re-ascended ${JSON.stringify(w)}`, {}, w, pool);
}
const opt = { k1: 0.9, b: 0.4 };
const all = ascend(
  opt,
  { ...SHIPPED, ...NONE },
  ['window', 'phrase', 'document', ...Object.keys(NONE)],
  grid,
  POOL,
  3,
);
report(`all signals ${JSON.stringify(all)}`, opt, all);
report('heading words in window and phrase', { heading: true, headPhrase: true }, SHIPPED);
report('context by document and section, no designators', { section: true }, SHIPPED);
report('context by document and full heading path', { section: 'full' }, SHIPPED);
report(
  'context by document and all headings but the innermost (kept)',
  { section: 'parent' },
  SHIPPED,
);
report(
  '  with heading words in window and phrase',
  { section: 'parent', heading: true, headPhrase: true },
  SHIPPED,
);
