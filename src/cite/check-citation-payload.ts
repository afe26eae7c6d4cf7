import { checkCitationList, DEFAULT_MAX_CITATIONS } from './check-citation-list.js';
import { checkRevLock } from './check-rev-lock.js';
import { citeIssue, describeValue, pointerToken } from './cite-issue.js';
import { findCitationList } from './find-citation-list.js';
import type { CitationValidationOptions, CitationValidationResult } from './types.js';

/** What the payload rules found, and the list they ran on, for the store checks to take up. */
export interface CheckedPayload {
  result: CitationValidationResult;
  /** Empty when the input holds no list, or more citations than the rules check. */
  list: readonly unknown[];
  /** The list's JSON Pointer. */
  path: string;
}

const AT_PAYLOAD = { segment: null, index: null, snippet_id: null } as const;

/** Every payload rule of seed 001 over a citation payload (see `validateCitations`). Never throws. */
export function checkCitationPayload(
  input: unknown,
  options: CitationValidationOptions,
): CheckedPayload {
  const done = (result: CitationValidationResult): CheckedPayload => ({
    result,
    list: [],
    path: '',
  });
  const { list, path, field } = findCitationList(input);
  if (list === null && field !== null) {
    return done({
      ok: false,
      issues: [
        citeIssue(
          {
            code: 'wrong_type',
            field,
            expected: 'an array',
            received: describeValue((input as Record<string, unknown>)[field]),
          },
          { path, ...AT_PAYLOAD },
        ),
      ],
    });
  }
  if (list === null) {
    return done({
      ok: false,
      issues: [
        citeIssue(
          {
            code: 'not_a_citation_list',
            expected:
              'an array of citations, an object with a "citations" array, or a search result with a "hits" array',
            received: describeValue(input),
          },
          { path, ...AT_PAYLOAD },
        ),
      ],
    });
  }

  const limit = options.max_citations ?? DEFAULT_MAX_CITATIONS;
  if (list.length > limit) {
    return done({
      ok: false,
      issues: [
        citeIssue(
          { code: 'too_many_items', items: 'citations', count: list.length, limit },
          { path, ...AT_PAYLOAD },
        ),
      ],
    });
  }
  const checked = checkCitationList(list, options, { path, segment: null });
  const issues = [...checked.issues];
  const locked = checkRevLock(
    checked.citations.map((c, index) => ({ index, doc: c.doc, rev: c.rev })),
    options.revs,
  );
  for (const { at, issue } of locked) {
    issues.push(
      citeIssue(issue, {
        path: `${path}${pointerToken(at)}${pointerToken('rev')}`,
        segment: null,
        index: at,
        snippet_id: checked.citations[at]?.snippet_id ?? null,
      }),
    );
  }
  if (locked.length > 0) issues.sort((a, b) => (a.index ?? -1) - (b.index ?? -1));
  return { result: issues.length === 0 ? { ok: true } : { ok: false, issues }, list, path };
}
