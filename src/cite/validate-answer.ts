import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import type { RedirectHop } from '../pipeline/resolve-chunk.js';
import { writeTrace } from '../search/write-trace.js';
import type { ChunkStore } from '../store/types.js';
import type { CitationListOptions } from './check-citation-list.js';
import { checkCitationList, DEFAULT_MAX_CITATIONS } from './check-citation-list.js';
import { checkRevLock, type RevLockEntry } from './check-rev-lock.js';
import type { CitationStatus, CitationStatusReason, StoreVerdict } from './citation-status.js';
import {
  type AnswerField,
  type CiteIssue,
  type CiteIssueBody,
  citeIssue,
  describeValue,
  pointerToken,
} from './cite-issue.js';
import { segmentTraceResult } from './segment-trace-result.js';
import { type VerifyCitationsOptions, verifyCitations } from './verify-citations.js';

export type { CitationStatus, CitationStatusReason } from './citation-status.js';

export interface CitationVerdict {
  segment: number;
  /** Index within the segment's citations. */
  index: number;
  /** JSON Pointer of the citation in the answer. */
  path: string;
  snippet_id: string | null;
  status: CitationStatus;
  /** Why the status is not `verified`; null when it is. */
  reason: CitationStatusReason | null;
  /** What the store check found, for messages; null without a store or when all held. */
  detail: string | null;
  /** The live chunk ID the snippet resolves to (itself when verified); null otherwise. */
  resolved_snippet_id: string | null;
  /** Redirects followed from `snippet_id` to `resolved_snippet_id`. */
  hops: RedirectHop[];
}

export interface AnswerValidationOptions extends CitationListOptions {
  /** The current rev per document: the revision lock's reference across all segments. */
  revs?: Readonly<Record<string, string>>;
}

/** With a store, every citation is checked against it and each segment writes a trace. */
export interface StoreAnswerValidationOptions
  extends AnswerValidationOptions,
    VerifyCitationsOptions {
  store: ChunkStore;
  /** The query id every segment's trace carries, with its `seg` (default: a random `a-` id). */
  qid?: string;
  /**
   * Where the trace lines go: a file path, or false for none. Default, as
   * search: `traces.log` beside a SQLite database file; none for PostgreSQL.
   */
  trace_log?: string | false;
}

export type AnswerValidationResult =
  | { ok: true; segments: number; citations: CitationVerdict[] }
  | { ok: false; issues: CiteIssue[]; segments: number; citations: CitationVerdict[] };

