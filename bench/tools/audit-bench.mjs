// Audit latency in this process, on a store built beforehand (bench/audit.mjs): answers of
// `--citations` citations drawn across every document of the store, each quoting 12 words of its
// chunk, audited with auditAnswer in several shapes; one warm-up pass, then `runs` counted passes of
// `--iterations` audits each. The floor is verifyCitations on the same citations without quotes:
// the store checks alone. Prints one JSON line.
//
//   node bench/tools/audit-bench.mjs --db <file> [--citations 100] [--iterations 20] [--runs 5]
import Database from 'better-sqlite3';
import { auditAnswer } from '../../dist/cite/audit/audit-answer.js';
import { checkClaims } from '../../dist/cite/claims/check-claims.js';
import { forgetAnalyses } from '../../dist/cite/claims/clauses-of.js';
import { verifyCitations } from '../../dist/cite/verify-citations.js';
import { openStore } from '../../dist/store/open-store.js';
import { NO_SECTION_ID } from '../../dist/types.js';
import { percentile } from '../support/store-fixture.mjs';

const args = process.argv.slice(2);
const opts = { citations: 100, iterations: 20, runs: 5 };
for (let i = 0; i < args.length; i++) {
  const flag = args[i];
  if (flag === '--db') opts.db = args[++i];
  else if (flag === '--citations') opts.citations = Number(args[++i]);
  else if (flag === '--iterations') opts.iterations = Number(args[++i]);
  else if (flag === '--runs') opts.runs = Number(args[++i]);
}

const store = await openStore({ db: opts.db, readonly: true });
try {
  const counts = await store.counts();
  // chunks spread evenly over the table (every document, each one's whole length), at least 16 words
  const raw = new Database(opts.db, { readonly: true });
  const maxId = raw.prepare('SELECT max(id) AS n FROM chunks').get().n;
  const next = raw.prepare(
    'SELECT chunk_id, document_id FROM chunks WHERE id >= ? ORDER BY id LIMIT 1',
  );
  const picked = [];
  const probes = opts.citations * 4;
  for (let k = 0; picked.length < opts.citations && k < probes; k++) {
    const row = next.get(1 + Math.floor((k * maxId) / probes));
    if (row === undefined) continue;
    const [chunk] = await store.findChunks(row.chunk_id);
    if (chunk.text.split(/\s+/u).length < 16) continue;
    const doc = await store.getDocumentById(row.document_id);
    const version = await store.getVersion(doc.current_version_id);
    picked.push({ doc, chunk, rev: version.rev });
  }
  // for one citation in ten, a chunk a few further on in the same document: its quote is misplaced
  const later = raw.prepare(
    'SELECT chunk_id FROM chunks WHERE document_id = ? AND version_id = ? AND seq > ? ORDER BY seq LIMIT 1 OFFSET 3',
  );
  for (const [i, p] of picked.entries()) {
    if (i % 10 !== 0) continue;
    const row = later.get(p.doc.id, p.doc.current_version_id, p.chunk.seq);
    if (row !== undefined) [p.neighbour] = await store.findChunks(row.chunk_id);
  }
  raw.close();
  const words = (text, from, to) => text.split(/\s+/u).filter(Boolean).slice(from, to).join(' ');
  const payload = ({ doc, chunk, rev }) => ({
    snippet_id: chunk.chunk_id,
    section_id: chunk.section_id || NO_SECTION_ID,
    source_url: doc.source_url,
    doc_id: doc.doc_uid,
    rev,
    offsets: { start: chunk.char_start, end: chunk.char_end, unit: 'char' },
    tokens: chunk.tokens,
  });
  const quoteOf = (p) => words(p.chunk.text, 2, 14);
  const cairnAnswer = (quote) =>
    JSON.stringify({
      citations: picked.map((p, i) => ({ ...payload(p), quote: quote(p, i) })),
      answer: 'An answer citing every picked chunk.',
    });
  // an Anthropic response: one text block per picked chunk, citing it with its quote
  const anthropicOf = (textOf, endBlock) =>
    JSON.stringify({
      id: 'msg_bench',
      type: 'message',
      role: 'assistant',
      model: 'bench',
      content: picked.map((p, i) => ({
        type: 'text',
        text: textOf(p, i),
        citations: [
          {
            type: 'search_result_location',
            source: p.chunk.chunk_id,
            title: p.doc.source_url,
            cited_text: quoteOf(p),
            search_result_index: i,
            start_block_index: 0,
            end_block_index: endBlock,
          },
        ],
      })),
      stop_reason: 'end_turn',
    });
  const anthropicAnswer = anthropicOf((_, i) => `Claim ${i}. `, 1);
  // each citation on a sentence of its own that restates words of its chunk: 100 claims to judge
  const claimsAnswer = anthropicOf(
    (p, i) => `${i === 0 ? '' : ' '}${words(p.chunk.text, 0, 20).replace(/[.;:]+$/u, '')}.`,
    0,
  );
  const claimsReport = await auditAnswer(store, claimsAnswer);
  // one citation in ten quotes another chunk of its document: found there, repaired
  const misplaced = cairnAnswer((p) =>
    p.neighbour === undefined ? quoteOf(p) : words(p.neighbour.text, 2, 14),
  );
  // one citation quotes a chunk of another document: found through the store's lexical index
  const acrossStore = cairnAnswer((p, i) => (i === 0 ? quoteOf(picked[1]) : quoteOf(p)));
  const series = {
    cairn: { run: () => auditAnswer(store, cairnAnswer(quoteOf)) },
    anthropic: { run: () => auditAnswer(store, anthropicAnswer) },
    cairn_10_misplaced_in_document: {
      run: () => auditAnswer(store, misplaced),
      iterations: Math.min(3, opts.iterations),
    },
    cairn_1_misplaced_across_store: {
      run: () => auditAnswer(store, acrossStore),
      iterations: Math.min(3, opts.iterations),
    },
    // the claims alone, on texts never analysed before (the analysis cache emptied each call)
    claims_100_sentences: {
      run: async () => {
        forgetAnalyses();
        const { claims, summary } = checkClaims(claimsReport.answer_text, claimsReport.citations);
        return { ...claimsReport, claims, claim_summary: summary };
      },
    },
    anthropic_100_claims_whole_audit: {
      run: () => {
        forgetAnalyses();
        return auditAnswer(store, claimsAnswer);
      },
    },
    floor: {
      run: () => verifyCitations(store, picked.map(payload), { allow_cross_section_reuse: true }),
    },
  };
  const checks = {};
  const passes = {};
  for (const [name, { run, iterations = opts.iterations }] of Object.entries(series)) {
    const first = await run();
    checks[name] =
      name === 'floor'
        ? { verified: first.citations.filter((c) => c.status === 'verified').length }
        : {
            verified: first.summary.verified,
            repaired: first.summary.repaired,
            unverified: first.summary.unverified,
            ...(first.claim_summary === undefined ? {} : { claims: first.claim_summary }),
          };
    passes[name] = [];
    for (let r = 0; r < opts.runs; r++) {
      globalThis.gc?.();
      const times = [];
      for (let k = 0; k < iterations; k++) {
        const t0 = performance.now();
        await run();
        times.push(performance.now() - t0);
      }
      passes[name].push({ p50: percentile(times, 0.5), p95: percentile(times, 0.95) });
    }
  }
  console.log(
    JSON.stringify({
      documents: (await store.listDocuments()).length,
      chunks: counts.chunks,
      citations: picked.length,
      checks,
      passes,
    }),
  );
} finally {
  await store.close();
}
