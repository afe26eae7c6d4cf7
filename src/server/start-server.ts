import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { CairnError } from '../errors.js';

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
    const server = serve(
      { fetch: app.fetch, hostname: options.host, port: options.port },
      (info: AddressInfo) => {
        const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
        resolvePromise({
          url: `http://${host}:${info.port}`,
          port: info.port,
          close: () =>
            new Promise<void>((done) => {
              server.close(() => done());
              // keep-alive sockets would hold close() open until they time out
              if ('closeAllConnections' in server) server.closeAllConnections();
            }),
        });
      },
    );
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
