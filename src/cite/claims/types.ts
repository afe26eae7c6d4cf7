/** How far a claim is backed by the passages its citations point at. */
export type ClaimSupport = 'supported' | 'contradicted' | 'unsupported' | 'uncited';

export const CLAIM_SUPPORTS: readonly ClaimSupport[] = [
  'supported',
  'contradicted',
  'unsupported',
  'uncited',
];

/** Which deterministic check found a reason. */
export type ClaimCheck =
  | 'evidence'
  | 'quantity'
  | 'polarity'
  | 'modality'
  | 'scope'
  | 'condition'
  | 'name'
  | 'role'
  | 'coverage';

/**
 * Why a claim has its verdict, with both texts where the reason compares
 * them: the claim's words (code points of the answer text) and the
 * passage's (code points of the cited document's canonical text).
 */
export interface ClaimReason {
  check: ClaimCheck;
  /** Stable, snake_case: `number_mismatch`, `negation_flipped`, `weak_overlap`, ... */
  code: string;
  /** The verdict this reason alone gives. */
  verdict: ClaimSupport;
  /** For people: "claim says 4 weeks; 29 CFR 500.81 says two weeks". */
  message: string;
  claim_text: string | null;
  claim_start: number | null;
  claim_end: number | null;
  /** The chunk the passage words are in, and which citation (index) pointed there. */
  chunk_id: string | null;
  citation: number | null;
  passage_text: string | null;
  passage_start: number | null;
  passage_end: number | null;
}

export interface AuditedClaim {
  /** 0-based, in answer order. */
  index: number;
  text: string;
  /** Code points of the answer text, half-open. */
  start: number;
  end: number;
  /** Indexes of the report's citations attached to the claim. */
  citations: number[];
  support: ClaimSupport;
  reasons: ClaimReason[];
  /** Share of the claim's content words found in its passages; null when it has no passage. */
  coverage: number | null;
}

export interface ClaimSummary {
  claims: number;
  supported: number;
  contradicted: number;
  unsupported: number;
  uncited: number;
}

/**
 * The stored text one citation points at, narrowed as far as the citation
 * allows: the sentences around its located quote, else the whole chunk.
 */
export interface EvidencePassage {
  citation: number;
  chunk_id: string;
  /** How a person names the passage: its legal citation or section label, else the chunk ID. */
  label: string;
  text: string;
  /** Where `text` starts in the document's canonical text, code points. */
  doc_start: number;
  /** The whole cited chunk's text, where names the narrower passage leaves out may be. */
  wider: string;
  /** Words that name the passage without being in it: section label, heading path. */
  context: string;
  /** The quoted span inside `text` (UTF-16), when the citation's quote was located. */
  focus16: { start16: number; end16: number } | null;
}

/** One claim as the checks take it. */
export interface ClaimInput {
  text: string;
  /** Where the claim starts in the answer text, code points. */
  start: number;
  passages: EvidencePassage[];
  /** Words the question itself used: names found there need no passage. */
  question: string;
}
