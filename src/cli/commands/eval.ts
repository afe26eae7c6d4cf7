import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { createChunkerRegistry, defaultChunkerRegistry } from '../../chunk/chunker-registry.js';
import { resolveEmbedder } from '../../embed/resolve-embedder.js';
import { CairnError } from '../../errors.js';
import { formatEvalTable } from '../../eval/format-eval-table.js';
import { formatIdsEvalTable } from '../../eval/format-ids-eval-table.js';
import { loadEditHistories } from '../../eval/load-edit-histories.js';
import { loadSquad } from '../../eval/load-squad.js';
import type { ReplayedPair } from '../../eval/replay-edit-history.js';
import { runIdsEval } from '../../eval/run-ids-eval.js';
import {
  DEFAULT_EVAL_CHUNKERS,
  runSquadEval,
  type SquadEvalReport,
} from '../../eval/run-squad-eval.js';
import { checkSquadSplit } from '../../eval/squad-split.js';
import { decodeText } from '../../load/decode-text.js';
import { fileError } from '../../load/file-error.js';
import { parseJsonValue } from '../../parse/json/parse-json-value.js';
import type { SearchMode } from '../../search/rank-by-mode.js';
import { MAX_K } from '../../search/search.js';
import { openStore } from '../../store/open-store.js';
import type { ChunkStore } from '../../store/types.js';
import type { CommandIo } from '../command-io.js';
import { integerFlag } from '../integer-flag.js';
import { reportCommandError } from '../report-error.js';
import { registerEvalClaims } from './eval-claims.js';
import { registerEvalGold } from './eval-gold.js';

export interface EvalSquadFlags {
  db?: string;
  chunker?: string[];
  k?: string;
  json?: boolean;
  mode?: string;
  embedder?: string;
  split?: string;
}

export interface EvalIdsFlags {
  chunker?: string;
  only?: string;
  json?: boolean;
  explain?: boolean;
}

