import { spawnSync } from 'node:child_process';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openStore } from '../../src/index.js';
import { runCli } from '../store/support/run-cli.js';
import { connectStdio, createMcpFixture, type McpFixture, textOf } from './support/mcp-fixture.js';

interface Hit {
  chunk_id: string;
  section_id: string;
  source_url: string;
  text: string;
  citation: Record<string, unknown>;
}

let fixture: McpFixture;
let client: Client;

beforeAll(async () => {
  fixture = await createMcpFixture();
  client = await connectStdio(fixture, ['--db', fixture.db]);
});

afterAll(async () => {
  await client?.close();
  fixture?.dispose();
});

async function searchHits(query: string, k = 3): Promise<Hit[]> {
  const result = await client.callTool({ name: 'search', arguments: { query, k } });
  expect(result.isError, textOf(result)).toBeFalsy();
  return (result.structuredContent as { hits: Hit[] }).hits;
}

describe('cairn mcp over stdio, driven by the SDK client', () => {
  test('offers the read tools only, without --allow-writes, each with a description and both schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['search', 'read', 'list_documents', 'check_answer']);
    for (const tool of tools) {
      expect(tool.description?.length).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.annotations?.readOnlyHint).toBe(true);
    }
    expect(client.getServerVersion()?.name).toBe('cairn');
    expect(client.getInstructions()).toContain('check_answer');
  });

  test('search: hits with chunk ID, section, source, text and the citation payload, in structured and text form', async () => {
    const result = await client.callTool({
      name: 'search',
      arguments: { query: 'ownership rules', k: 2 },
    });
    const hits = (result.structuredContent as { hits: Hit[] }).hits;
    expect(hits).toHaveLength(2);
    expect(hits[0]!.source_url).toBe('book/ownership.md');
    expect(hits[0]!.text).toContain('Each value in Rust has an _owner_');
    expect(hits[0]!.citation).toMatchObject({
      snippet_id: hits[0]!.chunk_id,
      section_id: hits[0]!.section_id,
      offsets: { unit: 'char' },
    });
    expect(textOf(result)).toContain(`chunk_id: ${hits[0]!.chunk_id}`);
    expect(textOf(result)).toContain('Each value in Rust has an _owner_');
    const inDoc = await searchHits('thread spawn');
    expect(inDoc.length).toBeGreaterThan(0);
    const filtered = await client.callTool({
      name: 'search',
      arguments: { query: 'thread spawn', doc: 'book/ownership.md' },
    });
    for (const hit of (filtered.structuredContent as { hits: Hit[] }).hits)
      expect(hit.source_url).toBe('book/ownership.md');
  });

  test('search: more_queries fuses several phrasings into one ranking', async () => {
    const fused = await client.callTool({
      name: 'search',
      arguments: { query: 'ownership rules', more_queries: ['thread spawn'], k: 10 },
    });
    const structured = fused.structuredContent as { queries: string[]; hits: Hit[] };
    expect(structured.queries).toEqual(['ownership rules', 'thread spawn']);
    const sources = new Set(structured.hits.map((h) => h.source_url));
    // each phrasing finds its own chapter, and the fused list holds both
    expect(sources.size).toBeGreaterThan(1);
    expect(textOf(fused)).toContain('"ownership rules" + "thread spawn"');
  });

  test('search: bad arguments are tool errors with cairn codes the model can act on', async () => {
    const blank = await client.callTool({ name: 'search', arguments: { query: '', k: 500 } });
    expect(blank.isError).toBe(true);
    expect(textOf(blank)).toMatch(/^invalid_option: Bad arguments: query: .*; k: /);
    const spaces = await client.callTool({ name: 'search', arguments: { query: '   ' } });
    expect(textOf(spaces)).toMatch(/^empty_query: /);
    const vector = await client.callTool({
      name: 'search',
      arguments: { query: 'ownership', mode: 'vector' },
    });
    expect(textOf(vector)).toMatch(/^invalid_option: mode vector needs an embedder/);
    const chunker = await client.callTool({
      name: 'search',
      arguments: { query: 'ownership', chunker: 'no-such-chunker' },
    });
    expect(textOf(chunker)).toMatch(/^unknown_chunker: /);
    const missing = await client.callTool({ name: 'search', arguments: {} });
    expect(textOf(missing)).toMatch(/^invalid_option: Bad arguments: query: /);
  });

  test('read: a chunk with its neighbours, and a whole section by its section_id', async () => {
    const [hit] = await searchHits('ownership rules', 1);
    const result = await client.callTool({
      name: 'read',
      arguments: { chunk_id: hit!.chunk_id, before: 1, after: 2 },
    });
    const read = result.structuredContent as {
      status: string;
      redirected: boolean;
      chunks: { chunk_id: string; requested: boolean; text: string }[];
    };
    expect(read.status).toBe('live');
    expect(read.redirected).toBe(false);
    expect(read.chunks).toHaveLength(4);
    expect(read.chunks.filter((c) => c.requested).map((c) => c.chunk_id)).toEqual([hit!.chunk_id]);
    expect(read.chunks[1]!.chunk_id).toBe(hit!.chunk_id);
    // neighbours in reading order: chunk IDs sort in reading order within a document
    const ids = read.chunks.map((c) => c.chunk_id);
    expect([...ids].sort()).toEqual(ids);
    const section = await client.callTool({
      name: 'read',
      arguments: { section: hit!.section_id, doc: hit!.source_url },
    });
    const chunks = (section.structuredContent as { chunks: { text: string }[] }).chunks;
    expect(chunks.map((c) => c.text).join('\n')).toContain(hit!.text);
  });

  test('read: bad arguments and unknown IDs are tool errors with cairn codes', async () => {
    const neither = await client.callTool({ name: 'read', arguments: {} });
    expect(textOf(neither)).toMatch(/^invalid_option: Give chunk_id, or section with doc/);
    const malformed = await client.callTool({
      name: 'read',
      arguments: { chunk_id: 'no-such|id' },
    });
    expect(malformed.isError).toBe(true);
    expect(textOf(malformed)).toMatch(/^malformed_chunk_id: /);
    const unknown = await client.callTool({
      name: 'read',
      arguments: { chunk_id: 'ffffffff|r=00000000|s=01-|p=000|b=001' },
    });
    expect(textOf(unknown)).toMatch(/^chunk_not_found: /);
    const far = await client.callTool({
      name: 'read',
      arguments: { chunk_id: 'ffffffff|r=00000000|s=01-|p=000|b=001', before: 99 },
    });
    expect(textOf(far)).toMatch(/^invalid_option: Bad arguments: before: /);
    const noDoc = await client.callTool({ name: 'read', arguments: { section: '1' } });
    expect(textOf(noDoc)).toMatch(/^invalid_option: section needs doc/);
    const wrongDoc = await client.callTool({
      name: 'read',
      arguments: { section: '1', doc: 'book/none.md' },
    });
    expect(textOf(wrongDoc)).toMatch(/^document_not_found: /);
  });

  test('list_documents: what the store holds, by path, with bad limits refused', async () => {
    const all = await client.callTool({ name: 'list_documents', arguments: {} });
    const docs = (all.structuredContent as { documents: { source_url: string; uri: string }[] })
      .documents;
    expect(docs.map((d) => d.source_url).sort()).toEqual(['book/ownership.md', 'book/threads.md']);
    expect(docs[0]!.uri).toMatch(/^cairn:\/\/documents\//);
    expect(textOf(all)).toContain('book/threads.md');
    const paged = await client.callTool({ name: 'list_documents', arguments: { limit: 1 } });
    const next = (paged.structuredContent as { next_after: number | null }).next_after;
    expect(next).not.toBeNull();
    const rest = await client.callTool({ name: 'list_documents', arguments: { after: next } });
    expect((rest.structuredContent as { documents: unknown[] }).documents).toHaveLength(1);
    const none = await client.callTool({
      name: 'list_documents',
      arguments: { under: 'elsewhere' },
    });
    expect((none.structuredContent as { documents: unknown[] }).documents).toEqual([]);
    const bad = await client.callTool({ name: 'list_documents', arguments: { limit: 0 } });
    expect(textOf(bad)).toMatch(/^invalid_option: Bad arguments: limit: /);
  });

  test('check_answer: one fabricated quote comes back unverified, the true one verified', async () => {
    const [hit] = await searchHits('ownership rules', 1);
    const answer = {
      answer: 'Each value in Rust has one owner at a time.',
      citations: [
        { ...hit!.citation, quote: 'Each value in Rust has an _owner_.' },
        {
          ...hit!.citation,
          quote: 'A value may have as many owners as the borrow checker allows.',
        },
      ],
    };
    const result = await client.callTool({ name: 'check_answer', arguments: { answer } });
    expect(result.isError).toBeFalsy();
    const report = result.structuredContent as {
      ok: boolean;
      citations: { status: string; code: string; chunk_id: string }[];
      summary: { verified: number; unverified: number };
    };
    expect(report.ok).toBe(false);
    expect(report.citations.map((c) => [c.status, c.code])).toEqual([
      ['verified', 'quote_verified'],
      ['unverified', 'quote_not_found'],
    ]);
    expect(report.summary).toMatchObject({ verified: 1, unverified: 1 });
    expect(textOf(result)).toContain('[1] unverified (quote_not_found)');
    // the answer as JSON text reads the same
    const asText = await client.callTool({
      name: 'check_answer',
      arguments: { answer: JSON.stringify(answer) },
    });
    expect((asText.structuredContent as { ok: boolean }).ok).toBe(false);
  });

  test('check_answer: an answer it cannot read is a tool error with its code', async () => {
    const notJson = await client.callTool({
      name: 'check_answer',
      arguments: { answer: '{"citations": [' },
    });
    expect(textOf(notJson)).toMatch(/^malformed_json: /);
    const shape = await client.callTool({
      name: 'check_answer',
      arguments: { answer: { nothing: 1 } },
    });
    expect(textOf(shape)).toMatch(/^unknown_answer_shape: /);
    const format = await client.callTool({
      name: 'check_answer',
      arguments: { answer: { answer: 'x', citations: [] }, format: 'klingon' },
    });
    expect(textOf(format)).toMatch(/^invalid_option: Bad arguments: format: /);
  });

  test('refuses writes without --allow-writes: the store is left as it was', async () => {
    const ingest = await client.callTool({ name: 'ingest', arguments: { paths: [fixture.spare] } });
    expect(ingest.isError).toBe(true);
    expect(textOf(ingest)).toMatch(
      /^writes_disabled: ingest writes to the store: start cairn mcp with --allow-writes/,
    );
    const remove = await client.callTool({
      name: 'remove',
      arguments: { targets: ['book/ownership.md'] },
    });
    expect(textOf(remove)).toMatch(/^writes_disabled: /);
    const store = await openStore({ db: fixture.db, readonly: true });
    try {
      expect((await store.counts()).documents).toBe(2);
    } finally {
      await store.close();
    }
  });

  test('resources: documents and chunks as templates, listed with titles, read by URI', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      'cairn://documents/{doc_uid}',
      'cairn://chunks/{chunk_id}',
    ]);
    const { resources } = await client.listResources();
    const documents = resources.filter((r) => r.uri.startsWith('cairn://documents/'));
    const chunks = resources.filter((r) => r.uri.startsWith('cairn://chunks/'));
    expect(documents).toHaveLength(2);
    expect(chunks.length).toBeGreaterThan(10);
    expect(documents.map((d) => d.title).sort()).toEqual([
      'Using Threads to Run Code Simultaneously',
      'What Is Ownership?',
    ]);
    for (const chunk of chunks) expect(chunk.title).toMatch(/\(book\/(ownership|threads)\.md\)$/);
    const [hit] = await searchHits('ownership rules', 1);
    const uri = `cairn://chunks/${encodeURIComponent(hit!.chunk_id)}`;
    expect(chunks.map((c) => c.uri)).toContain(uri);
    const read = await client.readResource({ uri });
    expect(read.contents[0]).toMatchObject({ uri, mimeType: 'text/plain', text: hit!.text });
    expect(read.contents[0]!._meta?.['cairn/chunk']).toMatchObject({
      chunk_id: hit!.chunk_id,
      section_id: hit!.section_id,
      offsets: hit!.citation.offsets,
      redirected: false,
    });
    const doc = await client.readResource({ uri: documents[0]!.uri });
    expect((doc.contents[0] as { text: string }).text.length).toBeGreaterThan(5000);
    await expect(client.readResource({ uri: 'cairn://documents/nope' })).rejects.toMatchObject({
      code: -32002,
    });
  });

  test('prompt: answer_with_citations fills the answer contract with the question and the hits', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['answer_with_citations']);
    const [hit] = await searchHits('What are the ownership rules?', 1);
    const prompt = await client.getPrompt({
      name: 'answer_with_citations',
      arguments: { question: 'What are the ownership rules?', k: '3' },
    });
    const text = (prompt.messages[0]!.content as { text: string }).text;
    expect(text).toContain('Contract:');
    expect(text).toContain('Question: What are the ownership rules?');
    expect(text).toContain(hit!.chunk_id);
    expect(text.match(/<source index=/g)).toHaveLength(3);
    await expect(
      client.getPrompt({ name: 'answer_with_citations', arguments: { question: 'x', k: 'many' } }),
    ).rejects.toThrow(/invalid_option/);
  });
});

