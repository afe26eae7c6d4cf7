#!/usr/bin/env node
// Scores the reranker over the candidate dumps of scripts/rerank-replay.mjs,
// offline: hit@1, hit@5, hit@10, MRR and cl100k tokens in the top 5 of the
// engine's order and of this build's rerank (pool 30), and how often the
// gold chunk is in the engine's top 5 to 100. With --before <dist folder>
// (another build), that build's rerank too, and both timed alone (CPU).
//   node scripts/rerank-replay-score.mjs [--before ../main/dist] <dump.json>...
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { computeMetrics } from '../dist/eval/eval-metrics.js';
import { proximityScores } from '../dist/search/proximity-rerank.js';

function load(file) {
  const dump = JSON.parse(readFileSync(file, 'utf8'));
  for (const q of dump.questions) {
    const max = q.candidates.reduce((m, c) => Math.max(m, c.score_raw), 0);
    for (const c of q.candidates) c.score_norm = max > 0 ? Math.max(0, c.score_raw) / max : 0;
  }
  return dump;
}

/** The metrics of `cairn eval` after ordering each question's first `pool` candidates by `scoreOf` (ties: engine order), k = 10. */
export function evaluate(dump, scoreOf, { pool = 30, filter = () => true } = {}) {
  const outcomes = dump.questions.filter(filter).map((q) => {
    const cands = q.candidates.slice(0, pool);
    const scores = scoreOf(q, cands, dump);
    const order = cands
      .map((c, i) => ({ c, i, s: scores === null ? -i : scores[i] }))
      .sort((a, b) => b.s - a.s || b.c.score_norm - a.c.score_norm || a.i - b.i);
    const at = order.findIndex((o) => o.c.hit);
    return {
      rank: at >= 0 && at < 10 ? at + 1 : null,
      tokens_at_5: order.slice(0, 5).reduce((s, o) => s + o.c.tokens, 0),
    };
  });
  const m = computeMetrics(outcomes, { k: 10 });
  return {
    n: m.questions,
    h1: m.hit_at_1,
    h5: m.hit_at_5,
    h10: m.hit_at_10,
    mrr: m.mrr,
    tokens: m.mean_tokens_at_5,
  };
}

/** Whether a build's reranker takes the query as `{ text, terms }` (older builds take the terms alone). */
function takesQuery(proximityScores) {
  try {
    proximityScores({ text: 'a', terms: ['a'] }, []);
    return true;
  } catch {
    return false;
  }
}

/**
 * Each candidate's position in its document's reading order, from the
 * dump's chunk list (`all`: dumps made before it have none, and their
 * candidates no neighbours).
 */
function seqOf(dump, candidate) {
  if (dump.seqs === undefined) {
    dump.seqs = new Map();
    const byDoc = new Map();
    for (const c of dump.all ?? []) {
      const list = byDoc.get(c.doc);
      if (list === undefined) byDoc.set(c.doc, [c]);
      else list.push(c);
    }
    for (const [doc, list] of byDoc) {
      list.sort((a, b) => a.start - b.start);
      for (const [seq, c] of list.entries()) dump.seqs.set(`${doc}:${c.start}`, seq);
    }
  }
  return dump.seqs.get(`${candidate.doc}:${candidate.start}`) ?? Number.NaN;
}

/** A dump's candidates as rankHits hands them to the reranker. */
export function rerankCandidatesOf(dump, cands) {
  return cands.map((c) => ({
    text: c.text,
    score_norm: c.score_norm,
    document_id: c.doc,
    heading_path: c.heading_path ?? [],
    seq: seqOf(dump, c),
  }));
}

/** A build's reranker over a question's candidates. */
const rerankWith = (proximityScores) => {
  const withQuery = takesQuery(proximityScores);
  return (q, cands, dump) =>
    proximityScores(
      withQuery ? { text: q.query, terms: q.terms } : q.terms,
      rerankCandidatesOf(dump, cands),
    );
};

export function fmt(m) {
  return `${m.h1.toFixed(3)} ${m.h5.toFixed(3)} ${m.h10.toFixed(3)} mrr ${m.mrr.toFixed(3)} tok ${m.tokens.toFixed(0)} (n ${m.n})`;
}

export { load };

/** CPU milliseconds of `rerank` over the first `count` questions' pools of 30. */
function cpuOf(dump, rerank, count) {
  const questions = dump.questions.slice(0, count);
  const t0 = process.cpuUsage();
  for (const q of questions) rerank(q, q.candidates.slice(0, 30), dump);
  const t = process.cpuUsage(t0);
  return (t.user + t.system) / 1000;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const beforeAt = args.indexOf('--before');
  const before =
    beforeAt < 0
      ? null
      : rerankWith(
          (await import(`${resolve(args.splice(beforeAt, 2)[1])}/search/proximity-rerank.js`))
            .proximityScores,
        );
  const current = rerankWith(proximityScores);
  for (const file of args) {
    const dump = load(file);
    const sets =
      dump.kind === 'gold'
        ? [
            ['questions', (q) => q.phrasing === 0],
            ['phrasings', () => true],
          ]
        : [['all', () => true]];
    for (const [name, filter] of sets) {
      const asked = dump.questions.filter(filter);
      console.log(`${file} ${name}`);
      console.log(`  engine order  ${fmt(evaluate(dump, () => null, { filter }))}`);
      if (before) console.log(`  before        ${fmt(evaluate(dump, before, { filter }))}`);
      console.log(`  this build    ${fmt(evaluate(dump, current, { filter }))}`);
      const within = (k) =>
        (
          asked.filter((q) => q.candidates.slice(0, k).some((c) => c.hit)).length / asked.length
        ).toFixed(3);
      console.log(
        `  gold in the engine's top 5 / 10 / 30 / 50 / 100: ${[5, 10, 30, 50, 100].map(within).join(' / ')}`,
      );
    }
    if (before) {
      // alternating pairs in one process, each rerank over the same 1000 pools
      const times = { before: [], current: [] };
      for (let pair = 0; pair < 7; pair++) {
        times.before.push(cpuOf(dump, before, 1000));
        times.current.push(cpuOf(dump, current, 1000));
      }
      console.log(
        `  rerank CPU ms over 1000 questions, median of 7 alternating pairs: before ${median(times.before).toFixed(0)}, this build ${median(times.current).toFixed(0)}`,
      );
    }
  }
}
