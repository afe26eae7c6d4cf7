import type { AuditedCitation } from '../audit/types.js';
import { codePointIndex } from '../quote/code-points.js';
import { evidencePassage } from './evidence-passage.js';
import { isStatement } from './is-statement.js';
import { judgeClaim } from './judge-claim.js';
import { type Span16, sentenceSpans } from './sentence-spans.js';
import type { AuditedClaim, ClaimSummary, EvidencePassage } from './types.js';

export interface CheckClaimsOptions {
  /** The question the answer replies to: names and numbers it states need no passage. */
  question?: string;
}

/**
 * Where in the answer text each citation's supported words are: the span
 * of its `answer_text`, found in order; null for a citation that supports
 * the whole answer (it then attaches to every sentence).
 */
function answerSpans(text: string, citations: readonly AuditedCitation[]): (Span16 | null)[] {
  let cursor = 0;
  return citations.map((c) => {
    const segment = c.answer_text;
    if (segment === null || segment.trim() === '' || segment.trim() === text.trim()) return null;
    let at = text.indexOf(segment, cursor);
    if (at < 0) at = text.indexOf(segment);
    if (at < 0) return null;
    cursor = at;
    return { start16: at, end16: at + segment.length };
  });
}

/** Whether two spans share a word character. */
function overlapsWords(text: string, a: Span16, b: Span16): boolean {
  const from = Math.max(a.start16, b.start16);
  const to = Math.min(a.end16, b.end16);
  return to > from && /[\p{L}\p{N}]/u.test(text.slice(from, to));
}

/**
 * The answer as claims, each judged against the passages its citations
 * point at. A claim is a sentence of the answer text; the citations
 * attached to it are those whose supported words (a provider's cited
 * segment, text block or span) fall in it, and those that support the
 * whole answer. A sentence with no citation that states something is
 * `uncited`; questions, headings, greetings and lines that only introduce
 * the sources are not claims. Pure.
 */
export function checkClaims(
  answerText: string,
  citations: readonly AuditedCitation[],
  options: CheckClaimsOptions = {},
): { claims: AuditedClaim[]; summary: ClaimSummary } {
  const spans = answerSpans(answerText, citations);
  const passages = new Map<number, EvidencePassage | null>();
  const passageOf = (c: AuditedCitation) => {
    if (!passages.has(c.index)) passages.set(c.index, evidencePassage(c));
    return passages.get(c.index) ?? null;
  };
  const claims: AuditedClaim[] = [];
  for (const sentence of sentenceSpans(answerText)) {
    const text = answerText.slice(sentence.start16, sentence.end16);
    const indexes = citations.flatMap((_, i) => {
      const span = spans[i] ?? null;
      return span === null || overlapsWords(answerText, span, sentence) ? [i] : [];
    });
    const attached = indexes.map((i) => citations[i]!);
    const cited = attached.length > 0;
    // a question, a heading or a greeting states nothing to check, cited or not
    if (!isStatement(text)) continue;
    const start = codePointIndex(answerText, sentence.start16);
    const base = {
      index: claims.length,
      text,
      start,
      end: start + [...text].length,
      citations: attached.map((c) => c.index),
    };
    if (!cited) {
      claims.push({
        ...base,
        support: 'uncited',
        coverage: null,
        reasons: [
          {
            check: 'evidence',
            code: 'no_citation',
            verdict: 'uncited',
            message: 'the claim states something and cites nothing',
            claim_text: text,
            claim_start: base.start,
            claim_end: base.end,
            chunk_id: null,
            citation: null,
            passage_text: null,
            passage_start: null,
            passage_end: null,
          },
        ],
      });
      continue;
    }
    const judged = judgeClaim({
      text,
      start,
      question: options.question ?? '',
      passages: attached.map(passageOf).filter((p): p is EvidencePassage => p !== null),
    });
    claims.push({ ...base, ...judged });
  }
  return { claims, summary: summarizeClaims(claims) };
}

export function summarizeClaims(claims: readonly AuditedClaim[]): ClaimSummary {
  const summary: ClaimSummary = {
    claims: claims.length,
    supported: 0,
    contradicted: 0,
    unsupported: 0,
    uncited: 0,
  };
  for (const c of claims) summary[c.support]++;
  return summary;
}
