import { createHash } from 'node:crypto';
import { cosine } from '../embed/cosine.js';
import type { Embedder } from '../embed/types.js';
import { CairnError } from '../errors.js';
import type { ChunkStore, LexicalQuery } from '../store/types.js';
import { fuseRankings } from './fuse-rankings.js';
import { keepLexicalTop } from './keep-lexical-top.js';
import { type RankedMatch, type Reranker, rankHits } from './rank-hits.js';

export type SearchMode = 'lexical' | 'vector' | 'hybrid';

export const SEARCH_MODES: readonly SearchMode[] = ['lexical', 'vector', 'hybrid'];

export { RRF_K } from './fuse-rankings.js';

/** Each engine's 1-based rank of a hit; null where that engine did not return it. */
export interface EngineRanks {
  lexical: number | null;
  vector: number | null;
}

export interface ModeRanked extends RankedMatch {
  /** 1 − cosine(question, chunk), 6 decimals; null with no embedder or no vector for the chunk. */
  delta_s: number | null;
  ranks: EngineRanks;
}

export interface ModeRanking {
  ranked: ModeRanked[];
  /** The embedder the hits were scored with; null for plain lexical search. */
  embed_model: string | null;
  /** The vector index's part of the index hash (null for plain lexical search). */
  vector_hash: string | null;
}

export interface ModeQuery {
  mode: SearchMode;
  query: string;
  lexical: LexicalQuery;
  rerank?: Reranker;
  embedder?: Embedder;
}

/**
 * Candidates in the search mode's order. `lexical`: BM25 (with the
 * reranker); `vector`: nearest by cosine over the chunks the embedder has
 * embedded; `hybrid`: reciprocal rank fusion of the two lists, each hit
 * keeping both engines' ranks (with a lexical embedder, BM25's top 3 kept
 * at or above their lexical ranks: `keepLexicalTop`). With an embedder, every hit gets its ΔS to
 * the question. The query must be embedded by the embedder that built the
 * index: another is `embed_model_mismatch`, none at all `no_vectors`.
 */
export async function rankByMode(store: ChunkStore, q: ModeQuery): Promise<ModeRanking> {
  if (q.mode === 'lexical' && q.embedder === undefined) {
    const ranked = rankHits(await store.searchLexical(q.lexical), q.rerank);
    return {
      ranked: ranked.map((r) => ({
        ...r,
        delta_s: null,
        ranks: { lexical: r.k_final, vector: null },
      })),
      embed_model: null,
      vector_hash: null,
    };
  }
  if (q.embedder === undefined) {
    throw new CairnError('invalid_option', `Search mode ${q.mode} needs an embedder (--embedder)`);
  }
  const embedder = q.embedder;
  const vectorHash = await checkVectorIndex(store, q.lexical.chunker_id, embedder);
  const [question] = await embedder.embed([q.query], { role: 'query' });
  if (question === undefined || question.length !== embedder.dimensions) {
    throw new CairnError(
      'embedder_bad_response',
      `${embedder.id} returned no vector for the query`,
    );
  }
  const lexical =
    q.mode === 'vector' ? [] : rankHits(await store.searchLexical(q.lexical), q.rerank);
  const nearest =
    q.mode === 'lexical'
      ? []
      : await store.searchVectors({
          chunker_id: q.lexical.chunker_id,
          embed_model: embedder.id,
          vector: question,
          limit: q.lexical.limit,
          ...(q.lexical.document_id === undefined ? {} : { document_id: q.lexical.document_id }),
          ...(q.lexical.section === undefined ? {} : { section: q.lexical.section }),
        });
  const vectorRanked = rankHits(
    nearest.map((m) => ({ ...m, score_raw: 1 - m.distance })),
    undefined,
  );
  const fused =
    q.mode === 'lexical'
      ? lexical.map((r) => ({ ...r, ranks: { lexical: r.k_final, vector: null } }))
      : q.mode === 'vector'
        ? vectorRanked.map((r) => ({ ...r, ranks: { lexical: null, vector: r.k_final } }))
        : embedder.lexical === true
          ? keepLexicalTop(fuseBoth(lexical, vectorRanked))
          : fuseBoth(lexical, vectorRanked);
  const distances = new Map(nearest.map((m) => [m.chunk.id, m.distance]));
  const missing = fused.map((r) => r.match.chunk.id).filter((id) => !distances.has(id));
  const vectors = await store.getChunkVectors(embedder.id, missing);
  return {
    ranked: fused.map((r) => {
      const id = r.match.chunk.id;
      const stored = vectors.get(id);
      const distance =
        distances.get(id) ?? (stored === undefined ? null : 1 - cosine(question, stored));
      return { ...r, delta_s: distance === null ? null : round6(distance) };
    }),
    embed_model: embedder.id,
    vector_hash: vectorHash,
  };
}

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

/**
 * The embedder must be the one whose vectors the store holds for the
 * chunker. Returns a digest of the vector index (embedder and embedded
 * sets), which the search folds into its index hash.
 */
async function checkVectorIndex(
  store: ChunkStore,
  chunkerId: string,
  embedder: Embedder,
): Promise<string> {
  const states = await store.getVectorIndexStates(chunkerId);
  const state = states.find((s) => s.embed_model === embedder.id);
  if (state === undefined) {
    if (states.length > 0) {
      throw new CairnError(
        'embed_model_mismatch',
        `The query is embedded by ${embedder.id}, but the index of ${chunkerId} was embedded by ${states.map((s) => s.embed_model).join(', ')}: search with that embedder, or run cairn embed --embedder with this one`,
        { details: { expected: states.map((s) => s.embed_model), received: embedder.id } },
      );
    }
    throw new CairnError(
      'no_vectors',
      `No chunks of ${chunkerId} have vectors yet: run cairn embed --embedder <spec> first`,
      { details: { chunker_id: chunkerId } },
    );
  }
  const hash = createHash('sha256').update(
    `embed_model=${state.embed_model}\ndimensions=${state.dimensions}\n`,
  );
  const sets = [...state.sets].sort((a, b) =>
    a.doc_uid < b.doc_uid ? -1 : a.doc_uid > b.doc_uid ? 1 : 0,
  );
  for (const set of sets) hash.update(`${set.doc_uid}\t${set.digest}\t${set.chunk_count}\n`);
  return hash.digest('hex');
}

/** BM25 and vector ranks fused by reciprocal rank, each hit with both engines' ranks. */
function fuseBoth(lexical: readonly RankedMatch[], vector: readonly RankedMatch[]) {
  return fuseRankings([lexical, vector]).map((r) => ({
    match: r.match,
    score_norm: r.score_norm,
    rerank_score: r.rerank_score,
    k_pos: r.k_pos,
    k_final: r.k_final,
    ranks: { lexical: r.list_ranks[0] ?? null, vector: r.list_ranks[1] ?? null },
  }));
}
