import { type CitationListOptions, checkCitationList } from './check-citation-list.js';
import { checkRevLock } from './check-rev-lock.js';
import { type CitationIssue, citeIssue, describeValue, pointerToken } from './cite-issue.js';

export interface CitationValidationOptions extends CitationListOptions {
  /** The current rev per document (doc_id, else the chunk ID's doc_uid): the revision lock's reference. */
  revs?: Readonly<Record<string, string>>;
}

export type CitationValidationResult = { ok: true } | { ok: false; issues: CitationIssue[] };

/**
 * Applies every rule of seed 001 to a parsed citation payload: an array of
 * citations, or an object with a `citations` array. The list is one answer
 * segment for the cross-section rule; pass `allow_cross_section_reuse` for a
 * ranked hit list that spans sections. Rules needing live facts run when the
 * options give them (`index_hash`, `analyzer`, `revs`, `text_lengths`).
 * Never throws.
 */
export function validateCitations(
  input: unknown,
  options: CitationValidationOptions = {},
): CitationValidationResult {
  let list: readonly unknown[];
  let path = '';
  if (Array.isArray(input)) list = input;
  else if (typeof input === 'object' && input !== null && Object.hasOwn(input, 'citations')) {
    const citations = (input as { citations: unknown }).citations;
    path = pointerToken('citations');
    if (!Array.isArray(citations)) {
      return {
        ok: false,
        issues: [
          citeIssue(
            {
              code: 'wrong_type',
              field: 'citations',
              expected: 'an array',
              received: describeValue(citations),
            },
            { path, segment: null, index: null, snippet_id: null },
          ),
        ],
      };
    }
    list = citations;
  } else {
    return {
      ok: false,
      issues: [
        citeIssue(
          {
            code: 'not_a_citation_list',
            expected: 'an array of citations or an object with a "citations" array',
            received: describeValue(input),
          },
          { path, segment: null, index: null, snippet_id: null },
        ),
      ],
    };
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
  return issues.length === 0 ? { ok: true } : { ok: false, issues };
}
