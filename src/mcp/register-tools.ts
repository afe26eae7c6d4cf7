import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { CairnError } from '../index.js';
import { readArguments } from './read-arguments.js';
import { toolError } from './tool-error.js';
import type { ToolContext, ToolSpec } from './tool-spec.js';

/**
 * The tools as `tools/list` publishes them: zod schemas as JSON Schema
 * draft-07, the dialect MCP clients validate with. Arguments are read with
 * the same zod schemas, so what is published is what is checked.
 */
export function toolListing(spec: ToolSpec): Tool {
  const known = LISTINGS.get(spec);
  if (known !== undefined) return known;
  const tool: Tool = {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    inputSchema: z.toJSONSchema(spec.input, {
      target: 'draft-7',
      io: 'input',
    }) as Tool['inputSchema'],
    outputSchema: z.toJSONSchema(spec.output, {
      target: 'draft-7',
      io: 'output',
    }) as Tool['outputSchema'],
    annotations: {
      title: spec.title,
      readOnlyHint: !spec.writes,
      destructiveHint: spec.name === 'remove',
      idempotentHint: !spec.writes || spec.name === 'ingest',
      openWorldHint: false,
    },
  };
  LISTINGS.set(spec, tool);
  return tool;
}

/** Each spec's listing, converted once: an HTTP server builds its MCP server per request. */
const LISTINGS = new WeakMap<ToolSpec, Tool>();

/**
 * Answers `tools/list` and `tools/call` on the SDK's server with cairn's
 * tools. The handlers are set here rather than through `McpServer.registerTool`
 * so that bad arguments come back as a tool result with cairn's code
 * (`invalid_option`) the model can act on. A write tool called on a server
 * that offers none is refused the same way (`writes_disabled`); a name no
 * tool has is the protocol's invalid-params error.
 */
export function registerTools(
  server: Server,
  specs: readonly ToolSpec[],
  context: ToolContext,
  offered: { writes: boolean },
): void {
  const listed = specs.filter((spec) => offered.writes || !spec.writes);
  const listing = listed.map(toolListing);
  server.registerCapabilities({ tools: { listChanged: false } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listing }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const spec = specs.find((s) => s.name === request.params.name);
    if (spec === undefined)
      throw new McpError(ErrorCode.InvalidParams, `Tool ${request.params.name} not found`);
    try {
      if (spec.writes) {
        if (!offered.writes) {
          throw new CairnError(
            'writes_disabled',
            `${spec.name} writes to the store: start cairn mcp with --allow-writes to offer it`,
          );
        }
        const refusal = context.writes();
        if (refusal !== null) throw refusal;
      }
      const args = readArguments(spec.input, request.params.arguments);
      const answer = await spec.run(args, context);
      return {
        content: [{ type: 'text', text: answer.text }],
        structuredContent: answer.structured as Record<string, unknown>,
      };
    } catch (error) {
      return toolError(error);
    }
  });
}
