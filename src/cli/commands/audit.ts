import type { Command } from 'commander';
import { auditAnswer } from '../../cite/audit/audit-answer.js';
import { auditFails, FAIL_ON, parseFailOn } from '../../cite/audit/audit-fails.js';
import type { AuditReport } from '../../cite/audit/types.js';
import { DEFAULT_MAX_ANSWER_BYTES } from '../../cite/parse-answer-json.js';
import { ANSWER_FORMATS, type AnswerFormat } from '../../cite/shapes/types.js';
import { CairnError } from '../../errors.js';
import { readBoundedFile } from '../../load/read-bounded-file.js';
import { readBoundedStdin } from '../../load/read-bounded-stdin.js';
import { openStore } from '../../store/open-store.js';
import type { ChunkStore } from '../../store/types.js';
import { terminalSafe } from '../../terminal-safe.js';
import { auditHtml } from '../audit-html.js';
import type { CommandIo } from '../command-io.js';
import { reportCommandError } from '../report-error.js';
import { writeAtomically } from '../write-atomically.js';

export interface AuditFlags {
  db?: string;
  format?: string;
  request?: string;
  chunker?: string;
  corpus?: boolean;
  json?: boolean;
  html?: string;
  question?: string;
  failOn?: string;
}

export function registerAudit(program: Command): void {
  program
    .command('audit')
    .argument(
      '<answer>',
      "an LLM's response JSON file (any supported shape), or - for standard input",
    )
    .description(
      "Check every citation of an LLM's answer against the stored text, down to the quoted words",
    )
    .option(
      '--db <path|url>',
      'the store: SQLite file or postgres:// URL (default: $CAIRN_DB, else .cairn/cairn.db)',
    )
    .option('--format <format>', `auto, ${ANSWER_FORMATS.join(', ')}`, 'auto')
    .option(
      '--request <file>',
      'the request body the answer replies to: maps document and search-result indices to chunks',
    )
    .option('--chunker <id>', 'resolve chunk IDs among this chunker’s chunks')
    .option(
      '--no-corpus',
      'look for a misplaced quote in the cited document only, not the whole store',
    )
    .option(
      '--question <text>',
      'the question the answer replies to: names and numbers it states need no passage in a claim',
    )
    .option(
      '--fail-on <list>',
      `exit 1 on any of these citation statuses and claim verdicts (${FAIL_ON.join(',')}, the default)`,
    )
    .option('--json', 'print the report as JSON')
    .option('--html <out.html>', 'also write the report as one self-contained HTML page')
    .addHelpText(
      'after',
      `
Shapes (--format auto reads the answer's top level):
  cairn      seed 001's auditable answer {citations, answer}; a citation may carry "quote"
  anthropic  a Messages response: search_result_location citations name the chunk in
             "source"; char_location, page_location and content_block_location name a
             request document (pass --request, or put the chunk ID in document_title)
  openai     a Responses object (url_citation / file_citation annotations whose url,
             title or filename carries the chunk ID), or a chat completion whose content
             is the auditable answer JSON (structured output; a code fence is fine)
  cohere     a v2 chat response: each citation source's document id is the chunk ID
             (or doc:N, mapped through --request)
  gemini     a GenerateContentResponse: groundingChunks[].retrievedContext title or uri
             carries the chunk ID; segment byte offsets are converted to characters

Each citation gets a status: verified (the chunk checks out and the quote is in
it), repaired (an old chunk the live one still holds, or the quote found in
another chunk: resolved_chunk_id says which) or unverified, with a code
(quote_not_found, quote_too_short, offsets_mismatch, snippet_not_found,
rev_not_current, source_unresolved, segment_offsets_mismatch, ...).
A quote is located exact, normalized (whitespace, quote and dash styles, case,
NFKC: the report names which), elided ("..." fragments in order, each at least
4 words, at most 300 characters apart), misplaced, not_found (with the closest
passage) or too_short (under 3 words: never verified). Offsets are code points.

Claims: the answer is also read as claims, one per sentence, each with the
citations whose cited words fall in it, and judged against the passages they
point at (the sentences around a located quote, else the cited chunk), with no
model and no network: supported, contradicted (a number, amount, date or
negation the passage states otherwise), unsupported (a value, name, "always"
or "only", a dropped "if"/"unless" condition, swapped roles, or too few of the
claim's words in the passage: weak_overlap) or uncited (states something and
cites nothing). Each verdict has reasons that quote both texts. Questions,
headings, greetings and lines that only introduce the sources are not claims.
A faithful paraphrase with no checkable fact and few shared words is
unsupported (weak_overlap), never supported by default.

Exit status: 0 every citation verified and every claim supported (or none of
--fail-on found), 1 otherwise (or the answer cannot be read: malformed_json,
unknown_answer_shape), 2 usage errors and unreadable files.

Examples:
  cairn audit answer.json --db .cairn/cairn.db
  cairn audit claude-response.json --request claude-request.json --json
  cairn audit gemini.json --format gemini --html audit.html
  cairn audit answer.json --fail-on contradicted,unverified --question "How often must wages be paid?"
  curl ... | cairn audit - --db regs.db --no-corpus`,
    )
    .action(async (file: string, flags: AuditFlags) => {
      process.exitCode = await runAudit(file, flags, {
        stdout: process.stdout,
        stderr: process.stderr,
        stdin: process.stdin,
      });
    });
}

