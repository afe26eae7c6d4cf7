import type { CitationListOptions } from './check-citation-list.js';
import { checkCitationList } from './check-citation-list.js';
import { checkRevLock, type RevLockEntry } from './check-rev-lock.js';
import {
  type AnswerField,
  type CiteIssue,
  type CiteIssueBody,
  citeIssue,
  describeValue,
  pointerToken,
} from './cite-issue.js';

/**
 * What is known of one cited snippet. Without a store every citation is
 * `unverified`; a store-backed check sets `verified` (the snippet resolves,
 * its offsets hold the stored text, its rev is current), `redirected` (it
 * resolves through redirects to `resolved_snippet_id`), or keeps
 * `unverified` with the reason that failed.
 */
export type CitationStatus = 'verified' | 'redirected' | 'unverified';

export type CitationStatusReason =
  /** No store was given: nothing beyond the payload's own rules was checked. */
  | 'not_checked_against_store'
  /** The citation broke a payload rule (see the issues at its segment and index). */
  | 'invalid_citation'
  /** Reserved for the store-backed checks. */
  | 'snippet_not_found'
  | 'snippet_deleted'
  | 'offsets_mismatch'
  | 'quote_not_found'
  | 'rev_not_current';

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
  /** The live chunk ID a redirected snippet resolves to; null otherwise. */
  resolved_snippet_id: string | null;
}

export interface AnswerValidationOptions extends CitationListOptions {
  /** The current rev per document: the revision lock's reference across all segments. */
  revs?: Readonly<Record<string, string>>;
}

export type AnswerValidationResult =
  | { ok: true; segments: number; citations: CitationVerdict[] }
  | { ok: false; issues: CiteIssue[]; segments: number; citations: CitationVerdict[] };

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

/**
 * Checks an LLM's auditable answer (seed 001, "Auditable answer format"):
 * either the seed's `{citations, answer, ΔS, λ}` (one segment), or
 * `{segments: [{citations, text}], ΔS, λ}`. Each segment cites before it
 * explains (the `citations` key precedes the text), and its citations pass
 * `validateCitations` with the prompt contract's five required fields
 * (`profile: 'answer'` unless given) and one section per segment; the
 * revision lock spans all segments. Never throws.
 */
export function validateAnswer(
  answer: unknown,
  options: AnswerValidationOptions = {},
): AnswerValidationResult {
  const issues: CiteIssue[] = [];
  const verdicts: CitationVerdict[] = [];
  const report = (body: CiteIssueBody, path: string, segment: number | null = null): void => {
    issues.push(citeIssue(body, { path, segment, index: null, snippet_id: null }));
  };
  const result = (segments: number): AnswerValidationResult => {
    const broken = new Set(issues.map((i) => `${i.segment}/${i.index}`));
    for (const v of verdicts) {
      if (broken.has(`${v.segment}/${v.index}`)) v.reason = 'invalid_citation';
    }
    return issues.length === 0
      ? { ok: true, segments, citations: verdicts }
      : { ok: false, issues, segments, citations: verdicts };
  };
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

  checkNumberField(answer, 'ΔS', report);
  const lambda = own(answer, 'λ');
  if (lambda !== undefined && !(typeof lambda === 'string' && lambda.length > 0)) {
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
    if (text === undefined || text === null || text === '')
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
    issues.push(...checked.issues);
    for (const [index, c] of checked.citations.entries()) {
      const citationPath = `${citationsPath}${pointerToken(index)}`;
      verdicts.push({
        segment: s,
        index,
        path: citationPath,
        snippet_id: c.snippet_id,
        status: 'unverified',
        reason: 'not_checked_against_store',
        resolved_snippet_id: null,
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

function checkNumberField(
  answer: Record<string, unknown>,
  field: AnswerField,
  report: (body: CiteIssueBody, path: string) => void,
): void {
  const v = own(answer, field);
  if (v === undefined) return;
  if (typeof v !== 'number' || !(v >= 0 && v <= 1)) {
    report(
      { code: 'wrong_type', field, expected: 'a number in [0, 1]', received: describeValue(v) },
      pointerToken(field),
    );
  }
}