/** With a store, also the traces written: their query ids, one per segment that has citations. */
export type StoreAnswerValidationResult = AnswerValidationResult & {
  /** The answer's query id (`options.qid`, or the random one drawn). */
  qid: string;
  /** The `rag_traces` qids written: `[qid]` (one row per segment with citations, `seg` 1, 2, ...), or none. */
  trace_qids: string[];
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const own = (object: Record<string, unknown>, key: string): unknown =>
  Object.hasOwn(object, key) ? object[key] : undefined;

interface Segment {
  value: Record<string, unknown>;
  path: string;
  text_field: 'answer' | 'text';
  /** Not an object: reported once, no further rules. */
  skip: boolean;
}

/** What the store-free rules found, and the citation lists the store checks take. */
interface Inspection {
  issues: CiteIssue[];
  verdicts: CitationVerdict[];
  segments: number;
  lists: { segment: number; citations: readonly unknown[] }[];
  /** The answer's ΔS and λ, where it carries valid ones: its traces record them. */
  measured: { deltaS?: number; lambda?: string };
}

/**
 * Checks an LLM's auditable answer (seed 001, "Auditable answer format"):
 * either the seed's `{citations, answer, ΔS, λ}` (one segment), or
 * `{segments: [{citations, text}], ΔS, λ}`. Each segment cites before it
 * explains (the `citations` key precedes the text), and its citations pass
 * `validateCitations` with the prompt contract's five required fields
 * (`profile: 'answer'` unless given) and one section per segment; the
 * revision lock spans all segments.
 *
 * With `store`, the result is a promise: each citation is also checked
 * against the store (`verifyCitations`: status `verified`, `redirected` or
 * `unverified` with its reason; each unverified one is a
 * `citation_unverified` issue), and each segment writes one `rag_traces`
 * row and trace log line as a search does. Never throws, save what the
 * store throws.
 */
export function validateAnswer(
  answer: unknown,
  options: StoreAnswerValidationOptions,
): Promise<StoreAnswerValidationResult>;
export function validateAnswer(
  answer: unknown,
  options?: AnswerValidationOptions,
): AnswerValidationResult;
export function validateAnswer(
  answer: unknown,
  options: AnswerValidationOptions | StoreAnswerValidationOptions = {},
): AnswerValidationResult | Promise<AnswerValidationResult> {
  const inspection = inspectAnswer(answer, options);
  if ('store' in options && options.store !== undefined)
    return verifyAnswer(inspection, options as StoreAnswerValidationOptions);
  return finish(inspection);
}

function finish(inspection: Inspection): AnswerValidationResult {
  const { issues, verdicts, segments } = inspection;
  const broken = new Set(
    issues.filter((i) => i.code !== 'citation_unverified').map((i) => `${i.segment}/${i.index}`),
  );
  for (const v of verdicts) {
    // a store finding says more than "see the payload issues"; a payload issue spoils a store pass
    if (!broken.has(`${v.segment}/${v.index}`)) continue;
    if (v.status !== 'unverified' || v.reason === 'not_checked_against_store') {
      v.status = 'unverified';
      v.reason = 'invalid_citation';
    }
  }
  return issues.length === 0
    ? { ok: true, segments, citations: verdicts }
    : { ok: false, issues, segments, citations: verdicts };
}

async function verifyAnswer(
  inspection: Inspection,
  options: StoreAnswerValidationOptions,
): Promise<StoreAnswerValidationResult> {
  const { store } = options;
  const qid = options.qid ?? `a-${randomBytes(6).toString('hex')}`;
  const logPath = traceLogPath(store, options.trace_log);
  const bySegment = new Map<number, CitationVerdict[]>();
  for (const v of inspection.verdicts) {
    const list = bySegment.get(v.segment) ?? [];
    list.push(v);
    bySegment.set(v.segment, list);
  }
  let traced = false;
  for (const { segment, citations } of inspection.lists) {
    const found = await verifyCitations(store, citations, options);
    const verdicts = bySegment.get(segment) ?? [];
    for (const [index, v] of verdicts.entries()) {
      const storeVerdict = found[index]!;
      applyStoreVerdict(v, storeVerdict);
      if (storeVerdict.status === 'unverified' && storeVerdict.reason !== null) {
        inspection.issues.push(
          citeIssue(
            {
              code: 'citation_unverified',
              status: storeVerdict.status,
              reason: storeVerdict.reason,
              detail: storeVerdict.detail ?? storeVerdict.reason,
            },
            { path: v.path, segment, index, snippet_id: v.snippet_id },
          ),
        );
      }
    }
    // a store opened read-only is checked against, not written to
    if (store.read_only) continue;
    // seed 001: one line per question and segment, under the question's qid
    await writeTrace(
      store,
      segmentTraceResult({ qid, citations, verdicts: found, trace_log: logPath }),
      {
        k: citations.length,
        log_path: logPath,
        fields: { seg: segment + 1, ...inspection.measured },
      },
    );
    traced = true;
  }
  inspection.issues.sort(
    (a, b) => (a.segment ?? -1) - (b.segment ?? -1) || (a.index ?? -1) - (b.index ?? -1),
  );
  return { ...finish(inspection), qid, trace_qids: traced ? [qid] : [] };
}

function applyStoreVerdict(v: CitationVerdict, found: StoreVerdict): void {
  v.status = found.status;
  v.reason = found.reason;
  v.detail = found.detail;
  v.resolved_snippet_id = found.resolved_snippet_id;
  v.hops = found.hops;
}

/** The trace file: the option, else `traces.log` beside a SQLite file (as search does), else none. */
function traceLogPath(store: ChunkStore, option: string | false | undefined): string | null {
  if (option === false) return null;
  if (option !== undefined) return option;
  if (store.dialect === 'sqlite' && store.location !== ':memory:')
    return join(dirname(store.location), 'traces.log');
  return null;
}

function inspectAnswer(answer: unknown, options: AnswerValidationOptions): Inspection {
  const issues: CiteIssue[] = [];
  const verdicts: CitationVerdict[] = [];
  const lists: Inspection['lists'] = [];
  const report = (body: CiteIssueBody, path: string, segment: number | null = null): void => {
    issues.push(citeIssue(body, { path, segment, index: null, snippet_id: null }));
  };
  const measured: Inspection['measured'] = {};
  const result = (segments: number): Inspection => ({
    issues,
    verdicts,
    segments,
    lists,
    measured,
  });
  const expected = 'an object {citations, answer} or {segments: [{citations, text}]}';

  if (!isObject(answer)) {
    report({ code: 'not_an_answer', expected, received: describeValue(answer) }, '');
    return result(0);
  }
  const error = own(answer, 'error');
  const hasSegments = own(answer, 'segments') !== undefined;
  const hasSingle = own(answer, 'citations') !== undefined || own(answer, 'answer') !== undefined;
  if (typeof error === 'string' && !hasSegments && !hasSingle) {
    const fix = own(answer, 'fix');
    report(
      { code: 'model_error', received: error, fix: typeof fix === 'string' ? fix : null },
      pointerToken('error'),
    );
    return result(0);
  }
  if (hasSegments && hasSingle) {
    report({ code: 'not_an_answer', expected, received: 'both segments and citations/answer' }, '');
    return result(0);
  }

  const deltaS = checkNumberField(answer, 'ΔS', report);
  if (deltaS !== undefined) measured.deltaS = deltaS;
  const lambda = own(answer, 'λ');
  if (typeof lambda === 'string' && lambda.length > 0) measured.lambda = lambda;
  else if (lambda !== undefined) {
    report(
      {
        code: 'wrong_type',
        field: 'λ',
        expected: 'a non-empty string',
        received: describeValue(lambda),
      },
      pointerToken('λ'),
    );
  }

  const limit = options.max_citations ?? DEFAULT_MAX_CITATIONS;
  const segments: Segment[] = [];
  if (hasSegments) {
    const list = own(answer, 'segments');
    const path = pointerToken('segments');
    if (!Array.isArray(list)) {
      report(
        {
          code: 'wrong_type',
          field: 'segments',
          expected: 'an array',
          received: describeValue(list),
        },
        path,
      );
      return result(0);
    }
    if (list.length > limit) {
      report({ code: 'too_many_items', items: 'segments', count: list.length, limit }, path);
      return result(0);
    }
    if (list.length === 0) report({ code: 'empty_segments' }, path);
    for (const [i, segment] of list.entries()) {
      if (isObject(segment))
        segments.push({
          value: segment,
          path: `${path}${pointerToken(i)}`,
          text_field: 'text',
          skip: false,
        });
      else {
        report(
          {
            code: 'not_an_answer',
            expected: 'a segment object {citations, text}',
            received: describeValue(segment),
          },
          `${path}${pointerToken(i)}`,
          i,
        );
        segments.push({ value: {}, path: '', text_field: 'text', skip: true });
      }
    }
  } else segments.push({ value: answer, path: '', text_field: 'answer', skip: false });

  let cited = 0;
  for (const segment of segments) {
    const citations = segment.skip ? undefined : own(segment.value, 'citations');
    if (Array.isArray(citations)) cited += citations.length;
  }
  if (cited > limit) {
    report({ code: 'too_many_items', items: 'citations', count: cited, limit }, '');
    return result(segments.length);
  }

  const revEntries: (RevLockEntry & {
    segment: number;
    path: string;
    snippet_id: string | null;
  })[] = [];
  const listOptions: CitationListOptions = { ...options, profile: options.profile ?? 'answer' };
  for (const [s, segment] of segments.entries()) {
    const { value, path, text_field } = segment;
    if (segment.skip) continue;
    const text = own(value, text_field);
    // an answer of whitespace says nothing: as missing as no answer at all
    if (text === undefined || text === null || (typeof text === 'string' && text.trim() === ''))
      report(
        { code: 'missing_answer', field: text_field },
        `${path}${pointerToken(text_field)}`,
        s,
      );
    else if (typeof text !== 'string') {
      report(
        {
          code: 'wrong_type',
          field: text_field,
          expected: 'a string',
          received: describeValue(text),
        },
        `${path}${pointerToken(text_field)}`,
        s,
      );
    }
    const keys = Object.keys(value);
    const citesAt = keys.indexOf('citations');
    const textAt = keys.indexOf(text_field);
    if (citesAt > textAt && textAt >= 0)
      report(
        { code: 'cite_after_answer', field: text_field },
        `${path}${pointerToken('citations')}`,
        s,
      );

    const citations = own(value, 'citations');
    const citationsPath = `${path}${pointerToken('citations')}`;
    if (citations !== undefined && citations !== null && !Array.isArray(citations)) {
      report(
        {
          code: 'wrong_type',
          field: 'citations',
          expected: 'an array',
          received: describeValue(citations),
        },
        citationsPath,
        s,
      );
      continue;
    }
    const list: readonly unknown[] = Array.isArray(citations) ? citations : [];
    const checked = checkCitationList(list, listOptions, { path: citationsPath, segment: s });
    lists.push({ segment: s, citations: list });
    // a loop, not push(...): a spread of over ~120,000 issues overflows the V8 stack
    for (const issue of checked.issues) issues.push(issue);
    for (const [index, c] of checked.citations.entries()) {
      const citationPath = `${citationsPath}${pointerToken(index)}`;
      verdicts.push({
        segment: s,
        index,
        path: citationPath,
        snippet_id: c.snippet_id,
        status: 'unverified',
        reason: 'not_checked_against_store',
        detail: null,
        resolved_snippet_id: null,
        hops: [],
      });
      revEntries.push({
        index,
        doc: c.doc,
        rev: c.rev,
        segment: s,
        path: citationPath,
        snippet_id: c.snippet_id,
      });
    }
  }

  for (const { at, issue } of checkRevLock(revEntries, options.revs)) {
    const entry = revEntries[at]!;
    issues.push(
      citeIssue(issue, {
        path: `${entry.path}${pointerToken('rev')}`,
        segment: entry.segment,
        index: entry.index,
        snippet_id: entry.snippet_id,
      }),
    );
  }
  return result(segments.length);
}

/** The field's number when it is one in [0, 1]; reported when it is something else, undefined when absent. */
function checkNumberField(
  answer: Record<string, unknown>,
  field: AnswerField,
  report: (body: CiteIssueBody, path: string) => void,
): number | undefined {
  const v = own(answer, field);
  if (v === undefined) return undefined;
  if (typeof v === 'number' && v >= 0 && v <= 1) return v;
  report(
    { code: 'wrong_type', field, expected: 'a number in [0, 1]', received: describeValue(v) },
    pointerToken(field),
  );
  return undefined;
}