const isFormat = (value: string): value is AnswerFormat | 'auto' =>
  value === 'auto' || (ANSWER_FORMATS as readonly string[]).includes(value);

async function readText(file: string, io: CommandIo, what: string): Promise<string> {
  const bytes =
    file === '-'
      ? await readBoundedStdin(io.stdin ?? process.stdin, {
          max_bytes: DEFAULT_MAX_ANSWER_BYTES,
          limit_name: 'the answer size limit',
        })
      : await readBoundedFile(file, DEFAULT_MAX_ANSWER_BYTES);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new CairnError('invalid_utf8', `${what} ${file} is not valid UTF-8`, {
      details: { source: file },
    });
  }
}

/** The command's work, apart from commander: returns the exit status. */
export async function runAudit(file: string, flags: AuditFlags, io: CommandIo): Promise<number> {
  let store: ChunkStore | null = null;
  try {
    const format = flags.format ?? 'auto';
    if (!isFormat(format))
      throw new CairnError(
        'invalid_option',
        `--format must be auto or one of ${ANSWER_FORMATS.join(', ')}, got ${JSON.stringify(format)}`,
      );
    if (flags.request === '-' && file === '-')
      throw new CairnError(
        'invalid_option',
        'the answer and --request cannot both be standard input',
      );
    const failOn = flags.failOn === undefined ? FAIL_ON : parseFailOn(flags.failOn);
    const answer = await readText(file, io, 'the answer');
    const request =
      flags.request === undefined ? null : await readText(flags.request, io, 'the request');
    store = await openStore({
      readonly: true,
      ...(flags.db === undefined ? {} : { db: flags.db }),
    });
    const report = await auditAnswer(store, answer, {
      format,
      request,
      ...(flags.chunker === undefined ? {} : { chunker: flags.chunker }),
      ...(flags.corpus === false ? { search_corpus: false } : {}),
      ...(flags.question === undefined ? {} : { question: flags.question }),
    });
    if (flags.html !== undefined) await writeAtomically(flags.html, auditHtml(report, file));
    io.stdout.write(flags.json ? `${JSON.stringify(report)}\n` : textReport(report));
    return auditFails(report, failOn) ? 1 : 0;
  } catch (error) {
    return reportCommandError(error, io, flags.json === true);
  } finally {
    await store?.close().catch(() => {});
  }
}

function textReport(report: AuditReport): string {
  const lines = [`${report.format}: ${report.schema}`];
  for (const c of report.citations) {
    const q = c.quote;
    const quote =
      q === null
        ? 'no quote'
        : `quote ${q.status}${q.normalized.length > 0 ? ` (${q.normalized.join(', ')})` : ''}${q.start === null ? '' : ` [${q.start}, ${q.end})`}`;
    lines.push(
      `${c.index + 1}. ${c.status.padEnd(10)} ${c.code}  ${terminalSafe(c.chunk_id ?? '(no chunk)')}  ${quote}`,
    );
    if (c.detail !== null) lines.push(`   ${terminalSafe(oneLine(c.detail))}`);
    if (c.resolved_chunk_id !== null && c.resolved_chunk_id !== c.chunk_id)
      lines.push(`   -> ${terminalSafe(c.resolved_chunk_id)}`);
    if (q?.closest)
      lines.push(
        `   closest (${q.closest.similarity}): ${terminalSafe(Array.from(oneLine(q.closest.text)).slice(0, 120).join(''))}`,
      );
  }
  const s = report.summary;
  lines.push(
    `${s.citations} citations: ${s.verified} verified, ${s.repaired} repaired, ${s.unverified} unverified`,
  );
  if (report.claims.length > 0) lines.push('', 'Claims:');
  for (const c of report.claims) {
    const cites =
      c.citations.length === 0
        ? 'no citation'
        : `cites ${c.citations.map((i) => i + 1).join(', ')}`;
    lines.push(
      `${c.index + 1}. ${c.support.padEnd(12)} ${cites}  ${terminalSafe(c.text.slice(0, 160))}`,
    );
    for (const r of c.reasons) lines.push(`   ${r.code}: ${terminalSafe(r.message)}`);
  }
  const k = report.claim_summary;
  lines.push(
    `${k.claims} claims: ${k.supported} supported, ${k.contradicted} contradicted, ${k.unsupported} unsupported, ${k.uncited} uncited`,
  );
  return `${lines.join('\n')}\n`;
}

/** A stored text on one report line: line breaks and runs of spaces as one space, so a quoted paragraph reads as words. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
