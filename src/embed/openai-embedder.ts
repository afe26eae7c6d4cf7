import { CairnError } from '../errors.js';
import { checkVectors } from './check-vectors.js';
import { embedInBatches } from './embed-in-batches.js';
import { postWithRetries, type RetryPolicy } from './post-with-retries.js';
import type { Embedder } from './types.js';

export interface OpenAIEmbedderOptions extends Partial<RetryPolicy> {
  model: string;
  /** The server's root (`https://api.openai.com`, `http://localhost:11434`); a trailing `/v1` is accepted. */
  base_url: string;
  /** Sent as `Authorization: Bearer`; default `CAIRN_EMBED_API_KEY`. */
  api_key?: string;
  /** The model's vector length; when absent, learnt from one probe request. */
  dimensions?: number;
  /** Texts per request (default 64). */
  batch_size?: number;
  /** Requests in flight at most (default 2). */
  concurrency?: number;
  env?: NodeJS.ProcessEnv;
}

interface EmbeddingsResponse {
  data?: { index?: number; embedding?: unknown }[];
}

/**
 * An embedder over any server that speaks OpenAI's `POST /v1/embeddings`
 * (OpenAI, Azure OpenAI, Ollama, vLLM, Hugging Face TEI, LM Studio,
 * llama.cpp's server). Its id names the model and its dimensions; the
 * pooling is the server's.
 */
export async function createOpenAIEmbedder(options: OpenAIEmbedderOptions): Promise<Embedder> {
  const url = embeddingsUrl(options.base_url);
  const key = options.api_key ?? (options.env ?? process.env).CAIRN_EMBED_API_KEY;
  const policy: RetryPolicy = {
    retries: options.retries ?? 4,
    base_delay_ms: options.base_delay_ms ?? 250,
    max_delay_ms: options.max_delay_ms ?? 20_000,
    timeout_ms: options.timeout_ms ?? 60_000,
  };
  const request = async (
    texts: readonly string[],
    dimensions: number | undefined,
    signal?: AbortSignal,
  ): Promise<Float32Array[]> => {
    const body = JSON.stringify({ model: options.model, input: texts, encoding_format: 'float' });
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (key !== undefined && key !== '') headers.authorization = `Bearer ${key}`;
    const max_answer_bytes = maxAnswerBytes(texts.length, dimensions ?? MAX_PROBE_DIMENSIONS);
    const json = await postWithRetries({ url, headers, body, policy, max_answer_bytes }, signal);
    const vectors = readVectors(json as EmbeddingsResponse, texts.length, url);
    checkVectors(vectors, {
      source: url,
      ...(dimensions === undefined ? {} : { dimensions }),
    });
    return vectors;
  };
  const dimensions = options.dimensions ?? (await probeDimensions(request, url));
  const id = `openai:${options.model}:${dimensions}`;
  const checked = (texts: readonly string[], signal?: AbortSignal) =>
    request(texts, dimensions, signal);
  return {
    id,
    dimensions,
    embed: (texts, call = {}) =>
      embedInBatches(texts, {
        batch_size: options.batch_size ?? 64,
        concurrency: options.concurrency ?? 2,
        run: checked,
        ...(call.signal === undefined ? {} : { signal: call.signal }),
      }),
  };
}

/** The longest vector a probe may answer with (the largest models give a few thousand). */
const MAX_PROBE_DIMENSIONS = 65_536;

/**
 * The most bytes an answer of `texts` vectors of `dimensions` may hold: a
 * float in JSON takes at most 25 characters or so ("-1.2345678901234567e-10,"),
 * and an item's other fields a few hundred. An answer past it is no honest
 * one, and is refused before it is read whole.
 */
export function maxAnswerBytes(texts: number, dimensions: number): number {
  return 64 * 1024 + texts * (dimensions * 32 + 1024);
}

async function probeDimensions(
  request: (texts: readonly string[], dimensions: undefined) => Promise<Float32Array[]>,
  url: string,
): Promise<number> {
  const { length } = (await request(['dimensions probe'], undefined))[0]!;
  if (length > MAX_PROBE_DIMENSIONS) {
    throw new CairnError(
      'embedder_bad_response',
      `${url} answered a vector of ${length} numbers, more than any embedding model gives (${MAX_PROBE_DIMENSIONS})`,
      { details: { url, reason: 'wrong_dimensions', received: length, max: MAX_PROBE_DIMENSIONS } },
    );
  }
  return length;
}

function embeddingsUrl(base: string): string {
  if (!URL.canParse(base) || !/^https?:$/.test(new URL(base).protocol)) {
    throw new CairnError('invalid_option', `The embedder URL "${base}" is not an http(s) URL`);
  }
  const trimmed = base.replace(/\/+$/, '');
  return /\/v1$/.test(trimmed) ? `${trimmed}/embeddings` : `${trimmed}/v1/embeddings`;
}

function readVectors(json: EmbeddingsResponse, count: number, url: string): Float32Array[] {
  const bad = (why: string) =>
    new CairnError('embedder_bad_response', `${url} answered ${why}`, { details: { url } });
  if (!Array.isArray(json?.data)) throw bad('without a data array');
  if (json.data.length !== count) throw bad(`${json.data.length} embeddings for ${count} texts`);
  const vectors: Float32Array[] = new Array(count);
  json.data.forEach((item, position) => {
    const index = item.index ?? position;
    const embedding = item.embedding;
    if (!Number.isInteger(index) || index < 0 || index >= count || vectors[index] !== undefined) {
      throw bad(`an embedding with index ${String(index)}`);
    }
    if (!Array.isArray(embedding) || embedding.length === 0)
      throw bad('an embedding that is not a list of numbers');
    if (!embedding.every((x) => typeof x === 'number')) {
      throw bad('an embedding with a value that is not a number');
    }
    vectors[index] = Float32Array.from(embedding as number[]);
  });
  return vectors;
}
