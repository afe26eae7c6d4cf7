import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { CairnError } from '../errors.js';

/**
 * Guards the routes that write: without a configured token the server
 * refuses every write (`writes_disabled`), without an `Authorization:
 * Bearer` header the caller gets 401, with a wrong token 403 (`bearerRefusal`).
 */
export function requireToken(token: string | undefined): MiddlewareHandler {
  return async (c, next) => {
    const refusal = bearerRefusal(c.req.header('authorization'), token);
    if (refusal !== null) throw refusal;
    await next();
  };
}

/**
 * Why a request that writes is refused, or null when its `Authorization`
 * header carries the configured token: `writes_disabled` without a token,
 * `unauthorized` without the header, `forbidden` with another token.
 * Tokens are compared as SHA-256 digests in constant time, so neither their
 * content nor their length leaks through timing.
 */
export function bearerRefusal(
  header: string | undefined,
  token: string | undefined,
): CairnError | null {
  if (token === undefined || token === '') {
    return new CairnError(
      'writes_disabled',
      'This server takes no writes: start it with CAIRN_TOKEN set to allow them',
    );
  }
  if (header === undefined || header.trim() === '') {
    return new CairnError('unauthorized', 'This route writes: send Authorization: Bearer <token>');
  }
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  if (!match || !timingSafeEqual(digest(match[1]!), digest(token))) {
    return new CairnError('forbidden', 'The bearer token is not the one this server was given');
  }
  return null;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
