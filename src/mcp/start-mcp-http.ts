import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CairnError } from '../index.js';
import { bearerRefusal } from '../server/index.js';
import { type CairnMcpServerOptions, createCairnMcpServer } from './create-cairn-mcp-server.js';
import { refuseForeignRequest } from './refuse-foreign-request.js';

/** The path the Streamable HTTP endpoint answers on. */
export const MCP_PATH = '/mcp';

export interface McpHttpOptions extends Omit<CairnMcpServerOptions, 'writes'> {
  port: number;
  /** The bearer token writes need (`CAIRN_TOKEN`); none: writes are refused. */
  token?: string;
  /** Origins besides loopback pages allowed to call the server. */
  allowed_origins?: readonly string[];
}

export interface RunningMcpHttp {
  /** `http://127.0.0.1:<port>/mcp` */
  url: string;
  close(): Promise<void>;
}

const STATUS: Partial<Record<string, number>> = {
  host_not_allowed: 403,
  cross_site_refused: 403,
  route_not_found: 404,
  method_not_allowed: 405,
};

/**
 * Serves MCP over Streamable HTTP on 127.0.0.1, statelessly: each POST
 * gets a server and transport of its own, so that a request's bearer token
 * decides what that request may write (`cairn serve`'s rule, `bearerRefusal`)
 * and no session outlives its request. Requests from a foreign Host or a
 * web page of another origin are refused before the protocol sees them.
 */
export async function startMcpHttp(options: McpHttpOptions): Promise<RunningMcpHttp> {
  const { port, token, allowed_origins: allowedOrigins = [], ...serverOptions } = options;
  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      process.stderr.write(
        `cairn mcp: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      if (!res.headersSent)
        refuse(res, new CairnError('internal_error', 'The request failed unexpectedly'));
      else res.end();
    });
  });
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '/').split('?')[0];
    const foreign = refuseForeignRequest(
      { host: req.headers.host, origin: req.headers.origin },
      allowedOrigins,
    );
    if (foreign !== null) return refuse(res, foreign);
    if (path !== MCP_PATH)
      return refuse(
        res,
        new CairnError(
          'route_not_found',
          `Nothing at ${path?.slice(0, 100)}: the MCP endpoint is ${MCP_PATH}`,
        ),
      );
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      return refuse(
        res,
        new CairnError(
          'method_not_allowed',
          `${req.method} is not served: this stateless endpoint takes POST only`,
        ),
      );
    }
    const refusal = bearerRefusal(req.headers.authorization, token);
    const server = createCairnMcpServer({ ...serverOptions, writes: () => refusal });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.on('close', () => {
      transport.close().catch(() => {});
      server.close().catch(() => {});
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  };
  await new Promise<void>((resolve, reject) => {
    http.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new CairnError(
              'address_in_use',
              `Port ${port} on 127.0.0.1 is taken: pick another with --port (0 picks a free one)`,
              { cause: error },
            )
          : error,
      ),
    );
    http.listen(port, '127.0.0.1', () => resolve());
  });
  const address = http.address();
  const bound = typeof address === 'object' && address !== null ? address.port : port;
  return {
    url: `http://127.0.0.1:${bound}${MCP_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
}

function refuse(res: ServerResponse, error: CairnError): void {
  res.statusCode = STATUS[error.code] ?? 500;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ error: { code: error.code, message: error.message } }));
}
