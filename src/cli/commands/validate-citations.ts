import { readFile, stat } from 'node:fs/promises';
import type { Command } from 'commander';
import type { CiteIssue } from '../../cite/cite-issue.js';
import { DEFAULT_MAX_ANSWER_BYTES, parseAnswerJson } from '../../cite/parse-answer-json.js';
import { validateAnswer } from '../../cite/validate-answer.js';
import {
  type CitationValidationOptions,
  findCitationList,
  validateCitations,
} from '../../cite/validate-citations.js';
import { countOf } from '../../count-of.js';
import { CairnError } from '../../errors.js';
import { parseJsonPointer } from '../../parse/json/json-pointer.js';
import { openStore } from '../../store/open-store.js';
import type { ChunkStore } from '../../store/types.js';
import { positiveInteger } from '../integer-flag.js';
import { openExistingStore } from '../open-existing-store.js';
import { reportCommandError } from '../report-error.js';
import type { CommandIo } from './validate-corpus.js';

export interface ValidateCitationsFlags {
  json?: boolean;
  maxBytes?: string;
  maxIssues?: string;
  allowCrossSection?: boolean;
  indexHash?: string;
  analyzer?: string;
  anySnippetId?: boolean;
  ranked?: boolean;
  requireKPos?: boolean;
  allowTrailingText?: boolean;
  db?: string;
  chunker?: string;
  qid?: string;
  traceLog?: string | false;
}

/** One line of the per-citation report. */
interface VerdictRow {
  path: string;
  snippet_id: string | null;
  status: string;
  reason: string | null;
  resolved_snippet_id: string | null;
  detail: string | null;
}

type Kind = 'citations' | 'answer';

const DEFAULT_MAX_ISSUES = 1000;

/** All issues counted; the report lists the first `max_issues`. */
interface IssueStats {
  issues: number;
  truncated: boolean;
  issue_counts: Record<string, number>;
}

const CITATIONS_EXAMPLES = `
The file holds an array of citations, an object with a "citations" array, or
the output of cairn search --json (its "hits" array). One list counts as one
answer segment: every citation must share the first one's section_id unless
--allow-cross-section is given, and a search's hits usually span sections, so
check a search result list with --allow-cross-section (and --ranked for its
order).

Examples:
  cairn validate citations citations.json
  cairn validate citations citations.json --db .cairn/cairn.db --json
  cairn search "ownership rules" -k 5 --json > hits.json
  cairn validate citations hits.json --allow-cross-section --ranked --db .cairn/cairn.db
  cairn search "borrowing" --json | cairn validate citations - --allow-cross-section`;

const ANSWER_EXAMPLES = `
The file holds one JSON object: "citations" and "answer", or "segments", each
with its own "citations" and "text". A segment's citations must share one
section_id unless --allow-cross-section is given.

Examples:
  cairn validate answer answer.json
  cairn validate answer answer.json --db .cairn/cairn.db --qid q-42
  cairn validate answer model-output.txt --allow-trailing-text --json`;

