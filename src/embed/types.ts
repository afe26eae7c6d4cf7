/**
 * Something that turns texts into vectors. `id` names the model, its
 * dimensions and its pooling; it is what hits and traces carry as
 * `embed_model`, and what keys the embedding cache: two embedders with one
 * id must give the same vector for the same text.
 */
export interface Embedder {
  readonly id: string;
  readonly dimensions: number;
  /**
   * True when the vectors measure shared wording, not meaning (the built-in
   * hash embedder): hybrid search then keeps BM25's best hits in place.
   */
  readonly lexical?: boolean;
  /** One vector per text, in order, each of `dimensions` finite numbers. */
  embed(texts: readonly string[], options?: EmbedCallOptions): Promise<Float32Array[]>;
}

export interface EmbedCallOptions {
  /** Stops the call: pending requests are cancelled and it fails with `interrupted`. */
  signal?: AbortSignal;
  /**
   * What the texts are (default `passage`): models trained with prefixes
   * (e5, bge, nomic) embed a query and a passage differently.
   */
  role?: 'query' | 'passage';
}
