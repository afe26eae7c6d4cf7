import { CairnError } from '../index.js';

/** Host names a loopback server answers to: a DNS-rebinding page reaches it under another name. */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why an HTTP request to the loopback MCP endpoint is refused, or null: a
 * Host header that is no loopback name (`host_not_allowed`, DNS rebinding)
 * and an Origin that is neither a loopback page nor one the server was told
 * to allow (`cross_site_refused`), as the protocol's transport security
 * notes ask. A request without Origin comes from no browser page and passes.
 */
export function refuseForeignRequest(
  headers: { host?: string | undefined; origin?: string | undefined },
  allowedOrigins: readonly string[] = [],
): CairnError | null {
  const host = (headers.host ?? '').toLowerCase();
  if (!LOOPBACK_NAMES.has(host.replace(/:\d+$/, ''))) {
    return new CairnError(
      'host_not_allowed',
      `Host ${JSON.stringify(host.slice(0, 100))} is not served here`,
    );
  }
  const origin = headers.origin;
  if (origin === undefined || allowedOrigins.includes(origin)) return null;
  let name: string | null = null;
  try {
    const url = new URL(origin);
    if (url.protocol === 'http:' || url.protocol === 'https:') name = url.hostname.toLowerCase();
  } catch {
    // `null` and other opaque origins: not a loopback page
  }
  if (name !== null && LOOPBACK_NAMES.has(name)) return null;
  return new CairnError(
    'cross_site_refused',
    `A request from the page ${JSON.stringify(origin.slice(0, 100))} is refused: only pages served from this machine may call this server`,
  );
}
