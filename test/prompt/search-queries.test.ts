import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPrompt } from '../../src/cli/commands/prompt.js';
import { isCairnError } from '../../src/errors.js';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { buildQueriesPrompt } from '../../src/prompt/build-queries-prompt.js';
import { readSearchQueries } from '../../src/prompt/read-search-queries.js';
import { readStoreOutline } from '../../src/prompt/read-store-outline.js';
import { search } from '../../src/search/search.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkStore } from '../../src/store/types.js';
import { corpusPath } from '../corpora.js';
import { captureIo } from '../support/capture-io.js';
import { ANTHROPIC_MESSAGES_REQUEST, OPENAI_CHAT_REQUEST } from './provider-request-schemas.js';

const CHAPTERS = [
  'ch04-01-what-is-ownership.md',
  'ch04-02-references-and-borrowing.md',
  'ch16-01-threads.md',
];
const QUESTION = 'Can I keep using a value after handing it to a function?';
const REPLY =
  '["ownership moved into function parameter", "move semantics value no longer valid", "borrow a reference instead of taking ownership"]';

const ajv = new Ajv2020({ allErrors: true, strict: true });
const anthropicAccepts = ajv.compile(ANTHROPIC_MESSAGES_REQUEST);
const openaiAccepts = ajv.compile(OPENAI_CHAT_REQUEST);

let dir: string;
let db: string;
let store: ChunkStore;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cairn-queries-'));
  db = join(dir, 'cairn.db');
  store = await openStore({ db });
  const summary = await ingestSources(store, CHAPTERS, {
    workers: 0,
    cwd: corpusPath('rustbook'),
  });
  expect(summary.failed).toBe(0);
});

afterAll(async () => {
  await store?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('search-queries prompt', () => {
  it("tells the model the store's document and section titles, within the bound", async () => {
    const outline = await readStoreOutline(store);
    expect(outline.documents.map((d) => d.title)).toEqual(
      expect.arrayContaining(['What Is Ownership?', 'References and Borrowing']),
    );
    const ownership = outline.documents.find((d) => d.title === 'What Is Ownership?')!;
    expect(ownership.sections).toEqual(
      expect.arrayContaining(['Ownership Rules', 'Variables and Data Interacting with Move']),
    );
    // the title is said once
    expect(ownership.sections).not.toContain('What Is Ownership?');
    const small = await readStoreOutline(store, { max_chars: 300 });
    expect(small.truncated).toBe(true);
    const size = small.documents.reduce(
      (n, d) => n + d.title.length + d.sections.reduce((m, s) => m + s.length + 2, 0),
      0,
    );
    expect(size).toBeLessThanOrEqual(300);
    const { body } = buildQueriesPrompt(QUESTION, small, { provider: 'plain' });
    expect(String(body.prompt)).toContain('(and more)');
  });

  it('writes request bodies the providers accept, each asking for a JSON array of queries', async () => {
    const outline = await readStoreOutline(store);
    const anthropic = buildQueriesPrompt(QUESTION, outline, { provider: 'anthropic' });
    expect(anthropicAccepts(anthropic.body), JSON.stringify(anthropicAccepts.errors)).toBe(true);
    expect(anthropic.target.endpoint).toBe('POST https://api.anthropic.com/v1/messages');
    const openai = buildQueriesPrompt(QUESTION, outline, { provider: 'openai', model: 'gpt-4.1' });
    expect(openaiAccepts(openai.body), JSON.stringify(openaiAccepts.errors)).toBe(true);
    expect(openai.body.model).toBe('gpt-4.1');
    const plain = buildQueriesPrompt(QUESTION, outline, { provider: 'plain' });
    const text = String(plain.body.prompt);
    expect(text).toContain(`Question: ${QUESTION}`);
    expect(text).toContain('What Is Ownership?: ');
    expect(text).toContain('JSON array of strings');
    expect(() => buildQueriesPrompt(' ', outline, { provider: 'plain' })).toThrow(
      expect.objectContaining({ code: 'empty_query' }),
    );
    expect(() => buildQueriesPrompt(QUESTION, outline, { provider: 'cohere' as 'plain' })).toThrow(
      expect.objectContaining({ code: 'invalid_option' }),
    );
  });

  it('cairn prompt --style search-queries prints the body; --provider needs that style', async () => {
    const c = captureIo();
    const flags = { db, style: 'search-queries', provider: 'anthropic', json: true };
    expect(await runPrompt(QUESTION, flags, c.io)).toBe(0);
    const body = JSON.parse(c.out());
    expect(anthropicAccepts(body)).toBe(true);
    expect(c.err()).toContain('send it: POST https://api.anthropic.com/v1/messages');
    const plain = captureIo();
    expect(await runPrompt(QUESTION, { db, style: 'search-queries' }, plain.io)).toBe(0);
    expect(plain.out()).toContain('Documents:\n- ');
    const wrong = captureIo();
    expect(await runPrompt(QUESTION, { db, provider: 'openai' }, wrong.io)).toBe(2);
    expect(wrong.err()).toContain('invalid_option');
  });
});

describe('readSearchQueries', () => {
  const expected = JSON.parse(REPLY);

  it('reads the queries from every response shape cairn audit reads, fenced or not', () => {
    const responses = [
      // Anthropic Messages
      { id: 'msg_1', type: 'message', role: 'assistant', content: [{ type: 'text', text: REPLY }] },
      // OpenAI Chat Completions, the reply fenced as chat models often do
      {
        object: 'chat.completion',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: `\`\`\`json\n${REPLY}\n\`\`\`` },
            finish_reason: 'stop',
          },
        ],
      },
      // OpenAI Responses
      {
        object: 'response',
        output: [
          { type: 'message', content: [{ type: 'output_text', text: REPLY, annotations: [] }] },
        ],
      },
      // Cohere v2 chat
      { message: { role: 'assistant', content: [{ type: 'text', text: REPLY }], citations: [] } },
      // Gemini
      { candidates: [{ content: { parts: [{ text: REPLY }], role: 'model' } }] },
    ];
    for (const response of responses)
      expect(readSearchQueries(JSON.stringify(response))).toEqual(expected);
  });

  it('reads a reply pasted as is: the array, {queries}, or one query per line', () => {
    expect(readSearchQueries(REPLY)).toEqual(expected);
    expect(readSearchQueries(JSON.stringify({ queries: expected }))).toEqual(expected);
    expect(readSearchQueries(`1. ${expected[0]}\n2. ${expected[1]}\n- ${expected[2]}\n`)).toEqual(
      expected,
    );
    // repeats and blanks go
    expect(readSearchQueries('["a  b", "a b", " "]')).toEqual(['a b']);
  });

  it('a reply with no queries, or JSON of another shape, is a typed error', () => {
    expect(() => readSearchQueries('[]')).toThrow(expect.objectContaining({ code: 'empty_query' }));
    try {
      readSearchQueries('{"answer": [1]}');
      expect.unreachable();
    } catch (error) {
      expect(isCairnError(error, 'unknown_answer_shape')).toBe(true);
    }
  });

  it('the queries read back search the store as one fused ranking', async () => {
    const queries = readSearchQueries(REPLY);
    const result = await search(store, { queries }, { trace_log: false });
    expect(result.queries).toEqual(queries);
    expect(result.hits[0]!.queries!.length).toBeGreaterThan(0);
  });
});
