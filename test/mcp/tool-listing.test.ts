import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type ChunkStore, openStore } from '../../src/index.js';
import { CAIRN_TOOLS } from '../../src/mcp/cairn-tools.js';
import { createCairnMcpServer } from '../../src/mcp/create-cairn-mcp-server.js';

/**
 * The tools every MCP client sees, pinned: a tool added without a
 * description for the model or without an output schema fails here, and so
 * does a renamed or dropped one.
 */
let dir: string;
let store: ChunkStore;
let client: Client;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cairn-mcp-tools-'));
  store = await openStore({ db: join(dir, 'cairn.db') });
  const server = createCairnMcpServer({
    store,
    traces: false,
    root: dir,
    allow_writes: true,
    version: '0.0.0',
    writes: () => null,
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  client = new Client({ name: 'pin', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
});

afterAll(async () => {
  await client?.close();
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the tools cairn mcp lists', () => {
  test('are exactly these, reads first, each with a title, a description and both schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'search',
      'read',
      'list_documents',
      'check_answer',
      'ingest',
      'remove',
    ]);
    expect(tools.map((t) => t.name)).toEqual(CAIRN_TOOLS.map((t) => t.name));
    for (const tool of tools) {
      expect(tool.title, tool.name).toMatch(/\S/);
      expect(tool.description?.trim().length ?? 0, tool.name).toBeGreaterThan(0);
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.outputSchema, `${tool.name} has no output schema`).toBeDefined();
      expect(tool.outputSchema!.type, tool.name).toBe('object');
      expect(Object.keys(tool.outputSchema!.properties ?? {}).length, tool.name).toBeGreaterThan(0);
      // draft-07, the dialect the SDK's client validates structured results with
      expect(tool.outputSchema!.$schema, tool.name).toBe('http://json-schema.org/draft-07/schema#');
    }
  });

  test('mark which tools write, so clients can ask before those', async () => {
    const { tools } = await client.listTools();
    const readOnly = Object.fromEntries(tools.map((t) => [t.name, t.annotations?.readOnlyHint]));
    expect(readOnly).toEqual({
      search: true,
      read: true,
      list_documents: true,
      check_answer: true,
      ingest: false,
      remove: false,
    });
    expect(tools.find((t) => t.name === 'remove')?.annotations?.destructiveHint).toBe(true);
  });

  test("describe check_answer's report loosely: fields the audit report gains pass through", async () => {
    const { tools } = await client.listTools();
    const schema = tools.find((t) => t.name === 'check_answer')!.outputSchema!;
    const validate = new Ajv({ strict: false }).compile(schema);
    const report = {
      format: 'cairn',
      schema: 'cairn-answer',
      ok: true,
      answer_text: 'Each value has an owner.',
      citations: [
        {
          index: 0,
          status: 'verified',
          code: 'quote_verified',
          detail: null,
          chunk_id: 'a1b2c3d4|r=0f3e2d1c|s=01-|p=000|b=001',
          resolved_chunk_id: 'a1b2c3d4|r=0f3e2d1c|s=01-|p=000|b=001',
          claim: 0,
        },
      ],
      summary: { citations: 1, verified: 1, repaired: 0, unverified: 0, claims: { supported: 1 } },
      claims: [{ text: 'Each value has an owner.', verdict: 'supported', reasons: [] }],
    };
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    // loose is not lax: a report without its verdicts does not pass
    const { citations: _dropped, ...withoutCitations } = report;
    expect(validate(withoutCitations)).toBe(false);
  });
});
