import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { CairnError } from '../errors.js';

/**
 * Guards the routes that write: without a configured token the server
 * refuses every write (`writes_disabled`), without an `Authorization:
 * Bearer` header the caller gets 401, with a wrong token 403. Tokens are
 * compared as SHA-256 digests in constant time, so neither their content
 * nor their length leaks through timing.
 */
export function requireToken(token: string | undefined): MiddlewareHandler {
  const expected = token === undefined || token === '' ? null : digest(token);
  return async (c, next) => {
    if (expected === null) {
      throw new CairnError(
        'writes_disabled',
        'This server takes no writes: start it with CAIRN_TOKEN set to allow them',
      );
    }
    const header = c.req.header('authorization');
    if (header === undefined || header.trim() === '') {
      throw new CairnError('unauthorized', 'This route writes: send Authorization: Bearer <token>');
    }
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
    if (!match || !timingSafeEqual(digest(match[1]!), expected)) {
      throw new CairnError('forbidden', 'The bearer token is not the one this server was given');
    }
    await next();
  };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
