import { codePointIndex } from '../quote/code-points.js';
import type { Span16 } from './sentence-spans.js';
import type { ClaimInput, ClaimReason, EvidencePassage } from './types.js';

export interface ReasonFields {
  check: ClaimReason['check'];
  code: string;
  verdict: ClaimReason['verdict'];
  message: string;
  /** The claim's words the reason is about, UTF-16 in the claim's text. */
  claim?: Span16 | null;
  /** The passage's words, UTF-16 in the passage's text. */
  passage?: { of: EvidencePassage; span: Span16 | null } | null;
}

/** A reason with its spans turned into code points of the answer and of the passage's document. */
export function reasonOf(input: ClaimInput, fields: ReasonFields): ClaimReason {
  const claim = fields.claim ?? null;
  const passage = fields.passage ?? null;
  const span = passage?.span ?? null;
  return {
    check: fields.check,
    code: fields.code,
    verdict: fields.verdict,
    message: fields.message,
    claim_text: claim === null ? null : input.text.slice(claim.start16, claim.end16),
    claim_start: claim === null ? null : input.start + codePointIndex(input.text, claim.start16),
    claim_end: claim === null ? null : input.start + codePointIndex(input.text, claim.end16),
    chunk_id: passage?.of.chunk_id ?? null,
    citation: passage?.of.citation ?? null,
    passage_text: span === null ? null : passage!.of.text.slice(span.start16, span.end16),
    passage_start:
      span === null ? null : passage!.of.doc_start + codePointIndex(passage!.of.text, span.start16),
    passage_end:
      span === null ? null : passage!.of.doc_start + codePointIndex(passage!.of.text, span.end16),
  };
}

/** Text quoted in a reason's message, kept short. */
export const quoted = (text: string): string =>
  `"${text.length > 80 ? `${text.slice(0, 77)}...` : text}"`;
