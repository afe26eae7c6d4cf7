import { CairnError } from '../errors.js';
import { createHashEmbedder } from './hash-embedder.js';
import { knownDimensions } from './known-embedding-models.js';
import { createOpenAIEmbedder } from './openai-embedder.js';
import { createTransformersEmbedder } from './transformers-embedder.js';
import type { Embedder } from './types.js';

export interface ResolveEmbedderOptions {
  /** Texts per request to an `openai:` embedder. */
  batch_size?: number;
  /** Requests in flight at most to an `openai:` embedder. */
  concurrency?: number;
  /** The embedder ids the store holds vectors of: an `openai:` embedder's dimensions come from them. */
  stored_models?: readonly string[];
  /** A `transformers:` hub model from the cache only, never the hub (as `HF_HUB_OFFLINE=1`). */
  offline?: boolean;
}

/**
 * The embedder a `--embedder` spec names:
 * - `hash` or `hash:<dimensions>`: the built-in lexical embedder;
 * - `openai:<model>@<base_url>`: an OpenAI-compatible server (key from `CAIRN_EMBED_API_KEY`),
 *   sent `requests.batch_size` texts per request, `requests.concurrency` requests at once;
 *   its dimensions from `requests.stored_models` or `KNOWN_EMBEDDING_DIMENSIONS`, else
 *   learnt from one probe request;
 * - `transformers:<hub id or folder>`: a model run by transformers.js (the optional peer
 *   dependency), a hub id downloaded once into `CAIRN_MODELS`.
 */
export async function resolveEmbedder(
  spec: string,
  env: NodeJS.ProcessEnv = process.env,
  requests: ResolveEmbedderOptions = {},
): Promise<Embedder> {
  const hash = /^hash(?::(\d+))?$/.exec(spec);
  if (hash !== null) {
    const dimensions = hash[1] === undefined ? undefined : Number(hash[1]);
    try {
      return createHashEmbedder(dimensions === undefined ? {} : { dimensions });
    } catch (error) {
      throw new CairnError('invalid_option', (error as Error).message);
    }
  }
  const openai = /^openai:([^@]+)@(.+)$/.exec(spec);
  if (openai !== null) {
    const { stored_models: stored, ...sizes } = requests;
    const model = openai[1]!;
    // the dimensions the store's vectors or the table give spare a probe request
    const dimensions = knownDimensions(`openai:${model}:`, model, stored);
    return createOpenAIEmbedder({
      model,
      base_url: openai[2]!,
      env,
      ...sizes,
      ...(dimensions === undefined ? {} : { dimensions }),
    });
  }
  const transformers = /^transformers:(.+)$/.exec(spec);
  if (transformers !== null)
    return createTransformersEmbedder({
      folder: transformers[1]!,
      env,
      ...(requests.offline === undefined ? {} : { offline: requests.offline }),
    });
  throw new CairnError(
    'invalid_option',
    `Unknown embedder "${spec}": use hash, hash:<dimensions>, openai:<model>@<base_url> or transformers:<folder>`,
  );
}
