import { CairnError } from '../errors.js';
import { createHashEmbedder } from './hash-embedder.js';
import { createOpenAIEmbedder } from './openai-embedder.js';
import { createTransformersEmbedder } from './transformers-embedder.js';
import type { Embedder } from './types.js';

/**
 * The embedder a `--embedder` spec names:
 * - `hash` or `hash:<dimensions>`: the built-in lexical embedder;
 * - `openai:<model>@<base_url>`: an OpenAI-compatible server (key from `CAIRN_EMBED_API_KEY`),
 *   sent `requests.batch_size` texts per request, `requests.concurrency` requests at once;
 * - `transformers:<folder>`: a local model run by transformers.js (the optional peer dependency).
 */
export async function resolveEmbedder(
  spec: string,
  env: NodeJS.ProcessEnv = process.env,
  requests: { batch_size?: number; concurrency?: number } = {},
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
    return createOpenAIEmbedder({ model: openai[1]!, base_url: openai[2]!, env, ...requests });
  }
  const transformers = /^transformers:(.+)$/.exec(spec);
  if (transformers !== null) return createTransformersEmbedder({ folder: transformers[1]! });
  throw new CairnError(
    'invalid_option',
    `Unknown embedder "${spec}": use hash, hash:<dimensions>, openai:<model>@<base_url> or transformers:<folder>`,
  );
}
