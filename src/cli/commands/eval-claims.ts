import type { Command } from 'commander';
import { readClaimSet } from '../../eval/claim-set.js';
import { formatClaimsTable } from '../../eval/format-claims-table.js';
import { loadGoldCitations } from '../../eval/load-gold-set.js';
import { runClaimsEval } from '../../eval/run-claims-eval.js';
import { storeGoldDocs } from '../../eval/store-gold-docs.js';
import type { ChunkStore } from '../../store/types.js';
import type { CommandIo } from '../command-io.js';
import { openExistingStore } from '../open-existing-store.js';
import { reportCommandError } from '../report-error.js';
import { goldSetRefused, readGoldFile } from './read-gold-file.js';

export interface EvalClaimsFlags {
  db?: string;
  chunker?: string;
  json?: boolean;
}

const EXAMPLE_LINE = `{"id": "ear-002/negation", "label": "negation", "claim": "BIS will approve such license applications.", "doc": "ecfr/title-15/chapter-VII.md", "gold_quote": "BIS will not approve applications for such licenses ..."}`;

export function registerEvalClaims(evalCommand: Command): void {
  evalCommand
    .command('claims')
    .argument('<claims.jsonl>', 'labelled claims, one JSON object per line (gold/claims.jsonl)')
    .description(
      "Measure the audit's claim check on labelled claims: per label, the share judged as labelled",
    )
    .option('--db <path|url>', 'the store the documents were ingested into (read only)')
    .option('--chunker <id>', 'whose chunks to cite (default: as cairn search picks)')
    .option('--json', 'print the report as JSON')
    .addHelpText(
      'after',
      `
Claims set: one JSON object per line,
  ${EXAMPLE_LINE}
with "item" (claims of one gold item share it) and "question" optional.
Labels: paraphrase and verbatim (true to the quote: should be judged
supported); number, negation, actor, scope, unrelated (should be caught:
contradicted, unsupported or uncited). Every item needs each label but number.

Each claim is audited as an Anthropic answer: one text block, the claim,
citing the chunk that holds the gold quote with a search_result_location
whose cited_text is the quote, as cairn audit --json would read it.

Exit status: 0 report printed, 1 lines refused (invalid_gold_set), 2 the file
or store cannot be read.

Example:
  cairn ingest ../shared/corpora/ecfr/title-15/chapter-VII.md ../shared/corpora/rustbook --db claims.db
  cairn eval claims gold/claims.jsonl --db claims.db`,
    )
    .action(async (file: string, flags: EvalClaimsFlags) => {
      process.exitCode = await runEvalClaims(file, flags, {
        stdout: process.stdout,
        stderr: process.stderr,
      });
    });
}

/** `cairn eval claims`, apart from commander: returns the exit status. */
export async function runEvalClaims(
  file: string,
  flags: EvalClaimsFlags,
  io: CommandIo,
): Promise<number> {
  let store: ChunkStore | null = null;
  try {
    const text = await readGoldFile(file);
    const { claims, issues } = readClaimSet(text);
    if (issues.length > 0) throw goldSetRefused(file, issues);
    store = await openExistingStore(flags.db);
    const quotes = await loadGoldCitations(text, await storeGoldDocs(store));
    if (quotes.issues.length > 0) throw goldSetRefused(file, quotes.issues);
    const report = await runClaimsEval(store, claims, quotes.items, {
      ...(flags.chunker === undefined ? {} : { chunker: flags.chunker }),
    });
    io.stdout.write(flags.json ? `${JSON.stringify(report)}\n` : formatClaimsTable(report, file));
    return 0;
  } catch (error) {
    return reportCommandError(error, io, flags.json);
  } finally {
    await store?.close().catch(() => {});
  }
}
