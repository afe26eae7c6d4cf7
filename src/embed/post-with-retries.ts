import { setTimeout as sleep } from 'node:timers/promises';
import pRetry from 'p-retry';
import { CairnError, isCairnError } from '../errors.js';
import { readCappedBody } from './read-capped-body.js';

export interface RetryPolicy {
  /** Attempts after the first, on 429, 5xx, timeouts and refused connections. */
  retries: number;
  base_delay_ms: number;
  /** The longest backoff between attempts, and the longest Retry-After waited for. */
  max_delay_ms: number;
  /** One attempt's limit. */
  timeout_ms: number;
}

export interface JsonPost {
  url: string;
  headers: Record<string, string>;
  body: string;
  policy: RetryPolicy;
  /** The most bytes a successful answer may hold (`embedder_bad_response` past it). */
  max_answer_bytes: number;
}

/**
 * An error answer is read only for the start of its message: a 5xx that
 * sent a gigabyte was read whole, and again on every retry.
 */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;

/**
 * POSTs and returns the parsed JSON answer, retrying what a retry can mend:
 * 429 and 5xx, timeouts and network failures, with p-retry's exponential
 * backoff and jitter; a Retry-After is waited out before it. A 4xx other
 * than 429 is final. The caller's signal ends the wait at once with
 * `interrupted`.
 */
export async function postWithRetries(post: JsonPost, signal?: AbortSignal): Promise<unknown> {
  const { policy } = post;
  try {
    return await pRetry(
      async () => {
        const outcome = await attemptOnce(post, signal);
        if (outcome instanceof CairnError) throw outcome;
        return outcome;
      },
      {
        retries: policy.retries,
        // p-retry's jitter multiplies by 1..2: half the base keeps the first wait within it
        minTimeout: policy.base_delay_ms / 2,
        maxTimeout: policy.max_delay_ms,
        randomize: true,
        ...(signal === undefined ? {} : { signal }),
        shouldRetry: ({ error }) => isRetryable(error),
        onFailedAttempt: async ({ error, retriesLeft }) => {
          const asked = retryAfter(error, policy);
          if (retriesLeft > 0 && asked > 0) await wait(asked, signal);
        },
      },
    );
  } catch (error) {
    if (signal?.aborted && !isCairnError(error, 'interrupted'))
      throw new CairnError('interrupted', 'Embedding was stopped', { cause: error });
    throw error;
  }
}

function isRetryable(error: unknown): boolean {
  return error instanceof CairnError && error.details.retryable === true;
}

async function attemptOnce(post: JsonPost, signal?: AbortSignal): Promise<unknown> {
  const timeout = AbortSignal.timeout(post.policy.timeout_ms);
  const combined = signal === undefined ? timeout : AbortSignal.any([signal, timeout]);
  let response: Response;
  try {
    response = await fetch(post.url, {
      method: 'POST',
      headers: post.headers,
      body: post.body,
      signal: combined,
    });
  } catch (error) {
    if (signal?.aborted)
      throw new CairnError('interrupted', 'Embedding was stopped', { cause: error });
    const timedOut = timeout.aborted;
    return new CairnError(
      'embedder_unavailable',
      timedOut
        ? `${post.url} did not answer within ${post.policy.timeout_ms} ms`
        : `${post.url} cannot be reached: ${(error as Error).message}`,
      { cause: error, details: { url: post.url, retryable: true } },
    );
  }
  const failed = !response.ok;
  let text: string;
  try {
    text = await readCappedBody(response, {
      max_bytes: failed ? MAX_ERROR_BODY_BYTES : post.max_answer_bytes,
      code: 'embedder_bad_response',
      url: post.url,
    });
  } catch (error) {
    if (error instanceof CairnError) {
      // an error answer too long to read still says what it is: its status
      if (!failed) throw error;
      text = '(a body too long to read)';
    } else {
      if (signal?.aborted)
        throw new CairnError('interrupted', 'Embedding was stopped', { cause: error });
      return new CairnError(
        'embedder_unavailable',
        timeout.aborted
          ? `${post.url} did not finish its answer within ${post.policy.timeout_ms} ms`
          : `${post.url} broke off its answer: ${(error as Error).message}`,
        { cause: error, details: { url: post.url, retryable: true } },
      );
    }
  }
  if (response.status === 429 || response.status >= 500) {
    const code = response.status === 429 ? 'embedder_rate_limited' : 'embedder_unavailable';
    return new CairnError(
      code,
      `${post.url} answered HTTP ${response.status}: ${text.slice(0, 200)}`,
      {
        details: {
          url: post.url,
          status: response.status,
          retryable: true,
          retry_after_ms: retryAfterMs(response.headers.get('retry-after')),
        },
      },
    );
  }
  if (!response.ok) {
    throw new CairnError(
      'embedder_unavailable',
      `${post.url} refused the request with HTTP ${response.status}${response.status === 401 ? ' (set CAIRN_EMBED_API_KEY)' : ''}: ${text.slice(0, 200)}`,
      { details: { url: post.url, status: response.status } },
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CairnError(
      'embedder_bad_response',
      `${post.url} answered with text that is not JSON`,
      {
        cause: error,
        details: { url: post.url },
      },
    );
  }
}

/** Retry-After as seconds or an HTTP date, in ms; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** What Retry-After asked of a retryable failure, at most the policy's longest wait; 0 when it asked nothing. */
export function retryAfter(error: unknown, policy: RetryPolicy): number {
  const asked = isRetryable(error) ? (error as CairnError).details.retry_after_ms : undefined;
  return typeof asked === 'number' ? Math.min(asked, policy.max_delay_ms) : 0;
}

async function wait(ms: number, signal?: AbortSignal): Promise<void> {
  try {
    await sleep(ms, undefined, signal === undefined ? {} : { signal });
  } catch (error) {
    throw new CairnError('interrupted', 'Embedding was stopped', { cause: error });
  }
}