export function registerEval(program: Command): void {
  const evalCommand = program
    .command('eval')
    .description('Measure retrieval on a labelled set, or chunk ID stability on edit histories');
  evalCommand
    .command('squad')
    // optional for commander: a file after the variadic --chunker is taken as a chunker, and
    // runEvalSquad says so instead of commander's bare "missing required argument"
    .argument('[file]', 'a SQuAD v1.1 JSON file, e.g. ../shared/corpora/squad/dev-v1.1.json')
    .usage('[options] <file>')
    .description(
      'Store each SQuAD article as one document, ask every question through search, and score the chunks that cover a gold answer',
    )
    .option(
      '--db <path|url>',
      'store to use, shared by the chunkers compared (default: a fresh SQLite file per chunker, deleted afterwards)',
    )
    .option(
      '--chunker <id...>',
      `chunkers to compare (default: ${DEFAULT_EVAL_CHUNKERS.join(' ')})`,
    )
    .option('-k, --k <n>', 'results per question', '10')
    .option(
      '--mode <mode>',
      'search mode: lexical, vector or hybrid (these two need --embedder)',
      'lexical',
    )
    .option(
      '--embedder <spec>',
      'embed the stored chunks and each question with this embedder (hash, openai:<model>@<base_url>, transformers:<folder>); the semantic chunker finds its breakpoints with it',
    )
    .option(
      '--split <half>',
      'A (tuning), B (held out) or all: the articles sorted by title, even positions A, odd B',
      'all',
    )
    .option('--json', 'print the report as JSON')
    .addHelpText(
      'after',
      `
Each article's paragraphs are joined in order with a blank line between them
(answer offsets shifted to match) and stored as one plain-text document. Every
question is asked through search over all articles; a hit is a retrieved chunk
of the question's own article whose span covers a gold answer whole.
  hit@n     share of questions with a hit in the first n results (- when n > k)
  MRR       mean of 1/rank of the first hit, 0 when none is within k
  tokens@5  cl100k tokens of the top 5 results, averaged over questions
Blank questions and questions without an answer are skipped, and counted.
--split A or B stores and asks only that half of the articles (sorted by
title: positions 0, 2, 4... are A, 1, 3, 5... are B): search parameters are
chosen on A, and B is reported as held-out data.
A line per chunker, as each one ends, goes to stderr; the report to stdout.
Exit status: 0 report printed, 1 the file is not SQuAD (malformed_json,
no_questions), 2 the file cannot be read, bad options or an unknown chunker,
130 Ctrl-C (interrupted; the temporary stores are removed).

Examples:
  cairn eval squad ../shared/corpora/squad/dev-v1.1.json
  cairn eval squad dev-v1.1.json --chunker default token -k 20 --json > eval.json
  cairn eval squad dev-v1.1.json --chunker default char --split B
  cairn eval squad dev-v1.1.json --chunker default --mode hybrid --embedder hash
  cairn eval squad dev-v1.1.json --chunker semantic --mode hybrid --embedder hash`,
    )
    .action(async (file: string | undefined, flags: EvalSquadFlags) => {
      process.exitCode = await runEvalSquad(file, flags, {
        stdout: process.stdout,
        stderr: process.stderr,
      });
    });
  registerEvalGold(evalCommand);
  registerEvalClaims(evalCommand);
  evalCommand
    .command('ids')
    .argument(
      '<dir>',
      'one history (a folder of revision files, oldest first by name: 2.md before 10.md) or a folder of such folders',
    )
    .description(
      "Replay real edit histories through parse, chunk and chunk IDs, and measure how cairn's IDs survive each edit against content-hash and position IDs",
    )
    .option('--chunker <id>', 'chunker id or alias', 'default')
    .option('--only <name>', 'replay only the history of this name')
    .option('--json', 'print the report as JSON')
    .option(
      '--explain',
      'on stderr, each major pair, each minor pair under 0.80 faithful, and unchanged text that lost its ID',
    )
    .addHelpText(
      'after',
      `
Each history is one document (doc_uid: its folder's name): the first revision
gets fresh IDs, each later one is aligned with the one before (IDs of all
earlier revisions retired), and each edit (old -> new) is measured for three
ID schemes on the same chunks: cairn's IDs, IDs as content hashes (LangChain
indexing: a hash of text and metadata) and IDs as positions (doc#chunk_index).
  major     edits cairn classified major: a new lineage, IDs not carried
  (a) kept  of the old chunks whose text is unchanged, the share that keep
            their ID; for cairn the minimum over minor edits (target 1.00),
            for the baselines the mean over all edits
  (b) resolves  of the old IDs, the share live or redirecting to a live
            chunk, min/median over edits
  (b) faithful  the stricter share that resolve to a chunk holding the old
            content (equal text, or half of either chunk's words from the
            other): a redirect to a neighbour resolves but is not faithful,
            a position now naming other text is live but not faithful
  (c) changed   new chunks whose ID did not name the same content before,
            median (mean) per edit
Each column lists cairn, hash, position in that order. A revision that cannot
be read, parsed or chunked is reported with its code and left out (the next
one pairs with the last that parsed).
Exit status: 0 report printed, 1 a revision failed, an ID set was invalid, or
a history has fewer than 2 revisions (too_few_revisions), 2 a missing folder,
an unknown chunker or history, bad options.

Examples:
  cairn eval ids ../shared/corpora/rustbook-history
  cairn eval ids ../shared/corpora/rustbook-history --only ch10-02-traits --explain
  cairn eval ids my-doc-revisions/ --chunker token --json > ids.json`,
    )
    .action(async (dir: string, flags: EvalIdsFlags) => {
      process.exitCode = await runEvalIds(dir, flags, {
        stdout: process.stdout,
        stderr: process.stderr,
      });
    });
}

/** `cairn eval ids`, apart from commander: returns the exit status. */
export async function runEvalIds(dir: string, flags: EvalIdsFlags, io: CommandIo): Promise<number> {
  try {
    const chunker = defaultChunkerRegistry().get(flags.chunker ?? 'default');
    const histories = await loadEditHistories(
      dir,
      flags.only === undefined ? {} : { only: flags.only },
    );
    const report = await runIdsEval(histories, chunker, {
      ...(flags.explain ? { onPair: (pair: ReplayedPair) => explainPair(pair, io) } : {}),
      // a run over many histories takes seconds: say where it is
      onHistory: (replay, seconds) => {
        if (histories.length < 2) return;
        const k = histories.findIndex((history) => history.name === replay.history) + 1;
        io.stderr.write(
          `[${k}/${histories.length}] ${replay.history}: ${replay.revisions} revisions, ${replay.pairs.length} pairs (${seconds.toFixed(1)} s)\n`,
        );
      },
    });
    io.stdout.write(flags.json ? `${JSON.stringify(report)}\n` : formatIdsEvalTable(report));
    return report.failed.length > 0 || report.invalid.length > 0 ? 1 : 0;
  } catch (error) {
    return reportCommandError(error, io, flags.json);
  }
}

function explainPair(pair: ReplayedPair, io: CommandIo): void {
  const where = `${pair.history}/${pair.revision}`;
  const cairn = pair.schemes.cairn;
  const stats = JSON.stringify(pair.stats);
  if (pair.change === 'major') {
    io.stderr.write(`${where}: major, ${stats}\n`);
    return;
  }
  if (cairn.faithful !== null && cairn.faithful < 0.8) {
    io.stderr.write(`${where}: minor, faithful ${cairn.faithful.toFixed(2)}, ${stats}\n`);
  }
  if (cairn.lost.length > 0) {
    io.stderr.write(`${where} (${pair.change}): ${JSON.stringify(cairn.lost, null, 1)}\n`);
  }
}