/** Hangs `citations` and `answer` under a `validate` command. */
export function registerValidateCitations(validate: Command): void {
  for (const kind of ['citations', 'answer'] as const) {
    const command = validate
      .command(kind)
      .argument(
        '<file>',
        kind === 'citations'
          ? 'a citation payload JSON file, or - for standard input'
          : "an LLM's answer JSON file, or - for standard input",
      )
      .description(
        kind === 'citations'
          ? 'Check a citation payload (citation-payload.v1) against every rule of seed 001'
          : 'Check an auditable answer (auditable-answer.v1): its JSON, its segments and each citation',
      )
      .option('--json', 'print one JSON report: { file, ok, issues, stats, ... }')
      .option('--max-bytes <n>', 'refuse larger files unread', String(DEFAULT_MAX_ANSWER_BYTES))
      .option(
        '--max-issues <n>',
        'list at most this many issues (all are counted)',
        String(DEFAULT_MAX_ISSUES),
      )
      .option('--allow-cross-section', 'allow citations of several sections in one list or segment')
      .option('--index-hash <hash>', 'the live index hash: citations must name it')
      .option('--analyzer <id>', "the read path's analyzer: citations must name it")
      .option('--any-snippet-id', 'accept any snippet_id, not only cairn chunk IDs')
      .option(
        '--require-k-pos',
        "trace completeness (seed 001 rule 8): each citation must carry the engine's k_pos",
      )
      .option(
        '--db <path|url>',
        'check each citation against this store: SQLite file or postgres:// URL',
      )
      .option('--chunker <id>', 'with --db: resolve snippet IDs among this chunker’s chunks');
    if (kind === 'citations')
      command.option(
        '--ranked',
        'check the tiebreak order (score_norm desc, section_id, snippet_id)',
      );
    else
      command
        .option('--allow-trailing-text', 'accept prose after the JSON object')
        .option('--qid <id>', 'with --db: the query id the segments’ traces carry')
        .option(
          '--trace-log <path>',
          'with --db: trace log file (default: traces.log beside a SQLite database)',
        )
        .option('--no-trace-log', 'with --db: write no trace log line (rag_traces rows still)');
    command
      .addHelpText(
        'after',
        `
Duplicate keys, __proto__/constructor keys and malformed JSON are issues too.
Each issue names a JSON Pointer and a stable code (empty_citations,
missing_<field>, bad_offsets, cross_section_reuse, missing_score, ...).
Past 10,000 citations (or answer segments) the input is one too_many_items
issue, checked no further.
With --db, each citation is checked against the store and gets a status:
verified, redirected (an old chunk whose text the live chunk still holds) or
unverified with a reason (snippet_not_found, offsets_mismatch,
quote_not_found, rev_not_current, document_mismatch, ...); an answer writes
one rag_traces row and trace line per segment.
Exit status: 0 clean (every citation verified or redirected), 1 issues found,
2 the file cannot be read, the store cannot be opened, or bad options.
${kind === 'citations' ? CITATIONS_EXAMPLES : ANSWER_EXAMPLES}`,
      )
      .action(async (file: string, flags: ValidateCitationsFlags) => {
        process.exitCode = await runValidateCitations(kind, file, flags, {
          stdout: process.stdout,
          stderr: process.stderr,
          stdin: process.stdin,
        });
      });
  }
}

