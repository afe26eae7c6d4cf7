import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { type CairnMcpServerOptions, createCairnMcpServer } from './create-cairn-mcp-server.js';

const isRequest = (m: JSONRPCMessage): boolean => 'method' in m && 'id' in m;
const isReply = (m: JSONRPCMessage): boolean => !('method' in m) && 'id' in m;

/**
 * Serves MCP over this process's stdin and stdout, for desktop clients that
 * start the server themselves; resolves when the client closes stdin and
 * every request it sent before has its answer (a script that writes its
 * requests and closes stdin still reads them). The process is the client's
 * own, so --allow-writes alone allows writes.
 */
export async function runMcpStdio(options: Omit<CairnMcpServerOptions, 'writes'>): Promise<void> {
  const server = createCairnMcpServer({ ...options, writes: () => null });
  const transport = new StdioServerTransport();
  let pending = 0;
  let drained = (): void => {};
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  await server.connect(transport);
  const receive = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage) => {
    if (isRequest(message)) pending++;
    receive?.(message);
  };
  const send = transport.send.bind(transport);
  transport.send = async (message: JSONRPCMessage) => {
    try {
      await send(message);
    } finally {
      if (isReply(message) && --pending === 0) drained();
    }
  };
  await closed;
  if (pending > 0) await new Promise<void>((resolve) => (drained = resolve));
  await server.close().catch(() => {});
}
