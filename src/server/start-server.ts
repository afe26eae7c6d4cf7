import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Listens with Node's HTTP server; resolves once the port is bound (port 0 picks a free one). */
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
    server.once('error', reject);
  });
}
