import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dropSchema, PG_URL, postgresSkipReason, uniqueSchema } from '../store/pg-support.js';
import { runCli } from '../store/support/run-cli.js';
import { connectStdio, createMcpFixture, type McpFixture, textOf } from './support/mcp-fixture.js';

const skip = await postgresSkipReason();
const schema = uniqueSchema('cairn_mcp');

/** The same server over a PostgreSQL store: the tools read through the library, whatever the backend. */
describe.skipIf(skip !== null)('cairn mcp over a PostgreSQL store', () => {
  let fixture: McpFixture;
  let client: Client;

  beforeAll(async () => {
    fixture = await createMcpFixture();
    const ingested = runCli(
      fixture.cli,
      fixture.dir,
      ['ingest', 'book', '--workers', '0', '--db', PG_URL],
      {
        CAIRN_PG_SCHEMA: schema,
      },
    );
    expect(ingested.code, ingested.stderr).toBe(0);
    client = await connectStdio(fixture, ['--db', PG_URL, '--schema', schema]);
  });

  afterAll(async () => {
    await client?.close();
    fixture?.dispose();
    await dropSchema(schema);
  });

  test('searches, reads and checks an answer with a fabricated quote', async () => {
    const found = await client.callTool({
      name: 'search',
      arguments: { query: 'ownership rules', k: 1 },
    });
    const [hit] = (
      found.structuredContent as {
        hits: { chunk_id: string; text: string; citation: Record<string, unknown> }[];
      }
    ).hits;
    expect(hit!.text).toContain('Each value in Rust has an _owner_');
    const read = await client.callTool({
      name: 'read',
      arguments: { chunk_id: hit!.chunk_id, after: 1 },
    });
    expect((read.structuredContent as { chunks: unknown[] }).chunks).toHaveLength(2);
    const checked = await client.callTool({
      name: 'check_answer',
      arguments: {
        answer: {
          answer: 'Each value has one owner.',
          citations: [
            { ...hit!.citation, quote: 'There can only be one owner at a time.' },
            { ...hit!.citation, quote: 'Values are owned by the garbage collector.' },
          ],
        },
      },
    });
    const report = checked.structuredContent as { citations: { status: string }[] };
    expect(report.citations.map((c) => c.status)).toEqual(['verified', 'unverified']);
    const bad = await client.callTool({ name: 'read', arguments: { chunk_id: 'x|y' } });
    expect(textOf(bad)).toMatch(/^malformed_chunk_id: /);
  });
});