/** The command's work, apart from commander: returns the exit status. */
export async function runValidateCitations(
  kind: Kind,
  file: string,
  flags: ValidateCitationsFlags,
  io: CommandIo,
): Promise<number> {
  let store: ChunkStore | null = null;
  try {
    const maxBytes = nonNegativeInteger(
      '--max-bytes',
      flags.maxBytes ?? String(DEFAULT_MAX_ANSWER_BYTES),
    );
    const maxIssues = positiveInteger(
      '--max-issues',
      flags.maxIssues ?? String(DEFAULT_MAX_ISSUES),
    );
    if (flags.db === undefined) {
      // each of these acts on the store alone: without --db it would be dropped without a word
      const storeOnly = [
        ['--chunker', flags.chunker],
        ['--qid', flags.qid],
        ['--trace-log', typeof flags.traceLog === 'string' ? flags.traceLog : undefined],
      ].filter(([, value]) => value !== undefined);
      if (storeOnly.length > 0) {
        throw new CairnError(
          'invalid_option',
          `${storeOnly.map(([flag]) => flag).join(', ')} ${storeOnly.length === 1 ? 'acts' : 'act'} on the store: add --db <path|url>`,
        );
      }
    }
    const bytes =
      file === '-'
        ? await readStdinBounded(io.stdin ?? process.stdin, maxBytes)
        : await readBounded(file, maxBytes);
    const parsed = parseAnswerJson(bytes, {
      max_bytes: maxBytes,
      allow_trailing_text: flags.allowTrailingText === true,
    });
    const options: CitationValidationOptions = {
      allow_cross_section_reuse: flags.allowCrossSection === true,
      snippet_ids: flags.anySnippetId ? 'any' : 'chunk_id',
      ranked: flags.ranked === true,
      require_k_pos: flags.requireKPos === true,
      ...(flags.indexHash === undefined ? {} : { index_hash: flags.indexHash }),
      ...(flags.analyzer === undefined ? {} : { analyzer: flags.analyzer }),
    };
    let issues: CiteIssue[] = [];
    let verdicts: VerdictRow[] | null = null;
    const checked = flags.db !== undefined;
    if (!parsed.ok) issues = parsed.issues;
    else if (checked) {
      // an answer's check is traced, a citation list's is not; neither creates a store
      store =
        kind === 'citations'
          ? await openStore({ db: flags.db, readonly: true })
          : await openExistingStore(flags.db);
      const storeOptions = {
        store,
        ...(flags.chunker === undefined ? {} : { chunker: flags.chunker }),
      };
      if (kind === 'citations') {
        const result = await validateCitations(parsed.value, { ...options, ...storeOptions });
        issues = result.ok ? [] : result.issues;
        verdicts = result.citations.map((v, index) => ({
          path: `${findCitationList(parsed.value).path}/${index}`,
          snippet_id: snippetOf(parsed.value, index),
          status: v.status,
          reason: v.reason,
          resolved_snippet_id: v.resolved_snippet_id,
          detail: v.detail,
        }));
      } else {
        const result = await validateAnswer(parsed.value, {
          ...options,
          ...storeOptions,
          ...(flags.qid === undefined ? {} : { qid: flags.qid }),
          // commander sets true for the default of a --no- option: leave the library's default
          ...(flags.traceLog === undefined || (flags.traceLog as unknown) === true
            ? {}
            : { trace_log: flags.traceLog }),
        });
        issues = result.ok ? [] : result.issues;
        verdicts = result.citations;
      }
    } else if (kind === 'citations') {
      const result = validateCitations(parsed.value, options);
      issues = result.ok ? [] : result.issues;
    } else {
      const result = validateAnswer(parsed.value, options);
      issues = result.ok ? [] : result.issues;
      verdicts = result.citations;
    }
    const ok = issues.length === 0;
    const stats = issueStats(issues, maxIssues);
    const listed = issues.slice(0, maxIssues);
    if (flags.json) {
      const report = {
        file,
        ok,
        issues: listed,
        stats,
        ...(verdicts === null ? {} : { citations: verdicts }),
      };
      io.stdout.write(`${JSON.stringify(report)}\n`);
    } else {
      const value = parsed.ok ? parsed.value : undefined;
      io.stdout.write(
        textReport(file, listed, stats, verdicts, checked, (path) => citedRev(value, path)),
      );
    }
    return ok ? 0 : 1;
  } catch (error) {
    return reportCommandError(error, io, flags.json);
  } finally {
    await store?.close().catch(() => {});
  }
}

function snippetOf(value: unknown, index: number): string | null {
  const item: unknown = findCitationList(value).list?.[index];
  if (typeof item !== 'object' || item === null || !('snippet_id' in item)) return null;
  return typeof item.snippet_id === 'string' ? item.snippet_id : null;
}

/** Standard input's bytes, refused once more than `maxBytes` have come. */
async function readStdinBounded(
  stdin: AsyncIterable<Uint8Array>,
  maxBytes: number,
): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of stdin) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      throw new CairnError(
        'input_too_large',
        `standard input is over the limit of ${maxBytes} bytes (--max-bytes)`,
        { details: { source: '-', max_bytes: maxBytes } },
      );
    }
    parts.push(chunk);
  }
  return Buffer.concat(parts, total);
}

