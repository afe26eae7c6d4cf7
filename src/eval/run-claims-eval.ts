import { auditAnswer } from '../cite/audit/audit-answer.js';
import type { AuditedClaim } from '../cite/claims/types.js';
import { resolveSearchChunker } from '../search/resolve-search-chunker.js';
import type { ChunkRow, ChunkStore } from '../store/types.js';
import { CLAIM_LABELS, type ClaimLabel, type LabelledClaim, TRUE_LABELS } from './claim-set.js';
import type { GoldCitation } from './gold-set.js';
import { listAllDocuments } from './store-gold-docs.js';

export interface ClaimLabelScore {
  label: ClaimLabel;
  claims: number;
  /** Judged `supported`. */
  supported: number;
  /** Judged anything else: contradicted, unsupported or uncited. */
  caught: number;
  /** The share that matches the label: supported for true labels, caught for the rest. */
  share: number;
  /** Claims per verdict. */
  verdicts: Record<string, number>;
  /** Claims per reason code, over the claims of this label. */
  reasons: Record<string, number>;
}

export interface ClaimMiss {
  id: string;
  label: ClaimLabel;
  claim: string;
  support: string;
  reasons: string[];
}

/** One claim as judged. */
export interface ClaimResult {
  id: string;
  label: ClaimLabel;
  support: string;
  coverage: number | null;
  reasons: string[];
}

export interface ClaimsEvalReport {
  claims: number;
  labels: ClaimLabelScore[];
  misses: ClaimMiss[];
  results: ClaimResult[];
}

/**
 * The answer an assistant on Anthropic's search results would give with
 * the claim: one text block citing the gold quote as `cited_text` of the
 * chunk that holds it (`search_result_location`, block range `[0, 0]` as
 * the API's documentation writes one block).
 */
export function anthropicAnswer(claim: string, chunkId: string, quote: string): string {
  return JSON.stringify({
    type: 'message',
    role: 'assistant',
    content: [
      {
        type: 'text',
        text: claim,
        citations: [
          {
            type: 'search_result_location',
            source: chunkId,
            title: chunkId,
            cited_text: quote,
            search_result_index: 0,
            start_block_index: 0,
            end_block_index: 0,
          },
        ],
      },
    ],
  });
}

/**
 * Each labelled claim audited as an Anthropic answer citing its gold quote
 * (`anthropicAnswer`), against the store: per label, the share judged
 * `supported` and the share caught, and every claim judged against its
 * label. `citations[i]` is the resolved gold quote of `claims[i]`.
 */
export async function runClaimsEval(
  store: ChunkStore,
  claims: readonly LabelledClaim[],
  citations: readonly GoldCitation[],
  options: { chunker?: string; on_progress?: (done: number) => void } = {},
): Promise<ClaimsEvalReport> {
  const chunker = await resolveSearchChunker(store, options.chunker);
  const documents = new Map((await listAllDocuments(store)).map((d) => [d.doc_uid, d]));
  const chunksOf = new Map<string, ChunkRow[]>();
  const chunkHolding = async (gold: GoldCitation): Promise<ChunkRow | undefined> => {
    let chunks = chunksOf.get(gold.doc.doc_uid);
    if (chunks === undefined) {
      const version = documents.get(gold.doc.doc_uid)?.current_version_id;
      chunks =
        version === undefined || version === null ? [] : await store.listChunks(version, chunker);
      chunksOf.set(gold.doc.doc_uid, chunks);
    }
    const overlap = (c: ChunkRow) =>
      Math.min(c.char_end, gold.end) - Math.max(c.char_start, gold.start);
    return chunks.reduce<ChunkRow | undefined>(
      (best, c) =>
        overlap(c) > 0 && (best === undefined || overlap(c) > overlap(best)) ? c : best,
      undefined,
    );
  };
  const judged: { claim: LabelledClaim; verdict: AuditedClaim | null }[] = [];
  for (const [i, claim] of claims.entries()) {
    const gold = citations[i]!;
    const chunk = await chunkHolding(gold);
    if (chunk === undefined) {
      judged.push({ claim, verdict: null });
      continue;
    }
    const report = await auditAnswer(
      store,
      anthropicAnswer(claim.claim, chunk.chunk_id, gold.quote),
      {
        chunker,
        search_corpus: false,
        ...(claim.question === null ? {} : { question: claim.question }),
      },
    );
    judged.push({ claim, verdict: report.claims[0] ?? null });
    options.on_progress?.(i + 1);
  }
  return scoreClaims(judged);
}

function scoreClaims(
  judged: { claim: LabelledClaim; verdict: AuditedClaim | null }[],
): ClaimsEvalReport {
  const labels: ClaimLabelScore[] = [];
  const misses: ClaimMiss[] = [];
  for (const label of CLAIM_LABELS) {
    const mine = judged.filter((j) => j.claim.label === label);
    if (mine.length === 0) continue;
    const verdicts: Record<string, number> = {};
    const reasons: Record<string, number> = {};
    let supported = 0;
    for (const { claim, verdict } of mine) {
      const support = verdict?.support ?? 'no_claim';
      verdicts[support] = (verdicts[support] ?? 0) + 1;
      for (const r of new Set(verdict?.reasons.map((x) => x.code) ?? []))
        reasons[r] = (reasons[r] ?? 0) + 1;
      if (support === 'supported') supported++;
      if ((support === 'supported') !== TRUE_LABELS.has(label))
        misses.push({
          id: claim.id,
          label,
          claim: claim.claim,
          support,
          reasons: verdict?.reasons.map((r) => `${r.code}: ${r.message}`) ?? [],
        });
    }
    const caught = mine.length - supported;
    labels.push({
      label,
      claims: mine.length,
      supported,
      caught,
      share: (TRUE_LABELS.has(label) ? supported : caught) / mine.length,
      verdicts,
      reasons,
    });
  }
  const results = judged.map(({ claim, verdict }) => ({
    id: claim.id,
    label: claim.label,
    support: verdict?.support ?? 'no_claim',
    coverage: verdict?.coverage ?? null,
    reasons: verdict?.reasons.map((r) => r.code) ?? [],
  }));
  return { claims: judged.length, labels, misses, results };
}
