import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import type { CiteIssue } from '../../cite/cite-issue.js';
import { findCitationList } from '../../cite/find-citation-list.js';
import { DEFAULT_MAX_ANSWER_BYTES, parseAnswerJson } from '../../cite/parse-answer-json.js';
import { traceAnswer } from '../../cite/trace-answer.js';
import type { CitationValidationOptions } from '../../cite/types.js';
import { validateAnswer } from '../../cite/validate-answer.js';
import { validateCitations } from '../../cite/validate-citations.js';
import { verifyAnswer } from '../../cite/verify-answer.js';
import { verifyCitations } from '../../cite/verify-citations.js';
import { CairnError } from '../../errors.js';
import { readBoundedFile } from '../../load/read-bounded-file.js';
import { readBoundedStdin } from '../../load/read-bounded-stdin.js';
import { DEFAULT_DB_PATH, openStore } from '../../store/open-store.js';
import type { ChunkStore } from '../../store/types.js';
import type { CommandIo } from '../command-io.js';
import { nonNegativeInteger, positiveInteger } from '../integer-flag.js';
import { openExistingStore } from '../open-existing-store.js';
import { reportCommandError } from '../report-error.js';
import { issueStats, textReport, type VerdictRow } from './validate-citations-report.js';

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
  /** A store (--db), none (--no-db), or unset: CAIRN_DB, else .cairn/cairn.db when it exists. */
  db?: string | false;
  chunker?: string;
  qid?: string;
  traceLog?: string | false;
}

type Kind = 'citations' | 'answer';

const DEFAULT_MAX_ISSUES = 1000;

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
        'check each citation against this store: SQLite file or postgres:// URL (default: $CAIRN_DB, else .cairn/cairn.db when it exists)',
      )
      .option('--no-db', 'check the payload rules alone, against no store')
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
An answer wrapped in a Markdown code fence (\`\`\`json ... \`\`\`) is read inside it.
With a store (--db, else $CAIRN_DB, else .cairn/cairn.db when it exists;
--no-db for none), each citation is checked against it and gets a status:
verified, redirected (an old chunk whose text the live chunk still holds) or
unverified with a reason (snippet_not_found, offsets_mismatch,
quote_not_found, rev_not_current, document_mismatch, ...). A citation's
index_hash, analyzer and embed_model are checked against the store's index
manifests: the live index verifies, an index recorded earlier is a
stale_index warning (with its date), one the store never had is
mismatch_index_hash (analyzer_mismatch, embed_model_mismatch). An answer
checked against a store writes one rag_traces row and trace line per segment.
Exit status: 0 clean (every citation verified or redirected), 1 issues found,
2 the file cannot be read, the store cannot be opened, or bad options.
${kind === 'citations' ? CITATIONS_EXAMPLES : ANSWER_EXAMPLES}`,
      )
      .action(async (file: string, flags: ValidateCitationsFlags) => {
        const db = storeToCheck(flags.db);
        process.exitCode = await runValidateCitations(
          kind,
          file,
          { ...flags, db },
          {
            stdout: process.stdout,
            stderr: process.stderr,
            stdin: process.stdin,
          },
        );
      });
  }
}

/**
 * The command's work, apart from commander: returns the exit status. It
 * checks against the store `flags.db` names, and none without one: the
 * command finds the default store (`storeToCheck`) before it calls this.
 */
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
    const db = typeof flags.db === 'string' ? flags.db : undefined;
    if (db === undefined) rejectStoreFlags(flags);
    const bytes =
      file === '-'
        ? await readBoundedStdin(io.stdin ?? process.stdin, {
            max_bytes: maxBytes,
            limit_name: '--max-bytes',
          })
        : await readBoundedFile(file, maxBytes);
    const parsed = parseAnswerJson(bytes, {
      max_bytes: maxBytes,
      allow_trailing_text: flags.allowTrailingText === true,
    });
    const checked = db !== undefined;
    let findings: Findings = { issues: parsed.ok ? [] : parsed.issues, verdicts: null };
    if (parsed.ok && db !== undefined) {
      // an answer's check is traced, a citation list's is not; neither creates a store
      store =
        kind === 'citations'
          ? await openStore({ db, readonly: true })
          : await openExistingStore(db);
      findings =
        kind === 'citations'
          ? await verifyList(store, parsed.value, flags)
          : await verifyAndTrace(store, parsed.value, flags);
    } else if (parsed.ok) findings = validate(kind, parsed.value, flags);
    const { issues, verdicts } = findings;
    const warnings = verdicts === null ? [] : verdictWarnings(verdicts);
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
        ...(checked ? { store: storeLabel(db), warnings } : {}),
      };
      io.stdout.write(`${JSON.stringify(report)}\n`);
    } else {
      const value = parsed.ok ? parsed.value : undefined;
      io.stdout.write(textReport({ file, issues: listed, stats, verdicts, checked, value }));
    }
    return ok ? 0 : 1;
  } catch (error) {
    return reportCommandError(error, io, flags.json);
  } finally {
    await store?.close().catch(() => {});
  }
}

