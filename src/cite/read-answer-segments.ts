import { DEFAULT_MAX_CITATIONS } from './check-citation-list.js';
import { type AnswerField, type CiteIssueBody, describeValue, pointerToken } from './cite-issue.js';
import type { AnswerMeasures } from './types.js';

/** One answer segment as the per-segment rules take it. */
export interface AnswerSegment {
  value: Record<string, unknown>;
  path: string;
  text_field: 'answer' | 'text';
  /** Not an object: reported once, no further rules. */
  skip: boolean;
}

export interface AnswerSegments {
  segments: AnswerSegment[];
  /** The answer's shape leaves nothing more to check. */
  done: boolean;
  measured: AnswerMeasures;
}

export type ReportAnswerIssue = (
  body: CiteIssueBody,
  path: string,
  segment?: number | null,
) => void;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const own = (object: Record<string, unknown>, key: string): unknown =>
  Object.hasOwn(object, key) ? object[key] : undefined;

const EXPECTED = 'an object {citations, answer} or {segments: [{citations, text}]}';

/**
 * The answer's shape: the seed's `{citations, answer, ΔS, λ}` is one
 * segment, `{segments: [{citations, text}], ΔS, λ}` many; a model's
 * `{error, fix}` or anything else is reported and ends the checks, as does
 * an answer past `max_citations` segments or citations (each one's issues
 * cost memory and time). Also reads ΔS and λ, which its traces record.
 */
export function readAnswerSegments(
  answer: unknown,
  options: { max_citations?: number },
  report: ReportAnswerIssue,
): AnswerSegments {
  const measured: AnswerMeasures = {};
  const segments: AnswerSegment[] = [];
  const stop = (): AnswerSegments => ({ segments, done: true, measured });
  if (!isObject(answer)) {
    report({ code: 'not_an_answer', expected: EXPECTED, received: describeValue(answer) }, '');
    return stop();
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
    return stop();
  }
  if (hasSegments && hasSingle) {
    report(
      { code: 'not_an_answer', expected: EXPECTED, received: 'both segments and citations/answer' },
      '',
    );
    return stop();
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
      return stop();
    }
    if (list.length > limit) {
      report({ code: 'too_many_items', items: 'segments', count: list.length, limit }, path);
      return stop();
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
    return stop();
  }
  return { segments, done: false, measured };
}

/** The field's number when it is one in [0, 1]; reported when it is something else, undefined when absent. */
function checkNumberField(
  answer: Record<string, unknown>,
  field: AnswerField,
  report: ReportAnswerIssue,
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