describe('cairn mcp --allow-writes over stdio', () => {
  test('ingests a file inside the root and removes it; a path outside the root is refused', async () => {
    const writer = await connectStdio(fixture, [
      '--db',
      fixture.db,
      '--allow-writes',
      '--ingest-workers',
      '1',
    ]);
    try {
      const names = (await writer.listTools()).tools.map((t) => t.name);
      expect(names).toEqual([
        'search',
        'read',
        'list_documents',
        'check_answer',
        'ingest',
        'remove',
      ]);
      const ingest = await writer.callTool({
        name: 'ingest',
        arguments: { paths: [fixture.spare] },
      });
      expect(ingest.isError, textOf(ingest)).toBeFalsy();
      expect(ingest.structuredContent).toMatchObject({
        files: 1,
        created: 1,
        documents: [{ source_url: 'more/vectors.md', status: 'created' }],
      });
      const found = await writer.callTool({
        name: 'search',
        arguments: { query: 'Vec::new vector', doc: 'more/vectors.md', k: 1 },
      });
      expect((found.structuredContent as { hits: unknown[] }).hits).toHaveLength(1);
      const outside = await writer.callTool({ name: 'ingest', arguments: { paths: ['../'] } });
      expect(textOf(outside)).toMatch(/^path_outside_root: /);
      const none = await writer.callTool({ name: 'ingest', arguments: { paths: [] } });
      expect(textOf(none)).toMatch(/^invalid_option: Bad arguments: paths: /);
      const removed = await writer.callTool({
        name: 'remove',
        arguments: { targets: ['more/vectors.md', 'more/none.md'] },
      });
      expect(removed.structuredContent).toMatchObject({
        documents: [{ source_url: 'more/vectors.md', status: 'removed' }],
        not_found: ['more/none.md'],
      });
    } finally {
      await writer.close();
    }
  });
});

