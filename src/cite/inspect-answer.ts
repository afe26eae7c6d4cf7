import { type CitationListOptions, checkCitationList } from './check-citation-list.js';
import { checkRevLock, type RevLockEntry } from './check-rev-lock.js';
import {
  type CiteIssue,
  type CiteIssueBody,
  citeIssue,
  describeValue,
  pointerToken,
} from './cite-issue.js';
import { readAnswerSegments } from './read-answer-segments.js';
import type {
  AnswerMeasures,
  AnswerValidationOptions,
  AnswerValidationResult,
  CitationVerdict,
} from './types.js';

/** What the payload rules found in an answer, and the citation lists the store checks take. */
export interface AnswerInspection {
  issues: CiteIssue[];
  /** One per citation of every checked list, all `not_checked_against_store` yet. */
  verdicts: CitationVerdict[];
  segments: number;
  lists: { segment: number; citations: readonly unknown[] }[];
  measured: AnswerMeasures;
}

const own = (object: Record<string, unknown>, key: string): unknown =>
  Object.hasOwn(object, key) ? object[key] : undefined;

/**
 * Every payload rule over an auditable answer (see `validateAnswer`): its
 * shape (`readAnswerSegments`), then per segment its text, cite-first
 * order and citation list (`checkCitationList`), then the revision lock
 * across all segments. Never throws.
 */
export function inspectAnswer(answer: unknown, options: AnswerValidationOptions): AnswerInspection {
  const issues: CiteIssue[] = [];
  const report = (body: CiteIssueBody, path: string, segment: number | null = null): void => {
    issues.push(citeIssue(body, { path, segment, index: null, snippet_id: null }));
  };
  const read = readAnswerSegments(answer, options, report);
  const inspection: AnswerInspection = {
    issues,
    verdicts: [],
    segments: read.segments.length,
    lists: [],
    measured: read.measured,
  };
  if (read.done) return inspection;

  const revEntries: (RevLockEntry & {
    segment: number;
    path: string;
    snippet_id: string | null;
  })[] = [];
  const listOptions: CitationListOptions = { ...options, profile: options.profile ?? 'answer' };
  for (const [s, segment] of read.segments.entries()) {
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
    inspection.lists.push({ segment: s, citations: list });
    // a loop, not push(...): a spread of over ~120,000 issues overflows the V8 stack
    for (const issue of checked.issues) issues.push(issue);
    for (const [index, c] of checked.citations.entries()) {
      const citationPath = `${citationsPath}${pointerToken(index)}`;
      inspection.verdicts.push({
        segment: s,
        index,
        path: citationPath,
        snippet_id: c.snippet_id,
        status: 'unverified',
        reason: 'not_checked_against_store',
        detail: null,
        resolved_snippet_id: null,
        hops: [],
        warnings: [],
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
  return inspection;
}

/**
 * The inspection as a result. A citation that broke a payload rule is
 * `unverified` with `invalid_citation`, unless the store found it wrong
 * itself: a store finding says more than "see the payload issues", while a
 * payload issue spoils a store pass.
 */
export function answerResult(inspection: AnswerInspection): AnswerValidationResult {
  const { issues, verdicts, segments } = inspection;
  const broken = new Set(
    issues.filter((i) => i.code !== 'citation_unverified').map((i) => `${i.segment}/${i.index}`),
  );
  for (const v of verdicts) {
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
