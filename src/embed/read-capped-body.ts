import { CairnError, type ErrorCode } from '../errors.js';

export interface BodyCap {
  /** The most bytes the body may hold; past it the read stops and fails. */
  max_bytes: number;
  /** The code of the error for a body past `max_bytes` (the client's own: `embedder_bad_response`, ...). */
  code: ErrorCode;
  /** The URL the answer came from, for the message and `details.url`. */
  url: string;
}

/**
 * Reads an HTTP answer's body as UTF-8 text, never holding more than
 * `max_bytes` of it: a Content-Length over the cap is refused before a byte
 * is read, and a body that runs past it (no length, a false one, an endless
 * stream) is cancelled as soon as it does. `Response.text()` reads whatever
 * a server sends: a 1 GB answer peaked at 2 GB of RSS. Errors while reading
 * (the request's signal aborting, the connection dropping) are thrown as
 * they come, for the caller to classify.
 */
export async function readCappedBody(response: Response, cap: BodyCap): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > cap.max_bytes) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge(cap, declared);
  }
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const pieces: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > cap.max_bytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(cap, received);
    }
    pieces.push(value);
  }
  return Buffer.concat(pieces, received).toString('utf8');
}

function tooLarge(cap: BodyCap, received: number): CairnError {
  return new CairnError(
    cap.code,
    `${cap.url} answered with a body of more than ${cap.max_bytes} bytes (at least ${received}); refused unread`,
    {
      details: {
        url: cap.url,
        reason: 'answer_too_large',
        max_bytes: cap.max_bytes,
        received_bytes: received,
      },
    },
  );
}