describe('cairn mcp --embedder', () => {
  test('searches in hybrid mode with the embedder the store was embedded with', async () => {
    const embedded = runCli(fixture.cli, fixture.dir, ['embed', '--embedder', 'hash']);
    expect(embedded.code, embedded.stderr).toBe(0);
    const hybrid = await connectStdio(fixture, ['--db', fixture.db, '--embedder', 'hash']);
    try {
      const result = await hybrid.callTool({
        name: 'search',
        arguments: { query: 'ownership rules', k: 3, mode: 'hybrid' },
      });
      expect(result.isError, textOf(result)).toBeFalsy();
      const found = result.structuredContent as {
        mode: string;
        hits: { citation: { embed_model: string; delta_s?: number | null } }[];
      };
      expect(found.mode).toBe('hybrid');
      expect(found.hits).toHaveLength(3);
      for (const hit of found.hits) {
        expect(hit.citation.embed_model).toMatch(/^hash/);
        expect(typeof hit.citation.delta_s).toBe('number');
      }
    } finally {
      await hybrid.close();
    }
  });
});

describe('cairn mcp at start', () => {
  test('a store that cannot be opened exits 2 with the usual message', () => {
    const run = spawnSync(process.execPath, [fixture.cli, 'mcp', '--db', 'missing/cairn.db'], {
      cwd: fixture.dir,
      encoding: 'utf8',
      env: { ...process.env, CAIRN_DB: '' },
      input: '',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^cairn: store_unavailable: /);
    expect(run.stdout).toBe('');
  });

  test('answers every request written before stdin closes, then exits 0', () => {
    const messages = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'script', version: '1' },
        },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'search', arguments: { query: 'ownership rules', k: 1 } },
      },
    ];
    const run = spawnSync(process.execPath, [fixture.cli, 'mcp', '--db', fixture.db], {
      cwd: fixture.dir,
      encoding: 'utf8',
      input: messages.map((m) => `${JSON.stringify(m)}\n`).join(''),
    });
    expect(run.status, run.stderr).toBe(0);
    const replies = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: number; result?: { structuredContent?: unknown } });
    expect(replies.map((r) => r.id)).toEqual([1, 2]);
    expect(replies[1]!.result?.structuredContent).toMatchObject({ hits: [{}] });
  });

  test('an unknown transport exits 2', () => {
    const run = spawnSync(process.execPath, [fixture.cli, 'mcp', '--transport', 'carrier-pigeon'], {
      cwd: fixture.dir,
      encoding: 'utf8',
      env: { ...process.env, CAIRN_DB: '' },
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('cairn: invalid_option: --transport must be stdio or http');
  });
});
