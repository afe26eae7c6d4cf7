import type { Command } from 'commander';
import type { CorpusValidationResult } from '../../corpus/create-corpus-validator.js';
import { validateCorpusFile } from '../../corpus/validate-corpus-file.js';
import { validateCorpusStream } from '../../corpus/validate-corpus-stream.js';
import { countOf } from '../../count-of.js';
import type { CommandIo } from '../command-io.js';
import { positiveInteger } from '../integer-flag.js';
import { reportCommandError } from '../report-error.js';

export interface ValidateCorpusFlags {
  json?: boolean;
  maxIssues?: string;
  maxLineBytes?: string;
}

/** Hangs `corpus` under a `validate` command: `cairn validate corpus <file.jsonl>`. */
export function registerValidateCorpus(validate: Command): void {
  validate
    .command('corpus')
    .argument('<file>', 'a retrieval-corpus.v1 JSONL file, or - for standard input')
    .description('Check a retrieval-corpus.v1 JSONL corpus against every rule of the contract')
    .option('--json', 'print one JSON report: { file, ok, stats, issues }')
    .option('--max-issues <n>', 'list at most this many issues (all are counted)', '1000')
    .option(
      '--max-line-bytes <n>',
      'report lines longer than this instead of reading them',
      String(64 * 1024 * 1024),
    )
    .addHelpText(
      'after',
      `
The file is streamed: memory holds a 16-byte hash per doc_id, not the corpus.
Each issue names its 1-based line and a stable code (missing_field, invalid_id,
non_canonical_id, duplicate_doc_id, dangling_parent_id, parent_not_container, ...).
Exit status: 0 clean, 1 issues found, 2 the file cannot be read or bad options.

Examples:
  cairn validate corpus corpus.jsonl
  cairn validate corpus corpus.jsonl --json | jq '.stats'
  gunzip -c corpus.jsonl.gz | cairn validate corpus -`,
    )
    .action(async (file: string, flags: ValidateCorpusFlags) => {
      process.exitCode = await runValidateCorpus(file, flags, {
        stdout: process.stdout,
        stderr: process.stderr,
        stdin: process.stdin,
      });
    });
}

/** The command's work, apart from commander: returns the exit status. */
export async function runValidateCorpus(
  file: string,
  flags: ValidateCorpusFlags,
  io: CommandIo,
): Promise<number> {
  try {
    const options = {
      max_issues: positiveInteger('--max-issues', flags.maxIssues ?? '1000'),
      max_line_bytes: positiveInteger(
        '--max-line-bytes',
        flags.maxLineBytes ?? String(64 * 1024 * 1024),
      ),
    };
    const result =
      file === '-'
        ? await validateCorpusStream(io.stdin ?? process.stdin, options)
        : await validateCorpusFile(file, options);
    io.stdout.write(
      flags.json ? `${JSON.stringify(jsonReport(file, result))}\n` : textReport(file, result),
    );
    return result.ok ? 0 : 1;
  } catch (error) {
    return reportCommandError(error, io, flags.json);
  }
}

function jsonReport(file: string, result: CorpusValidationResult): object {
  return { file, ok: result.ok, stats: result.stats, issues: result.ok ? [] : result.issues };
}

function textReport(file: string, result: CorpusValidationResult): string {
  const { stats } = result;
  const size = `${countOf(stats.documents, 'document')} in ${countOf(stats.lines, 'line')}`;
  if (result.ok) return `${file}: ok, ${size}\n`;
  const lines = result.issues.map(
    (issue) => `${file}:${issue.line}: ${issue.code}: ${issue.message}`,
  );
  const counts = Object.entries(stats.issue_counts)
    .map(([code, n]) => `${code} ${n}`)
    .join(', ');
  const shown = stats.truncated ? ` (first ${result.issues.length} listed)` : '';
  lines.push(`${file}: ${countOf(stats.issues, 'issue')}${shown}, ${size}: ${counts}`);
  return `${lines.join('\n')}\n`;
}
