import type { ChunkStore } from '../store/types.js';
import {
  type CitationListOptions,
  checkCitationList,
  DEFAULT_MAX_CITATIONS,
} from './check-citation-list.js';
import { checkRevLock } from './check-rev-lock.js';
import type { StoreVerdict } from './citation-status.js';
import { type CitationIssue, citeIssue, describeValue, pointerToken } from './cite-issue.js';
import { type VerifyCitationsOptions, verifyCitations } from './verify-citations.js';

export interface CitationValidationOptions extends CitationListOptions {
  /** The current rev per document (doc_id, else the chunk ID's doc_uid): the revision lock's reference. */
  revs?: Readonly<Record<string, string>>;
}

export type CitationValidationResult = { ok: true } | { ok: false; issues: CitationIssue[] };

export interface StoreCitationValidationOptions
  extends CitationValidationOptions,
    VerifyCitationsOptions {
  store: ChunkStore;
}

/** With a store: the verdict on each citation, in order (none when the input is not a list). */
export type StoreCitationValidationResult = CitationValidationResult & {
  citations: StoreVerdict[];
};

/**
 * Applies every rule of seed 001 to a parsed citation payload: an array of
 * citations, an object with a `citations` array, or a search result with a
 * `hits` array (`findCitationList`). The list is one answer
 * segment for the cross-section rule; pass `allow_cross_section_reuse` for a
 * ranked hit list that spans sections. Rules needing live facts run when the
 * options give them (`index_hash`, `analyzer`, `revs`, `text_lengths`).
 * With `store`, the result is a promise and each citation is also checked
 * against the store (`verifyCitations`); each one the store does not back
 * is a `citation_unverified` issue. Never throws, save what the store throws.
 */
export function validateCitations(
  input: unknown,
  options: StoreCitationValidationOptions,
): Promise<StoreCitationValidationResult>;
export function validateCitations(
  input: unknown,
  options?: CitationValidationOptions,
): CitationValidationResult;
export function validateCitations(
  input: unknown,
  options: CitationValidationOptions | StoreCitationValidationOptions = {},
): CitationValidationResult | Promise<StoreCitationValidationResult> {
  const checked = checkPayload(input, options);
  if (!('store' in options) || options.store === undefined) return checked.result;
  return verifyPayload(checked, options as StoreCitationValidationOptions);
}

async function verifyPayload(
  checked: { result: CitationValidationResult; list: readonly unknown[]; path: string },
  options: StoreCitationValidationOptions,
): Promise<StoreCitationValidationResult> {
  const verdicts = await verifyCitations(options.store, checked.list, options);
  const issues = checked.result.ok ? [] : [...checked.result.issues];
  for (const [index, verdict] of verdicts.entries()) {
    if (verdict.status !== 'unverified' || verdict.reason === null) continue;
    const snippet = checked.list[index];
    const id =
      typeof snippet === 'object' && snippet !== null && 'snippet_id' in snippet
        ? snippet.snippet_id
        : null;
    issues.push(
      citeIssue(
        {
          code: 'citation_unverified',
          status: verdict.status,
          reason: verdict.reason,
          detail: verdict.detail ?? verdict.reason,
        },
        {
          path: `${checked.path}${pointerToken(index)}`,
          segment: null,
          index,
          snippet_id: typeof id === 'string' ? id : null,
        },
      ),
    );
  }
  issues.sort((a, b) => (a.index ?? -1) - (b.index ?? -1));
  return issues.length === 0
    ? { ok: true, citations: verdicts }
    : { ok: false, issues, citations: verdicts };
}

/** The field of an object payload that holds its list, in the order looked for. */
const LIST_FIELDS = ['citations', 'hits'] as const;

/**
 * Where a payload keeps its citations: the payload itself when it is an
 * array, else its `citations` array, else its `hits` array (a search result,
 * `cairn search --json` or `GET /api/search`, whose hits are citation
 * payloads plus their text). `path` is the list's JSON Pointer; `list` is
 * null when there is none, or `field` when that field is not an array.
 */
export function findCitationList(input: unknown): {
  list: readonly unknown[] | null;
  path: string;
  field: (typeof LIST_FIELDS)[number] | null;
} {
  if (Array.isArray(input)) return { list: input, path: '', field: null };
  if (typeof input !== 'object' || input === null) return { list: null, path: '', field: null };
  for (const field of LIST_FIELDS) {
    if (!Object.hasOwn(input, field)) continue;
    const value = (input as Record<string, unknown>)[field];
    return { list: Array.isArray(value) ? value : null, path: pointerToken(field), field };
  }
  return { list: null, path: '', field: null };
}

/** The store-free rules, and the list they ran on (empty when the input is not a list). */
function checkPayload(
  input: unknown,
  options: CitationValidationOptions,
): { result: CitationValidationResult; list: readonly unknown[]; path: string } {
  const done = (result: CitationValidationResult) => ({ result, list: [], path: '' });
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
          { path, segment: null, index: null, snippet_id: null },
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
          { path, segment: null, index: null, snippet_id: null },
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
          { path, segment: null, index: null, snippet_id: null },
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
