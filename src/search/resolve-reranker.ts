import { CairnError } from '../errors.js';
import { createCrossEncoderReranker } from './cross-encoder-reranker.js';
import { createHttpReranker } from './http-reranker.js';
import type { PassageReranker } from './passage-reranker.js';

/**
 * The second-stage reranker a `--rerank` spec names: `http:<url>` or
 * `http:<model>@<url>` (a Cohere-compatible `/v2/rerank` or a TEI
 * `/rerank`, key from `CAIRN_RERANK_API_KEY`), or
 * `cross-encoder:<hub id or folder>` (transformers.js). Null for the
 * first-stage names (`proximity`, `none`), which `search` takes itself.
 */
export async function resolveReranker(
  spec: string,
  env: NodeJS.ProcessEnv = process.env,
  options: { offline?: boolean; timeout_ms?: number } = {},
): Promise<PassageReranker | null> {
  if (spec === 'proximity' || spec === 'none') return null;
  const http = /^http:(?:([^@/]+)@)?(https?:\/\/.+)$/.exec(spec);
  if (http !== null) {
    const key = env.CAIRN_RERANK_API_KEY;
    return createHttpReranker({
      url: http[2]!,
      ...(http[1] === undefined ? {} : { model: http[1] }),
      ...(key === undefined ? {} : { api_key: key }),
      ...(options.timeout_ms === undefined ? {} : { timeout_ms: options.timeout_ms }),
    });
  }
  const cross = /^cross-encoder:(.+)$/.exec(spec);
  if (cross !== null)
    return createCrossEncoderReranker({
      model: cross[1]!,
      env,
      ...(options.offline === undefined ? {} : { offline: options.offline }),
    });
  throw new CairnError(
    'invalid_option',
    `Unknown rerank "${spec}": use proximity, none, http:[<model>@]<url> or cross-encoder:<hub id or folder>`,
  );
}
