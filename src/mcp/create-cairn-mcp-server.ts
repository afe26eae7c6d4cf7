import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CAIRN_TOOLS } from './cairn-tools.js';
import { registerAnswerPrompt } from './register-answer-prompt.js';
import { registerResources } from './register-resources.js';
import { registerTools } from './register-tools.js';
import type { ToolContext } from './tool-spec.js';

export interface CairnMcpServerOptions extends ToolContext {
  /** Offer ingest and remove (`--allow-writes`); each call still asks `writes`. */
  allow_writes: boolean;
  /** The version the server reports to clients. */
  version: string;
}

const INSTRUCTIONS = [
  'cairn holds documents split into citable chunks, each with a stable chunk ID.',
  "To answer from them: search (several phrasings, in the documents' own vocabulary), read around promising hits, then draft an answer whose citations copy each hit's citation fields and quote its exact words, and pass it to check_answer before answering; fix or drop every citation it does not verify.",
].join(' ');

/** An MCP server over one store: cairn's tools, its documents and chunks as resources, and the answer prompt. */
export function createCairnMcpServer(options: CairnMcpServerOptions): McpServer {
  const { allow_writes: allowWrites, version, ...context } = options;
  const server = new McpServer(
    { name: 'cairn', title: 'cairn', version },
    { instructions: INSTRUCTIONS },
  );
  registerTools(server.server, CAIRN_TOOLS, context, { writes: allowWrites });
  registerResources(server.server, context.store);
  registerAnswerPrompt(server, context);
  return server;
}
