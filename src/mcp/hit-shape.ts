import { z } from 'zod';
import type { SearchHit } from '../index.js';

/** Seed 001's citation payload, as a search hit carries it: copy it into an answer's citation. */
export const citationShape = z.looseObject({
  doc_id: z.string(),
  section_id: z.string(),
  snippet_id: z.string(),
  source_url: z.string(),
  offsets: z.object({ start: z.number(), end: z.number(), unit: z.literal('char') }),
  tokens: z.number(),
  index_hash: z.string(),
  embed_model: z.string(),
  analyzer: z.string(),
  rev: z.string(),
  window: z.object({ pre: z.number(), post: z.number() }),
  page: z.number().nullable(),
  score_raw: z.number(),
  score_norm: z.number(),
  rerank_score: z.number().nullable(),
  k_pos: z.number(),
  k_final: z.number(),
});

/** One search hit as the search tool returns it. */
export const hitShape = z.object({
  rank: z.number().describe('1-based, best first'),
  chunk_id: z.string().describe('the chunk ID to cite (citation.snippet_id)'),
  section_id: z
    .string()
    .describe('the section as cited: a legal citation such as 15 CFR 736.2(b), or a heading path'),
  section_label: z.string().describe('the section headings, top down'),
  source_url: z.string(),
  page: z.number().nullable(),
  text: z.string().describe('the chunk text, exactly as stored'),
  score: z.number().describe('the rerank score when reranked, else the normalized engine score'),
  citation: citationShape,
});

export type Hit = z.input<typeof hitShape>;

/** A library search hit as the tool shows it: what a model reads first, then the payload to copy. */
export function toHit(hit: SearchHit): Hit {
  return {
    rank: hit.k_final,
    chunk_id: hit.snippet_id,
    section_id: hit.section_id,
    section_label: hit.section_label,
    source_url: hit.source_url,
    page: hit.page,
    text: hit.text,
    score: hit.rerank_score ?? hit.score_norm,
    citation: {
      doc_id: hit.doc_id,
      section_id: hit.section_id,
      snippet_id: hit.snippet_id,
      source_url: hit.source_url,
      offsets: hit.offsets,
      tokens: hit.tokens,
      index_hash: hit.index_hash,
      embed_model: hit.embed_model,
      analyzer: hit.analyzer,
      rev: hit.rev,
      window: hit.window,
      page: hit.page,
      score_raw: hit.score_raw,
      score_norm: hit.score_norm,
      rerank_score: hit.rerank_score,
      k_pos: hit.k_pos,
      k_final: hit.k_final,
      ...(hit.delta_s === undefined ? {} : { delta_s: hit.delta_s }),
    },
  };
}

/** A hit as text: where it is, the ID to cite, then its text. */
export function hitText(hit: Hit): string {
  const where = [hit.source_url, hit.page === null ? null : `page ${hit.page}`]
    .filter((part) => part !== null)
    .join(', ');
  const label = hit.section_label === '' ? '' : ` — ${hit.section_label}`;
  return `${hit.rank}. §${hit.section_id}${label} (${where})\n   chunk_id: ${hit.chunk_id}\n${hit.text}`;
}
