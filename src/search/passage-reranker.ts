/**
 * A second-stage reranker: scores passages against a query, higher is
 * more relevant. `id` names the reranker as hits and the index hash carry
 * it (`http:cohere:<url>#<model>`, `cross-encoder:<model>@<hash>`).
 */
export interface PassageReranker {
  readonly id: string;
  /** One score per passage, in the passages' order. */
  rerank(
    query: string,
    passages: readonly string[],
    options?: { signal?: AbortSignal },
  ): Promise<number[]>;
}

/** Candidates a second-stage reranker sees by default: the first stage's best 50. */
export const DEFAULT_RERANK_TOP = 50;
