import {
  type CheckCitationOptions,
  type CheckedCitation,
  checkCitation,
} from './check-citation.js';
import {
  type CitationIssue,
  type CitationIssueBody,
  citeIssue,
  pointerToken,
} from './cite-issue.js';

/** Citations, and answer segments, one input may hold by default (`max_citations`). */
export const DEFAULT_MAX_CITATIONS = 10_000;

export interface CitationListOptions extends CheckCitationOptions {
  /**
   * Citations one input may hold, and segments one answer may (default
   * 10,000; search gives 1,000 hits at most). Past it the input is one
   * `too_many_items` issue: a 10 MB list of `{}` is three million
   * citations, whose issues would take gigabytes.
   */
  max_citations?: number;
  /** Lift seed rule 3: one list (one answer segment) may cite several sections. */
  allow_cross_section_reuse?: boolean;
  /** Sections that may be cited alongside any other (the seed's whitelist). */
  cross_section_whitelist?: readonly string[];
  /**
   * Check seed rule 5 on a ranked hit list: (score_norm desc, section_id asc,
   * snippet_id asc), after rerank_score desc where both neighbours carry one.
   */
  ranked?: boolean;
}

export interface CheckedCitationList {
  issues: CitationIssue[];
  /** One per citation, in order. */
  citations: CheckedCitation[];
}

/**
 * Every rule that one list of citations can break on its own, the revision
 * lock excepted (it spans an answer's segments: see `checkRevLock`). `path`
 * is the JSON Pointer of the list. Never throws.
 */
export function checkCitationList(
  list: readonly unknown[],
  options: CitationListOptions,
  at: { path: string; segment: number | null },
): CheckedCitationList {
  const issues: CitationIssue[] = [];
  const citations = list.map((value) => checkCitation(value, options));
  const report = (index: number | null, body: CitationIssueBody, field?: string): void => {
    const snippet = index === null ? null : (citations[index]?.snippet_id ?? null);
    const path = index === null ? at.path : `${at.path}${pointerToken(index)}`;
    issues.push(
      citeIssue(body, {
        path: field === undefined ? path : `${path}${pointerToken(field)}`,
        segment: at.segment,
        index,
        snippet_id: snippet,
      }),
    );
  };
  if (list.length === 0) {
    report(null, { code: 'empty_citations' });
    return { issues, citations };
  }

  const whitelist = new Set(options.cross_section_whitelist ?? []);
  let anchor: { section: string; doc: string | null; index: number } | null = null;
  for (const [index, checked] of citations.entries()) {
    for (const body of checked.issues)
      report(index, body, 'field' in body ? body.field : undefined);
    const section = checked.section_id;
    if (section === null || whitelist.has(section) || options.allow_cross_section_reuse) continue;
    if (anchor === null) {
      anchor = { section, doc: checked.doc, index };
      continue;
    }
    // a section_id names a section within its document (a heading-slug path such as
    // "intro/setup"; a citation repeats only across copies of a regulation): the same
    // id in another document is another section, the "mixed sources" the rule fences off
    const otherDoc = anchor.doc !== null && checked.doc !== null && checked.doc !== anchor.doc;
    if (section !== anchor.section || otherDoc) {
      report(
        index,
        {
          code: 'cross_section_reuse',
          field: 'section_id',
          expected: anchor.section,
          received: section,
          first_index: anchor.index,
          ...(otherDoc ? { expected_doc: anchor.doc!, received_doc: checked.doc! } : {}),
        },
        'section_id',
      );
    }
  }
  if (options.ranked) checkOrder(citations, report);
  return { issues, citations };
}

function checkOrder(
  citations: readonly CheckedCitation[],
  report: (index: number, body: CitationIssueBody) => void,
): void {
  const key = (c: CheckedCitation) =>
    `(${c.rerank_score === null ? '' : `${c.rerank_score}, `}${c.score_norm}, ${c.section_id}, ${c.snippet_id})`;
  for (let i = 1; i < citations.length; i++) {
    const a = citations[i - 1]!;
    const b = citations[i]!;
    if (a.score_norm === null || b.score_norm === null) continue;
    if (a.section_id === null || b.section_id === null) continue;
    if (a.snippet_id === null || b.snippet_id === null) continue;
    const reranked = a.rerank_score !== null && b.rerank_score !== null;
    const order =
      (reranked ? b.rerank_score! - a.rerank_score! : 0) ||
      b.score_norm - a.score_norm ||
      compareStrings(a.section_id, b.section_id) ||
      compareStrings(a.snippet_id, b.snippet_id);
    if (order > 0) {
      report(i, {
        code: 'bad_order',
        previous_index: i - 1,
        expected: `after ${key(a)} in (${reranked ? 'rerank_score desc, ' : ''}score_norm desc, section_id asc, snippet_id asc)`,
        received: key(b),
      });
    }
  }
}

/** Code-unit order, as byte-wise sorting of chunk IDs assumes; never locale order. */
const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
