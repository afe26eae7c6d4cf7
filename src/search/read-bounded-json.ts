import { CairnError } from '../errors.js';

/**
 * The JSON body of a fetch response, read as a stream that stops at
 * `maxBytes`: a server that answers more is `response_too_large` before
 * the rest is read; a body that is not JSON is `reranker_bad_response`.
 */
export async function readBoundedJson(
  response: Response,
  maxBytes: number,
  url: string,
): Promise<unknown> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge(url, maxBytes);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (response.body !== null) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw tooLarge(url, maxBytes);
      }
      chunks.push(value);
    }
  }
  const text = new TextDecoder().decode(Buffer.concat(chunks));
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CairnError('reranker_bad_response', `${url} answered with a body that is not JSON`, {
      cause: error,
      details: { url },
    });
  }
}

function tooLarge(url: string, maxBytes: number): CairnError {
  return new CairnError('response_too_large', `${url} answered with more than ${maxBytes} bytes`, {
    details: { url, max_bytes: maxBytes },
  });
}
