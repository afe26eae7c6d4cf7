import { createServer, maxHeaderSize } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { getRequestListener, RequestError } from '@hono/node-server';
import type { Hono } from 'hono';
import { CairnError, type ErrorCode } from '../errors.js';

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Listens with Node's HTTP server; resolves once the port is bound (port 0
 * picks a free one). A port in use is `address_in_use`; another refusal
 * (a privileged port, an address this host lacks) is `invalid_option`.
 */
export function startServer(
  app: Hono,
  options: { host: string; port: number },
): Promise<RunningServer> {
  return new Promise((resolvePromise, reject) => {
    // @hono/node-server's serve() without its errorHandler option would answer a request it
    // cannot make a URL of (a Host header like "localhost:abc", a backslash in the path) with
    // an empty 400 that has no content type and no security headers
    const server = createServer(
      getRequestListener(app.fetch, { hostname: options.host, errorHandler: answerRequestError }),
    );
    server.listen(options.port, options.host, () => {
      const info = server.address() as AddressInfo;
      const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
      resolvePromise({
        url: `http://${host}:${info.port}`,
        port: info.port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            // keep-alive sockets would hold close() open until they time out
            server.closeAllConnections();
          }),
      });
    });
    server.on('clientError', answerClientError);
    server.once('error', (error: NodeJS.ErrnoException) => {
      const where = `${options.host}:${options.port}`;
      reject(
        error.code === 'EADDRINUSE'
          ? new CairnError(
              'address_in_use',
              `${where} is in use by another process: pick another --port (0 picks a free one)`,
              { cause: error },
            )
          : new CairnError(
              'invalid_option',
              `Cannot listen on ${where}: ${error.code ?? error.message}`,
              { cause: error },
            ),
      );
    });
  });
}

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
} as const;

/**
 * A request Node parsed but @hono/node-server cannot turn into a URL (a
 * Host header that is no host, a backslash in the path, a target like `*`)
 * is 400 `malformed_request`; anything else thrown outside the app (which
 * answers its own errors) is 500 `internal_error`. JSON, as the app answers.
 */
function answerRequestError(error: unknown): Response {
  const [status, code, message]: [number, ErrorCode, string] =
    error instanceof RequestError
      ? [400, 'malformed_request', 'The request target or Host header is not a valid URL']
      : [500, 'internal_error', 'Internal error'];
  return new Response(JSON.stringify({ error: { code, message } }), {
    status,
    headers: { 'content-type': 'application/json', ...SECURITY_HEADERS },
  });
}

/**
 * Node refuses some requests before the app sees them (a request line and
 * headers over `http.maxHeaderSize`, bytes that are not HTTP, a request
 * too slow to arrive) and would answer with an empty body. This answers
 * them as the app answers everything: JSON `{ error: { code, message } }`,
 * with the same security headers.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason, code, message]: [number, string, ErrorCode, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [
          431,
          'Request Header Fields Too Large',
          'headers_too_large',
          `The request line and headers are over the server's limit of ${maxHeaderSize} bytes: send long input in a POST body`,
        ]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'request_timeout', 'The request did not arrive in time']
        : [400, 'Bad Request', 'malformed_request', 'The request is not valid HTTP/1.1'];
  const body = JSON.stringify({ error: { code, message } });
  socket.end(
    [
      `HTTP/1.1 ${status} ${reason}`,
      'content-type: application/json',
      `content-length: ${Buffer.byteLength(body)}`,
      'x-content-type-options: nosniff',
      'referrer-policy: no-referrer',
      'connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}