/** The command's work, apart from commander: returns the exit status. */
export async function runEvalSquad(
  file: string | undefined,
  flags: EvalSquadFlags,
  io: CommandIo,
): Promise<number> {
  let store: ChunkStore | null = null;
  let tempDir: string | null = null;
  // Ctrl-C stops the run between questions, so that the finally below removes the fresh
  // stores (megabytes each, which an exit without cleanup would leave in the temp folder);
  // a second Ctrl-C quits at once
  const interrupt = new AbortController();
  const onSigint = () => {
    if (!interrupt.signal.aborted) return interrupt.abort();
    if (tempDir !== null) rmSync(tempDir, { recursive: true, force: true });
    process.exit(130);
  };
  process.on('SIGINT', onSigint);
  try {
    if (file === undefined) throw missingSquadFile(flags.chunker ?? []);
    const k = integerFlag('-k', flags.k ?? '10', {
      max: MAX_K,
      expected: `a whole number from 1 to ${MAX_K}`,
      digits_only: true,
    });
    const chunkers = flags.chunker ?? DEFAULT_EVAL_CHUNKERS;
    const split = checkSquadSplit(flags.split);
    // every chunker resolved first: a typo in the last --chunker is a usage error before the
    // others run and write
    const embedder =
      flags.embedder === undefined ? undefined : await resolveEmbedder(flags.embedder);
    // with an embedder, `semantic` is known too (it finds its breakpoints with it)
    const registry =
      embedder === undefined ? defaultChunkerRegistry() : createChunkerRegistry({ embedder });
    for (const chunker of chunkers) registry.get(chunker);
    const articles = loadSquad(parseJsonValue(decodeText(await readSquad(file), file), file), {
      source: file,
    });
    // Without --db, one fresh store per chunker: FTS5's BM25 statistics span every chunk
    // in the index, so chunkers sharing a store would shift each other's scores.
    if (flags.db !== undefined) store = await openStore({ db: flags.db });
    else tempDir = mkdtempSync(join(tmpdir(), 'cairn-eval-'));
    const reports: SquadEvalReport[] = [];
    // each chunker takes seconds to minutes: say where the run is, as eval ids does
    for (const [i, chunker] of chunkers.entries()) {
      if (tempDir !== null) store = await openStore({ db: join(tempDir, `eval-${i}.db`) });
      const started = performance.now();
      const one = await runSquadEval(store!, articles, {
        k,
        chunkers: [chunker],
        signal: interrupt.signal,
        split,
        ...(flags.mode === undefined ? {} : { mode: flags.mode as SearchMode }),
        ...(embedder === undefined ? {} : { embedder }),
      });
      reports.push(one);
      const result = one.results[0]!;
      io.stderr.write(
        `[${i + 1}/${chunkers.length}] ${chunker}: ${result.questions} questions, hit@1 ${result.hit_at_1.toFixed(3)} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`,
      );
      if (tempDir !== null) {
        await store!.close();
        store = null;
      }
    }
    const report: SquadEvalReport = { ...reports[0]!, results: reports.flatMap((r) => r.results) };
    io.stdout.write(flags.json ? `${JSON.stringify(report)}\n` : formatEvalTable(report));
    return 0;
  } catch (error) {
    return reportCommandError(error, io, flags.json);
  } finally {
    process.off('SIGINT', onSigint);
    await store?.close().catch(() => {});
    if (tempDir !== null) rmSync(tempDir, { recursive: true, force: true });
  }
}

function missingSquadFile(chunkers: readonly string[]): CairnError {
  const last = chunkers.at(-1);
  const known = (name: string) => {
    try {
      defaultChunkerRegistry().get(name);
      return true;
    } catch {
      return false;
    }
  };
  if (last !== undefined && !known(last)) {
    return new CairnError(
      'invalid_option',
      `No SQuAD file given, and --chunker took "${last}" as a chunker: it takes every word after it, so give the file first (cairn eval squad <file> --chunker char token) or end the chunkers with --`,
    );
  }
  return new CairnError(
    'invalid_option',
    'No SQuAD file given: cairn eval squad <file>, e.g. ../shared/corpora/squad/dev-v1.1.json',
  );
}

async function readSquad(file: string): Promise<Uint8Array> {
  try {
    return await readFile(file);
  } catch (cause) {
    throw fileError(cause, file);
  }
}
