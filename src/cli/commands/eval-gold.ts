import type { Command } from 'commander';
import { resolveEmbedder } from '../../embed/resolve-embedder.js';
import { formatGoldTable } from '../../eval/format-gold-table.js';
import { GOLD_SEARCH_MODES } from '../../eval/gold-search-mode.js';
import { loadGoldQuestions } from '../../eval/load-gold-set.js';
import { runGoldEval } from '../../eval/run-gold-eval.js';
import { storeGoldDocs } from '../../eval/store-gold-docs.js';
import { MAX_K } from '../../search/search.js';
import { openTemporaryStore } from '../../store/open-store.js';
import type { ChunkStore } from '../../store/types.js';
import type { CommandIo } from '../command-io.js';
import { integerFlag } from '../integer-flag.js';
import { openExistingStore } from '../open-existing-store.js';
import { reportCommandError } from '../report-error.js';
import { goldSetRefused, readGoldFile } from './read-gold-file.js';

export interface EvalGoldFlags {
  db?: string;
  k?: string;
  chunker?: string;
  mode?: string;
  embedder?: string;
  after?: string;
  fused?: boolean;
  json?: boolean;
}

const EXAMPLE_LINE = `{"id": "ear-001", "question": "Which countries are under a comprehensive embargo?", "paraphrases": ["...", "...", "..."], "doc": "ecfr/title-15/chapter-VII.md", "section": "15 CFR 746.1", "gold_quote": "exact text, found once in the document"}`;

export function registerEvalGold(evalCommand: Command): void {
  evalCommand
    .command('gold')
    .argument(
      '<gold.jsonl>',
      'a gold set: one JSON object per line (schemas/gold-set.v1.schema.json)',
    )
    .description(
      "Seed 001's evaluation recipe on a gold set: citation match over questions and paraphrases, coverage of the intended section, agreement, determinism, re-ingest",
    )
    .option('--db <path|url>', 'the store the documents were ingested into (read only)')
    .option('-k, --k <n>', 'hits per phrasing', '10')
    .option('--chunker <id>', 'whose chunks to search (default: as cairn search picks)')
    .option('--mode <mode>', `search mode: ${GOLD_SEARCH_MODES.join(', ')}`, 'lexical')
    .option(
      '--embedder <spec>',
      'the embedder the store was embedded with (cairn embed): needed by vector and hybrid, and measures ΔS in any mode',
    )
    .option(
      '--after <dir>',
      'a later revision of the same documents: re-ingested into the second store, each earlier hit followed through redirects',
    )
    .option(
      '--fused',
      "also search each question's phrasings together as one fused ranking (several queries, reciprocal rank fusion): the paraphrases stand in for a model's rewrites",
    )
    .option('--json', 'print the report as JSON')
    .addHelpText(
      'after',
      `
Gold set: one JSON object per line,
  ${EXAMPLE_LINE}
with "gold_span": {"start": n, "end": m} (code points into the stored text)
instead of "gold_quote" if need be. "doc" names a stored document by its
source path as ingested, its doc_uid, or the tail of its path on / boundaries.
Each quote must occur exactly once in the document; lines that are not JSON,
lack a field, name an unknown doc or a quote absent or repeated are refused
with their line numbers, and nothing is measured.

"section" is the unit a reader should be sent to:
  a regulation citation, 15 CFR 746.1 or 15 CFR 746.1(b)(1): a chunk is inside
    when its citation, read from its heading path (the "§ 746.1 ..." title and
    the designators (b), (1) under it), starts with the label's parts; so
    746.1 holds 746.1(b)(1)(ii), and 746.1(b) does not hold 746.1's opening text;
  otherwise a heading path, the titles from the document's top heading down
    joined with " > " (What Is Ownership? > The Stack and the Heap): a chunk is
    inside when its heading path starts with those titles (plain text:
    backticks dropped, whitespace collapsed).
A chunk of another document is never inside.

Measured, each phrasing (the question and its paraphrases) searched alone:
  hit@n, MRR  a hit is a chunk of the gold document whose span covers the
              gold span whole; over the questions as written (questions) and
              over every phrasing (phrasings)
  coverage    of the top 5 hits (fewer if fewer came back), the share inside
              the gold section, averaged; no hit counts 0. Seed bar: 0.70
  convergent_share  questions whose phrasings' top hits all lie in one section
              (same document and section_id)
  determinism the documents stored again into a second, temporary store (a
              SQLite file, or a PostgreSQL schema dropped afterwards) in reverse
              order and every phrasing asked again: rankings must be identical
  re-ingest   with --after, the folder's files (matched to stored documents by
              path tail) stored as new versions in that second store, and each
              question's earlier hit followed through redirects: the share whose
              live chunk still covers the quote in the new text (seed 000: 0.90)
  fused       with --fused: each question and its paraphrases as one search of
              several queries (reciprocal rank fusion), hit@n over the questions;
              the paraphrases stand in for the rewrites a model would write
              (cairn prompt --style search-queries); each phrasing alone is
              listed too (paraphrase n alone)
  ΔS          with --embedder: 1 - cosine(question, top hit), its median and
              the share at or under 0.45 (seed 001); null without an embedder
Misses are listed with the question, the gold section and the sections of the
top 5 hits. The store under test is only read; searches write no trace.
Exit status: 0 report printed, 1 gold lines refused (invalid_gold_set) or
rankings that differ between the two stores, 2 the file or store cannot be
read, bad options or an unknown mode or chunker.

Examples:
  cairn ingest ../shared/corpora/ecfr/title-15/chapter-VII.md --db ear.db
  cairn eval gold gold/ear.jsonl --db ear.db
  cairn eval gold gold/ear.jsonl --db ear.db --fused
  cairn eval gold gold/rustbook.jsonl --db postgres://localhost/cairn -k 5 --json > rust.json
  cairn eval gold my-gold.jsonl --db docs.db --after docs-v2/`,
    )
    .action(async (file: string, flags: EvalGoldFlags) => {
      process.exitCode = await runEvalGold(file, flags, {
        stdout: process.stdout,
        stderr: process.stderr,
      });
    });
}

