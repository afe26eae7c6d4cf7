import { request } from 'node:http';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  connectHttp,
  createMcpFixture,
  type McpFixture,
  startHttp,
  textOf,
} from './support/mcp-fixture.js';

let fixture: McpFixture;
const servers: ReturnType<typeof startHttp>[] = [];

beforeAll(async () => {
  fixture = await createMcpFixture();
});

afterAll(() => {
  for (const server of servers) server.child.kill('SIGKILL');
  fixture?.dispose();
});

function serve(args: string[], env: Record<string, string> = {}) {
  const server = startHttp(fixture, ['--db', fixture.db, ...args], env);
  servers.push(server);
  return server;
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: LATEST_PROTOCOL_VERSION,
    capabilities: {},
    clientInfo: { name: 'raw', version: '1' },
  },
});

/** A raw POST of an initialize request, with headers fetch would not let a test set (Host). */
function post(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => {
          body += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(INITIALIZE);
  });
}

describe('cairn mcp over Streamable HTTP, driven by the SDK client', () => {
  test('serves the tools on 127.0.0.1 at the current protocol revision', async () => {
    const server = serve([]);
    const url = await server.listening;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(server.stderr()).toContain('read-only: start with --allow-writes and CAIRN_TOKEN');
    const { client, transport } = await connectHttp(url);
    try {
      expect(transport.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual([
        'search',
        'read',
        'list_documents',
        'check_answer',
      ]);
      const result = await client.callTool({
        name: 'search',
        arguments: { query: 'spawn a new thread', k: 2 },
      });
      const hits = (
        result.structuredContent as { hits: { source_url: string; chunk_id: string }[] }
      ).hits;
      expect(hits[0]!.source_url).toBe('book/threads.md');
      const read = await client.callTool({
        name: 'read',
        arguments: { chunk_id: hits[0]!.chunk_id },
      });
      expect((read.structuredContent as { status: string }).status).toBe('live');
      const bad = await client.callTool({ name: 'search', arguments: { query: 'x', k: 0 } });
      expect(bad.isError).toBe(true);
      expect(textOf(bad)).toMatch(/^invalid_option: Bad arguments: k: /);
      const listed = await client.listResources();
      expect(listed.resources.length).toBeGreaterThan(2);
      const prompt = await client.getPrompt({
        name: 'answer_with_citations',
        arguments: { question: 'How do I spawn a thread?' },
      });
      expect((prompt.messages[0]!.content as { text: string }).text).toContain(hits[0]!.chunk_id);
      const ingest = await client.callTool({
        name: 'ingest',
        arguments: { paths: [fixture.spare] },
      });
      expect(textOf(ingest)).toMatch(/^writes_disabled: /);
    } finally {
      await client.close();
    }
  });

  test('writes need --allow-writes and the bearer token: none is unauthorized, a wrong one forbidden', async () => {
    const server = serve(['--allow-writes', '--ingest-workers', '1'], {
      CAIRN_TOKEN: 'mcp-secret',
    });
    const url = await server.listening;
    expect(server.stderr()).toContain('writes need the bearer token');
    const anonymous = await connectHttp(url);
    const wrong = await connectHttp(url, { authorization: 'Bearer not-the-token' });
    const right = await connectHttp(url, { authorization: 'Bearer mcp-secret' });
    try {
      const args = { name: 'ingest', arguments: { paths: [fixture.spare] } };
      const none = await anonymous.client.callTool(args);
      expect(none.isError).toBe(true);
      expect(textOf(none)).toMatch(/^unauthorized: /);
      expect(textOf(await wrong.client.callTool(args))).toMatch(/^forbidden: /);
      expect(
        textOf(
          await anonymous.client.callTool({
            name: 'remove',
            arguments: { targets: ['book/ownership.md'] },
          }),
        ),
      ).toMatch(/^unauthorized: /);
      // reads stay open to local callers without the token
      const search = await anonymous.client.callTool({
        name: 'search',
        arguments: { query: 'ownership' },
      });
      expect(search.isError).toBeFalsy();
      const listed = await anonymous.client.callTool({ name: 'list_documents', arguments: {} });
      expect((listed.structuredContent as { documents: unknown[] }).documents).toHaveLength(2);
      const ingest = await right.client.callTool(args);
      expect(ingest.isError, textOf(ingest)).toBeFalsy();
      expect(ingest.structuredContent).toMatchObject({ created: 1 });
      const removed = await right.client.callTool({
        name: 'remove',
        arguments: { targets: [fixture.spare], purge: true },
      });
      expect(removed.structuredContent).toMatchObject({ documents: [{ status: 'purged' }] });
    } finally {
      await Promise.all([anonymous.client.close(), wrong.client.close(), right.client.close()]);
    }
  });

  test('--allow-writes over http without CAIRN_TOKEN exits 2 before serving', async () => {
    const server = serve(['--allow-writes']);
    expect(await server.exited).toBe(2);
    expect(server.stderr()).toContain(
      'cairn: invalid_option: --allow-writes over http needs CAIRN_TOKEN',
    );
    await expect(server.listening).rejects.toThrow();
  });

  test('refuses a foreign Host (DNS rebinding) and a page of another origin; loopback pages pass', async () => {
    const server = serve([]);
    const url = await server.listening;
    const port = new URL(url).port;
    const foreignHost = await post(url, { host: `rebound.example:${port}` });
    expect(foreignHost.status).toBe(403);
    expect(JSON.parse(foreignHost.body)).toMatchObject({ error: { code: 'host_not_allowed' } });
    const foreignPage = await post(url, { origin: 'https://evil.example' });
    expect(foreignPage.status).toBe(403);
    expect(JSON.parse(foreignPage.body)).toMatchObject({ error: { code: 'cross_site_refused' } });
    const opaque = await post(url, { origin: 'null' });
    expect(opaque.status).toBe(403);
    const localPage = await post(url, { origin: 'http://localhost:6274' });
    expect(localPage.status).toBe(200);
    expect(JSON.parse(localPage.body)).toMatchObject({
      result: { protocolVersion: LATEST_PROTOCOL_VERSION, serverInfo: { name: 'cairn' } },
    });
    const get = await fetch(url);
    expect(get.status).toBe(405);
    const elsewhere = await fetch(url.replace(/\/mcp$/, '/other'), { method: 'POST' });
    expect(elsewhere.status).toBe(404);
  });

  test('--allow-origin lets a named page call the server', async () => {
    const server = serve(['--allow-origin', 'https://tools.example']);
    const url = await server.listening;
    expect((await post(url, { origin: 'https://tools.example' })).status).toBe(200);
    expect((await post(url, { origin: 'https://other.example' })).status).toBe(403);
  });
});
