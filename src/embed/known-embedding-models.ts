/**
 * Vector lengths of embedding models served over OpenAI's `/v1/embeddings`,
 * as their publishers document them (the default length where a model
 * can shorten its vectors on request). An embedder of one of these needs
 * no request to learn its dimensions.
 */
export const KNOWN_EMBEDDING_DIMENSIONS: Readonly<Record<string, number>> = {
  'text-embedding-3-small': 1536,
  'text-embedding-3-large': 3072,
  'text-embedding-ada-002': 1536,
  'nomic-embed-text': 768,
  'mxbai-embed-large': 1024,
  'all-minilm': 384,
  'bge-m3': 1024,
};

/**
 * The dimensions of an embedder whose ids are `<prefix><dimensions>`, from
 * the ids a store holds vectors of (`openai:text-embedding-3-small:1536`),
 * else from the table by `model` (an Ollama tag such as `:latest` is
 * dropped); undefined when neither knows.
 */
export function knownDimensions(
  prefix: string,
  model: string,
  storedModels: readonly string[] = [],
): number | undefined {
  for (const id of storedModels) {
    if (!id.startsWith(prefix)) continue;
    const rest = id.slice(prefix.length);
    if (/^[1-9]\d*$/.test(rest)) return Number(rest);
  }
  return (
    KNOWN_EMBEDDING_DIMENSIONS[model] ?? KNOWN_EMBEDDING_DIMENSIONS[model.replace(/:latest$/, '')]
  );
}