/** `cairn eval gold`, apart from commander: returns the exit status. */
export async function runEvalGold(
  file: string,
  flags: EvalGoldFlags,
  io: CommandIo,
): Promise<number> {
  let store: ChunkStore | null = null;
  const interrupt = new AbortController();
  const onSigint = () => interrupt.abort();
  process.on('SIGINT', onSigint);
  try {
    const k = integerFlag('-k', flags.k ?? '10', {
      max: MAX_K,
      expected: `a whole number from 1 to ${MAX_K}`,
      digits_only: true,
    });
    const text = await readGoldFile(file);
    store = await openExistingStore(flags.db);
    const { items, issues } = await loadGoldQuestions(text, await storeGoldDocs(store));
    if (issues.length > 0) throw goldSetRefused(file, issues);
    const report = await runGoldEval(store, items, {
      k,
      ...(flags.chunker === undefined ? {} : { chunker: flags.chunker }),
      ...(flags.mode === undefined ? {} : { mode: flags.mode }),
      ...(flags.embedder === undefined ? {} : { embedder: await resolveEmbedder(flags.embedder) }),
      ...(flags.after === undefined ? {} : { after: flags.after }),
      ...(flags.fused === true ? { fused: true } : {}),
      open_temporary: () => openTemporaryStore(flags.db),
      signal: interrupt.signal,
      on_progress: (message) => io.stderr.write(`${message}\n`),
    });
    io.stdout.write(flags.json ? `${JSON.stringify(report)}\n` : formatGoldTable(report, file));
    return report.overall.determinism.status === 'different' ? 1 : 0;
  } catch (error) {
    return reportCommandError(error, io, flags.json);
  } finally {
    process.off('SIGINT', onSigint);
    await store?.close().catch(() => {});
  }
}
