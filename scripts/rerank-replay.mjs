#!/usr/bin/env node
// Stores a retrieval set once and dumps each question's top engine
// candidates (search with --rerank none) with their texts, so that rerank
// variants can be scored offline (scripts/rerank-replay-score.mjs) without
// storing or searching again. Run after `npm run build`:
//   node scripts/rerank-replay.mjs squad <dev-v1.1.json> <A|B|all> <out.json> [pool]
//   node scripts/rerank-replay.mjs gold <gold.jsonl> <file or folder to ingest> <out.json> [pool]
// Each question keeps its engine candidates in engine order (text, score_raw,
// document, offsets, cl100k tokens, whether it covers the gold span), and the
// dump carries the chunk set's document frequency of every query stem and
// every chunk (document, offsets, text), from which a candidate's place in
// its document, and so its neighbours, follow.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultChunkerRegistry } from '../dist/chunk/chunker-registry.js';
import { gptTokenCounter } from '../dist/chunk/tokenizers/gpt-token-counter.js';
import { firstHitRank } from '../dist/eval/eval-metrics.js';
import { loadSquad, squadSplit, storeGoldDocs } from '../dist/eval/index.js';
import { loadGoldQuestions } from '../dist/eval/load-gold-set.js';
import { buildSquadDocuments } from '../dist/eval/run-squad-eval.js';
import { coversGold } from '../dist/eval/score-gold-runs.js';
import { ensure, ingestSources, openStore, search } from '../dist/index.js';
import { stemOf } from '../dist/search/word-stem.js';
import { headingFieldText } from '../dist/store/heading-field.js';

const [kind, source, third, out, poolArg] = process.argv.slice(2);
if (!['squad', 'gold'].includes(kind) || out === undefined) {
  console.error('usage: rerank-replay.mjs squad <file> <A|B|all> <out.json> [pool]');
  console.error('       rerank-replay.mjs gold <gold.jsonl> <input> <out.json> [pool]');
  process.exit(2);
}
const pool = Number(poolArg ?? 100);
const counter = gptTokenCounter('cl100k_base');
const chunker = defaultChunkerRegistry().get('default');
const dir = mkdtempSync(join(tmpdir(), 'cairn-rerank-replay-'));
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** Each stem's number of chunks holding it, over the stored chunk texts. */
function documentFrequencies(texts) {
  const df = new Map();
  for (const text of texts) {
    const seen = new Set();
    for (const [word] of text.toLowerCase().matchAll(WORD)) seen.add(stemOf(word));
    for (const stem of seen) df.set(stem, (df.get(stem) ?? 0) + 1);
  }
  return df;
}

async function candidatesOf(store, query, isHit) {
  const result = await search(store, query, {
    k: pool,
    rerank: 'none',
    chunker: chunker.chunker_id,
    trace: false,
    trace_log: false,
  });
  return {
    query,
    terms: result.terms,
    candidates: result.hits.map((hit) => ({
      text: hit.text,
      heading: headingFieldText(hit.heading_path),
      heading_path: hit.heading_path,
      score_raw: hit.score_raw,
      doc: hit.doc_id,
      start: hit.offsets.start,
      end: hit.offsets.end,
      tokens: counter.count(hit.text),
      hit: isHit(hit),
    })),
  };
}

const store = await openStore({ db: join(dir, 'replay.db') });
const questions = [];
const texts = [];
const all = [];
try {
  if (kind === 'squad') {
    const articles = squadSplit(loadSquad(readFileSync(source)), third);
    const documents = await buildSquadDocuments(articles);
    for (const doc of documents) await ensure(store, doc, chunker);
    for (const [i, article] of articles.entries()) {
      const docId = documents[i].doc_uid;
      for (const q of article.questions) {
        if (q.question.trim() === '' || q.answers.length === 0) continue;
        const isHit = (hit) =>
          firstHitRank(
            [{ doc_id: hit.doc_id, start: hit.offsets.start, end: hit.offsets.end, tokens: 0 }],
            docId,
            q.answers,
          ) === 1;
        questions.push({ id: q.id, ...(await candidatesOf(store, q.question, isHit)) });
      }
    }
  } else {
    await ingestSources(store, [third], { chunker: 'default' });
    const gold = await loadGoldQuestions(readFileSync(source, 'utf8'), await storeGoldDocs(store));
    if (gold.issues.length > 0) throw new Error(JSON.stringify(gold.issues.slice(0, 3)));
    for (const g of gold.items) {
      for (const [index, text] of [g.question, ...g.paraphrases].entries()) {
        const isHit = (hit) =>
          coversGold({ doc_id: hit.doc_id, start: hit.offsets.start, end: hit.offsets.end }, g);
        questions.push({ id: g.id, phrasing: index, ...(await candidatesOf(store, text, isHit)) });
      }
    }
  }
  const { exportChunks } = await import('../dist/search/export-chunks.js');
  for await (const chunk of exportChunks(store, { chunker: chunker.chunker_id })) {
    texts.push(chunk.text);
    all.push({
      doc: chunk.doc_id,
      start: chunk.offsets.start,
      end: chunk.offsets.end,
      text: chunk.text,
    });
  }
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
const df = documentFrequencies(texts);
const wanted = new Set(questions.flatMap((q) => q.terms.map((t) => stemOf(t))));
writeFileSync(
  out,
  JSON.stringify({
    kind,
    source,
    chunks: texts.length,
    df: Object.fromEntries([...wanted].map((s) => [s, df.get(s) ?? 0])),
    questions,
    all,
  }),
);
console.error(`${questions.length} questions, ${texts.length} chunks -> ${out}`);