/**
 * The store a check reads: `--db`; none with `--no-db`; else `CAIRN_DB`,
 * else `.cairn/cairn.db` when it exists, as every command that reads a
 * store finds it; else none, and the payload rules run alone.
 */
function storeToCheck(db: string | false | undefined): string | undefined {
  if (db === false) return undefined;
  if (typeof db === 'string') return db;
  const env = process.env.CAIRN_DB;
  if (env !== undefined && env !== '') return env;
  return existsSync(DEFAULT_DB_PATH) ? DEFAULT_DB_PATH : undefined;
}

/** The store as the report names it: a URL without its password. */
function storeLabel(db: string | undefined): string | null {
  if (db === undefined) return null;
  if (!/^postgres(ql)?:\/\//i.test(db) || !URL.canParse(db)) return db;
  const url = new URL(db);
  url.password = '';
  return url.toString();
}

/** Each citation's warnings, with where it is. */
function verdictWarnings(verdicts: readonly VerdictRow[]) {
  return verdicts.flatMap((v) =>
    (v.warnings ?? []).map((w) => ({ ...w, path: v.path, snippet_id: v.snippet_id })),
  );
}

/** What the checks found: the issues, and a verdict per citation (none for a list without a store). */
interface Findings {
  issues: CiteIssue[];
  verdicts: VerdictRow[] | null;
}

/** Each of these acts on the store alone: without --db it would be dropped without a word. */
function rejectStoreFlags(flags: ValidateCitationsFlags): void {
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

function checkOptions(flags: ValidateCitationsFlags): CitationValidationOptions {
  return {
    allow_cross_section_reuse: flags.allowCrossSection === true,
    snippet_ids: flags.anySnippetId ? 'any' : 'chunk_id',
    ranked: flags.ranked === true,
    require_k_pos: flags.requireKPos === true,
    ...(flags.indexHash === undefined ? {} : { index_hash: flags.indexHash }),
    ...(flags.analyzer === undefined ? {} : { analyzer: flags.analyzer }),
  };
}

function validate(kind: Kind, value: unknown, flags: ValidateCitationsFlags): Findings {
  if (kind === 'citations') {
    const result = validateCitations(value, checkOptions(flags));
    return { issues: result.ok ? [] : result.issues, verdicts: null };
  }
  const result = validateAnswer(value, checkOptions(flags));
  return { issues: result.ok ? [] : result.issues, verdicts: result.citations };
}

async function verifyList(
  store: ChunkStore,
  value: unknown,
  flags: ValidateCitationsFlags,
): Promise<Findings> {
  const result = await verifyCitations(store, value, {
    ...checkOptions(flags),
    ...(flags.chunker === undefined ? {} : { chunker: flags.chunker }),
  });
  const { list, path } = findCitationList(value);
  return {
    issues: result.ok ? [] : result.issues,
    verdicts: result.citations.map((v, index) => ({
      path: `${path}/${index}`,
      snippet_id: snippetOf(list?.[index]),
      status: v.status,
      reason: v.reason,
      resolved_snippet_id: v.resolved_snippet_id,
      detail: v.detail,
      warnings: v.warnings,
    })),
  };
}

async function verifyAndTrace(
  store: ChunkStore,
  value: unknown,
  flags: ValidateCitationsFlags,
): Promise<Findings> {
  const result = await verifyAnswer(store, value, {
    ...checkOptions(flags),
    ...(flags.chunker === undefined ? {} : { chunker: flags.chunker }),
  });
  await traceAnswer(store, result, {
    ...(flags.qid === undefined ? {} : { qid: flags.qid }),
    // commander sets true for the default of a --no- option: leave the library's default
    ...(flags.traceLog === undefined || (flags.traceLog as unknown) === true
      ? {}
      : { trace_log: flags.traceLog }),
  });
  return { issues: result.ok ? [] : result.issues, verdicts: result.citations };
}

function snippetOf(item: unknown): string | null {
  if (typeof item !== 'object' || item === null || !('snippet_id' in item)) return null;
  return typeof item.snippet_id === 'string' ? item.snippet_id : null;
}