/** The file's bytes, refused unread when larger than `maxBytes`. */
async function readBounded(file: string, maxBytes: number): Promise<Uint8Array> {
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new CairnError('file_unreadable', `${file} is not a file`);
    if (info.size > maxBytes) {
      throw new CairnError(
        'input_too_large',
        `${file} is ${info.size} bytes, over the limit of ${maxBytes}`,
        { details: { source: file, bytes: info.size, max_bytes: maxBytes } },
      );
    }
    return await readFile(file);
  } catch (error) {
    if (error instanceof CairnError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new CairnError(
      code === 'ENOENT' ? 'file_not_found' : 'file_unreadable',
      code === 'ENOENT' ? `${file}: no such file` : `${file} cannot be read: ${code ?? error}`,
      { cause: error, details: { source: file } },
    );
  }
}

function nonNegativeInteger(flag: string, value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0)
    throw new CairnError(
      'invalid_option',
      `${flag} must be a non-negative integer, got "${value}"`,
    );
  return n;
}

/** The `rev` of the citation at `path` in the payload, when it has a string one. */
function citedRev(value: unknown, path: string): string | null {
  let at: unknown = value;
  for (const token of parseJsonPointer(path)) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, token)) return null;
    at = (at as Record<string, unknown>)[token];
  }
  if (typeof at !== 'object' || at === null || !Object.hasOwn(at, 'rev')) return null;
  const rev = (at as { rev: unknown }).rev;
  return typeof rev === 'string' ? rev : null;
}

/** After "redirected": the live ID, or, when the chunk kept its ID, the rev that is no longer current. */
function redirectTarget(v: VerdictRow, revAt: (path: string) => string | null): string {
  if (v.resolved_snippet_id === null) return '';
  if (v.resolved_snippet_id !== v.snippet_id) return ` -> ${v.resolved_snippet_id}`;
  const rev = revAt(v.path);
  return `${rev === null ? ' from an older rev' : ` from rev ${rev.slice(0, 12)}`} (ID and text unchanged)`;
}

function issueStats(issues: readonly CiteIssue[], maxIssues: number): IssueStats {
  const counts: Record<string, number> = {};
  for (const i of issues) counts[i.code] = (counts[i.code] ?? 0) + 1;
  return { issues: issues.length, truncated: issues.length > maxIssues, issue_counts: counts };
}

function textReport(
  file: string,
  issues: readonly CiteIssue[],
  stats: IssueStats,
  verdicts: readonly VerdictRow[] | null,
  checked: boolean,
  revAt: (path: string) => string | null,
): string {
  const lines: string[] = [];
  let cited = '';
  if (verdicts !== null && !checked)
    cited = `, ${countOf(verdicts.length, 'citation')} (not checked against a store)`;
  if (verdicts !== null && checked) {
    for (const v of verdicts) {
      const target = v.status === 'redirected' ? redirectTarget(v, revAt) : '';
      const why = v.reason === null ? '' : ` ${v.reason}`;
      lines.push(`${file}:${v.path}: ${v.status}${why}${target} ${v.snippet_id ?? '-'}`);
    }
    const counts = new Map<string, number>();
    for (const v of verdicts) counts.set(v.status, (counts.get(v.status) ?? 0) + 1);
    const byStatus = [...counts].map(([status, n]) => `${n} ${status}`).join(', ');
    cited = `, ${countOf(verdicts.length, 'citation')}${byStatus === '' ? '' : ` (${byStatus})`}`;
  }
  if (stats.issues === 0) {
    lines.push(`${file}: ok${cited}`);
    return `${lines.join('\n')}\n`;
  }
  // a loop, not push(...): a spread of a million issues overflows the V8 stack
  for (const i of issues)
    lines.push(`${file}:${i.path === '' ? '/' : i.path}: ${i.code}: ${i.message}`);
  const summary = Object.entries(stats.issue_counts)
    .map(([code, n]) => `${code} ${n}`)
    .join(', ');
  const shown = stats.truncated ? ` (first ${issues.length} listed)` : '';
  lines.push(`${file}: ${countOf(stats.issues, 'issue')}${shown}${cited}: ${summary}`);
  return `${lines.join('\n')}\n`;
}
