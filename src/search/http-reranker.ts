import { CairnError } from '../errors.js';
import type { PassageReranker } from './passage-reranker.js';
import { readBoundedJson } from './read-bounded-json.js';

/** The rerank APIs `createHttpReranker` speaks. */
export type RerankApi = 'cohere' | 'tei';

export interface HttpRerankerOptions {
  /** The rerank endpoint itself: `.../v2/rerank` (or `/v1/rerank`) is Cohere's API, any other `.../rerank` TEI's. */
  url: string;
  /** The model the body names: Cohere's API requires one; TEI serves one model and takes none. */
  model?: string;
  /** Sent as `Authorization: Bearer`. */
  api_key?: string;
  /** One request's time at most (default 10 s): past it the search keeps its first-stage order. */
  timeout_ms?: number;
  /** Response bytes read at most (default 4 MiB). */
  max_response_bytes?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

/** Which API an endpoint path is: `/v1/rerank` and `/v2/rerank` Cohere's (Jina, Voyage, vLLM, Infinity serve it too), `/rerank` TEI's. */
export function rerankApiOf(url: string): RerankApi {
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
    throw new CairnError('invalid_option', `The reranker URL "${url}" is not an http(s) URL`);
  const path = new URL(url).pathname.replace(/\/+$/, '');
  if (/\/v[12]\/rerank$/.test(path)) return 'cohere';
  if (/\/rerank$/.test(path)) return 'tei';
  throw new CairnError(
    'invalid_option',
    `The reranker URL "${url}" names no rerank endpoint: give .../v2/rerank (Cohere-compatible) or .../rerank (Hugging Face TEI)`,
  );
}

/**
 * A reranker over an HTTP rerank service. Cohere-compatible
 * (`POST /v2/rerank`): `{model, query, documents: [string], top_n}` answered
 * by `{results: [{index, relevance_score}]}`. Hugging Face TEI
 * (`POST /rerank`): `{query, texts: [string], raw_scores: false}` answered
 * by `[{index, score}]`. One request, no retries (a search waits on it),
 * bounded in time and in the bytes read; a failure is a typed error
 * (`reranker_unavailable`, `reranker_bad_response`, `response_too_large`).
 */
export function createHttpReranker(options: HttpRerankerOptions): PassageReranker {
  const api = rerankApiOf(options.url);
  const url = options.url;
  if (api === 'cohere' && (options.model === undefined || options.model === ''))
    throw new CairnError(
      'invalid_option',
      `A Cohere-compatible reranker needs a model: http:<model>@${url}`,
    );
  const timeoutMs = options.timeout_ms ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.max_response_bytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  return {
    id: `http:${api}:${url}${options.model === undefined ? '' : `#${options.model}`}`,
    async rerank(query, passages, call = {}) {
      if (passages.length === 0) return [];
      const body =
        api === 'cohere'
          ? { model: options.model, query, documents: passages, top_n: passages.length }
          : { query, texts: passages, raw_scores: false };
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (options.api_key !== undefined && options.api_key !== '')
        headers.authorization = `Bearer ${options.api_key}`;
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = call.signal === undefined ? timeout : AbortSignal.any([call.signal, timeout]);
      let json: unknown;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
          signal,
        });
        if (!response.ok) {
          await response.body?.cancel();
          throw new CairnError('reranker_unavailable', `${url} answered HTTP ${response.status}`, {
            details: { url, status: response.status },
          });
        }
        json = await readBoundedJson(response, maxBytes, url);
      } catch (error) {
        if (error instanceof CairnError) throw error;
        throw new CairnError(
          'reranker_unavailable',
          timeout.aborted
            ? `${url} did not answer within ${timeoutMs} ms`
            : `${url} cannot be reached: ${(error as Error).message}`,
          { cause: error, details: { url } },
        );
      }
      return readScores(api === 'cohere' ? cohereResults(json) : json, passages.length, url);
    },
  };
}

function cohereResults(json: unknown): unknown {
  return typeof json === 'object' && json !== null
    ? (json as { results?: unknown }).results
    : undefined;
}

/** Scores by index from `[{index, relevance_score | score}]`: every passage once, each a finite number. */
function readScores(items: unknown, count: number, url: string): number[] {
  const bad = (why: string) =>
    new CairnError('reranker_bad_response', `${url} answered ${why}`, { details: { url } });
  if (!Array.isArray(items)) throw bad('with no list of results');
  const scores: (number | undefined)[] = new Array(count).fill(undefined);
  for (const item of items) {
    const { index } = (item ?? {}) as { index?: unknown };
    const score =
      (item as { relevance_score?: unknown })?.relevance_score ??
      (item as { score?: unknown })?.score;
    if (!Number.isInteger(index) || (index as number) < 0 || (index as number) >= count)
      throw bad(`a result index ${JSON.stringify(index)} outside 0..${count - 1}`);
    if (typeof score !== 'number' || !Number.isFinite(score))
      throw bad(`a result without a finite score`);
    scores[index as number] = score;
  }
  if (scores.some((s) => s === undefined)) throw bad(`scores for only some of ${count} passages`);
  return scores as number[];
}
