import type { GoldCitation } from './gold-set.js';

/** Seed 000's 60-second validator: `citation_match >= 0.90`. */
export const CITATION_MATCH_THRESHOLD = 0.9;

export interface GoldCitationMatch {
  citations: number;
  /** Citations whose span lies inside one chunk. */
  inside: number;
  /** `inside / citations`; 0 for no citation. */
  citation_match: number;
  threshold: number;
  ok: boolean;
  /** The citations no single chunk holds, with the chunk spans they overlap. */
  outside: {
    doc: string;
    start: number;
    end: number;
    overlapping: { start: number; end: number }[];
  }[];
}

/**
 * The share of gold citations whose span lies inside one chunk of their
 * document: a citation that straddles two chunks cannot be cited by
 * either's offsets. `chunksOf` gives a document's chunk spans (code points).
 */
export function goldCitationMatch(
  citations: readonly GoldCitation[],
  chunksOf: (docUid: string) => readonly { start: number; end: number }[],
  threshold = CITATION_MATCH_THRESHOLD,
): GoldCitationMatch {
  const outside: GoldCitationMatch['outside'] = [];
  for (const gold of citations) {
    const chunks = chunksOf(gold.doc.doc_uid);
    if (chunks.some((c) => c.start <= gold.start && gold.end <= c.end)) continue;
    outside.push({
      doc: gold.doc.source_url,
      start: gold.start,
      end: gold.end,
      overlapping: chunks
        .filter((c) => c.start < gold.end && gold.start < c.end)
        .map((c) => ({ start: c.start, end: c.end })),
    });
  }
  const inside = citations.length - outside.length;
  const share = citations.length === 0 ? 0 : inside / citations.length;
  return {
    citations: citations.length,
    inside,
    citation_match: share,
    threshold,
    ok: citations.length > 0 && share >= threshold,
    outside,
  };
}
