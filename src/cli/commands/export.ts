import { resolve } from 'node:path';
import { type Command, Option } from 'commander';
import type { RetrievalCorpusDocument } from '../../corpus/corpus-contract.js';
import { type EarCorpusExport, exportEarCorpus } from '../../corpus/export-ear-corpus.js';
import { formatCorpusJsonl } from '../../corpus/format-corpus-line.js';
import { CairnError } from '../../errors.js';
import type { CommandIo } from '../command-io.js';
import { integerFlag } from '../integer-flag.js';
import { reportCommandError } from '../report-error.js';
import { writeAtomically } from '../write-atomically.js';

export interface ExportCorpusFlags {
  profile?: string;
  out?: string;
  snapshotDate?: string;
  maxTokens?: string;
  json?: boolean;
}

/** Hangs `corpus` under an `export` command: `cairn export corpus --profile ear <input> --out corpus.jsonl`. */
export function registerExportCorpus(exportCommand: Command): void {
  exportCommand
    .command('corpus')
    .argument('<input>', 'an eCFR Markdown file, or a folder of them')
    .description('Export a retrieval-corpus.v1 JSONL corpus (EAR profile: 15 CFR parts 730 to 774)')
    .addOption(new Option('--profile <name>', 'the corpus profile').choices(['ear']).default('ear'))
    .option('--out <file>', 'write the corpus here (default: standard output)')
    .option(
      '--snapshot-date <YYYY-MM-DD>',
      "the snapshot's date, for files whose front matter states none",
    )
    .option(
      '--max-tokens <n>',
      'split a document over this many tokens into #p0001... chunks',
      '1024',
    )
    .option('--json', 'print the summary as JSON on standard error')
    .addHelpText(
      'after',
      `
One "section" document per § in parts 730 to 774, a "subsection" per (a), (b)...,
a "paragraph" per deeper designator, each with parent_id to its container. Each
text is the node's own words (a section: its title line, its text before (a) and
its source notes). source_ref is ecfr-<date>-sha256:<hex of the source file>, so
the same file gives byte-identical output. Export from the store is not there yet.

Examples:
  cairn export corpus --profile ear ../shared/corpora/ecfr/title-15/chapter-VII.md \\
    --snapshot-date 2025-12-31 --out ear.jsonl
  cairn export corpus ../shared/corpora/ecfr/title-15 --out ear.jsonl && cairn validate corpus ear.jsonl`,
    )
    .action(async (input: string, flags: ExportCorpusFlags) => {
      process.exitCode = await runExportCorpus(input, flags, {
        stdout: process.stdout,
        stderr: process.stderr,
      });
    });
}

/** The command's work, apart from commander: returns the exit status. */
export async function runExportCorpus(
  input: string,
  flags: ExportCorpusFlags,
  io: CommandIo,
): Promise<number> {
  try {
    if ((flags.profile ?? 'ear') !== 'ear') {
      throw new CairnError('invalid_option', `Unknown profile "${flags.profile}"; known: ear`);
    }
    const maxTokens = integerFlag('--max-tokens', flags.maxTokens ?? '1024', {
      min: 16,
      max: Number.MAX_SAFE_INTEGER,
      expected: 'an integer of at least 16',
    });
    const result = await exportEarCorpus(input, {
      max_tokens: maxTokens,
      ...(flags.snapshotDate === undefined ? {} : { snapshot_date: flags.snapshotDate }),
    });
    if (flags.out !== undefined) refuseInputAsOut(flags.out, result);
    const jsonl = formatCorpusJsonl(result.documents);
    if (flags.out === undefined) io.stdout.write(jsonl);
    else await writeAtomically(flags.out, jsonl);
    io.stderr.write(
      flags.json
        ? `${JSON.stringify(summary(result, flags.out))}\n`
        : textSummary(result, flags.out),
    );
    return 0;
  } catch (error) {
    return reportCommandError(error, io, flags.json);
  }
}

/** `--out chapter.md` would replace the source it was read from with the corpus. */
function refuseInputAsOut(out: string, result: EarCorpusExport): void {
  const target = resolve(out);
  const inputs = [...result.files.map((f) => f.path), ...result.skipped.map((s) => s.path)];
  if (inputs.some((path) => resolve(path) === target)) {
    throw new CairnError(
      'invalid_option',
      `--out ${out} is an input file: the corpus would replace it; name another file, such as ear.jsonl`,
      { details: { source: out } },
    );
  }
}

function countKinds(docs: readonly RetrievalCorpusDocument[]): Record<string, number> {
  const counts: Record<string, number> = { section: 0, subsection: 0, paragraph: 0, chunked: 0 };
  for (const d of docs) {
    counts[d.chunk_kind] = (counts[d.chunk_kind] ?? 0) + 1;
    if (d.doc_id.includes('#')) counts.chunked = (counts.chunked ?? 0) + 1;
  }
  return counts;
}

function summary(result: EarCorpusExport, out: string | undefined): object {
  return {
    out: out ?? null,
    documents: result.documents.length,
    kinds: countKinds(result.documents),
    files: result.files,
    skipped: result.skipped,
  };
}

function textSummary(result: EarCorpusExport, out: string | undefined): string {
  const k = countKinds(result.documents);
  const lines = [
    `cairn: ${result.documents.length} documents (${k.section} section, ${k.subsection} subsection, ${k.paragraph} paragraph; ${k.chunked} of them chunks) ${out === undefined ? 'written' : `to ${out}`}`,
  ];
  for (const f of result.files) {
    lines.push(`  ${f.path}: ${f.documents} documents, ${f.source_ref}`);
    if (f.source_ref.startsWith('ecfr-sha256:')) {
      lines.push(
        '    (no snapshot date in the front matter: pass --snapshot-date YYYY-MM-DD to name it)',
      );
    }
  }
  for (const s of result.skipped) lines.push(`  skipped ${s.path}: ${s.reason}`);
  return `${lines.join('\n')}\n`;
}
