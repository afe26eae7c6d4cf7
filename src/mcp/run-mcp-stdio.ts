import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { type CairnMcpServerOptions, createCairnMcpServer } from './create-cairn-mcp-server.js';

/**
 * Serves MCP over this process's stdin and stdout, for desktop clients that
 * start the server themselves; resolves when the client closes stdin. The
 * process is the client's own, so --allow-writes alone allows writes.
 */
export async function runMcpStdio(options: Omit<CairnMcpServerOptions, 'writes'>): Promise<void> {
  const server = createCairnMcpServer({ ...options, writes: () => null });
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  await server.connect(transport);
  await closed;
  await server.close().catch(() => {});
}
