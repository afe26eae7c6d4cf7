import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditAnswer } from '../../src/cite/audit/audit-answer.js';
import { ANSWER_CITATION_FIELDS } from '../../src/cite/citation-contract.js';
import { sentencePieces } from '../../src/cite/claims/sentence-spans.js';
import { validateAnswer } from '../../src/cite/validate-answer.js';
import { verifyAnswer } from '../../src/cite/verify-answer.js';
import { isCairnError } from '../../src/errors.js';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { strictAnswerSchema } from '../../src/prompt/answer-json-schema.js';
import { buildPrompt } from '../../src/prompt/build-prompt.js';
import { PROMPT_STYLES, PROMPT_TARGETS } from '../../src/prompt/prompt-styles.js';
import { search } from '../../src/search/search.js';
import type { SearchHit } from '../../src/search/types.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkStore } from '../../src/store/types.js';
import { corpusPath } from '../corpora.js';
import {
  ANTHROPIC_MESSAGES_REQUEST,
  COHERE_CHAT_V2_REQUEST,
  OPENAI_CHAT_REQUEST,
  strictModeBreaches,
} from './provider-request-schemas.js';

const CHAPTERS = ['ch04-01-what-is-ownership.md', 'ch04-02-references-and-borrowing.md'];
const QUESTION = 'What does the borrow checker reject?';

const ajv = new Ajv2020({ allErrors: true, strict: true });
const anthropicAccepts = ajv.compile(ANTHROPIC_MESSAGES_REQUEST);
const openaiAccepts = ajv.compile(OPENAI_CHAT_REQUEST);
const cohereAccepts = ajv.compile(COHERE_CHAT_V2_REQUEST);

let dir: string;
let store: ChunkStore;
let hits: SearchHit[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cairn-prompt-'));
  for (const chapter of CHAPTERS) copyFileSync(corpusPath('rustbook', chapter), join(dir, chapter));
  store = await openStore({ db: join(dir, 'cairn.db') });
  expect((await ingestSources(store, CHAPTERS, { workers: 0, cwd: dir })).failed).toBe(0);
  hits = (await search(store, QUESTION, { k: 4, trace_log: false })).hits;
  expect(hits).toHaveLength(4);
});

afterAll(async () => {
  await store?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const errors = (validate: { errors?: unknown }) => JSON.stringify(validate.errors ?? null);

describe('buildPrompt: anthropic-search-results', () => {
  it('writes one search_result per hit, its source the chunk ID, citations enabled, then the question', () => {
    const request = buildPrompt(hits, QUESTION, { style: 'anthropic-search-results' });
    expect(anthropicAccepts(request.body), errors(anthropicAccepts)).toBe(true);
    expect(request.target).toMatchObject({
      provider: 'anthropic',
      endpoint: 'POST https://api.anthropic.com/v1/messages',
      api_version: '2023-06-01',
      headers: { 'anthropic-version': '2023-06-01' },
    });
    const body = request.body as {
      model: string;
      max_tokens: number;
      messages: { role: string; content: Record<string, unknown>[] }[];
    };
    expect([body.model, body.max_tokens]).toEqual(['claude-sonnet-4-5', 1024]);
    expect(body.messages).toHaveLength(1);
    const content = body.messages[0]!.content;
    expect(content).toHaveLength(hits.length + 1);
    for (const [i, hit] of hits.entries())
      expect(content[i]).toEqual({
        type: 'search_result',
        source: hit.snippet_id,
        title: hit.heading_path.join(' > '),
        content: sentencePieces(hit.text).map((text) => ({ type: 'text', text })),
        citations: { enabled: true },
      });
    expect(content.at(-1)).toEqual({ type: 'text', text: QUESTION });
    // a citation's search_result_index is the source's place in this list
    expect(request.sources.map((s) => [s.index, s.snippet_id])).toEqual(
      hits.map((h, i) => [i, h.snippet_id]),
    );
  });
});

describe('buildPrompt: anthropic-documents', () => {
  it('writes one plain-text document per hit, titled with its chunk ID, its citation in context', () => {
    const request = buildPrompt(hits, QUESTION, {
      style: 'anthropic-documents',
      model: 'claude-opus-4-1',
      max_tokens: 2000,
    });
    expect(anthropicAccepts(request.body), errors(anthropicAccepts)).toBe(true);
    const body = request.body as {
      model: string;
      max_tokens: number;
      messages: { content: Record<string, unknown>[] }[];
    };
    expect([body.model, body.max_tokens]).toEqual(['claude-opus-4-1', 2000]);
    const content = body.messages[0]!.content;
    for (const [i, hit] of hits.entries()) {
      const block = content[i] as Record<string, unknown> & { context: string };
      expect(block).toMatchObject({
        type: 'document',
        source: { type: 'text', media_type: 'text/plain', data: hit.text },
        title: hit.snippet_id,
        citations: { enabled: true },
      });
      // char_location indices count within `data`: the chunk's text, which starts at offsets.start
      expect(JSON.parse(block.context)).toEqual({
        snippet_id: hit.snippet_id,
        doc_id: hit.doc_id,
        section_id: hit.section_id,
        source_url: hit.source_url,
        offsets: hit.offsets,
        rev: hit.rev,
        heading_path: hit.heading_path,
      });
    }
    expect(content.at(-1)).toEqual({ type: 'text', text: QUESTION });
  });
});

describe('buildPrompt: cohere-documents', () => {
  it('writes one document per hit, its id the chunk ID, its data the title and text', () => {
    const request = buildPrompt(hits, QUESTION, { style: 'cohere-documents', max_tokens: 700 });
    expect(cohereAccepts(request.body), errors(cohereAccepts)).toBe(true);
    expect(request.target).toMatchObject({
      provider: 'cohere',
      endpoint: 'POST https://api.cohere.com/v2/chat',
      default_model: 'command-a-03-2025',
    });
    const body = request.body as {
      model: string;
      max_tokens: number;
      messages: { role: string; content: string }[];
      documents: { id: string; data: { title: string; text: string } }[];
    };
    expect([body.model, body.max_tokens]).toEqual(['command-a-03-2025', 700]);
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(body.messages[1]!.content).toBe(QUESTION);
    expect(body.documents.map((d) => [d.id, d.data.text])).toEqual(
      hits.map((h) => [h.snippet_id, h.text]),
    );
    expect(body.documents[0]!.data.title).not.toBe('');
    expect('max_tokens' in buildPrompt(hits, QUESTION, { style: 'cohere-documents' }).body).toBe(
      false,
    );
  });

  it('a citation of a document sent comes back naming its chunk, and its quote verifies', async () => {
    const { body } = buildPrompt(hits, QUESTION, { style: 'cohere-documents' });
    const documents = (body as { documents: { id: string; data: { text: string } }[] }).documents;
    // a whole line of the chunk: the exact characters the model was sent
    const words = documents[1]!.data.text
      .split('\n')
      .reduce((a, b) => (b.length > a.length ? b : a), '');
    const text = `It says: ${words}.`;
    // a v2 response cites by the document's id, as sent (doc:1 is only for documents sent without one)
    const response = {
      id: 'r',
      finish_reason: 'COMPLETE',
      message: {
        role: 'assistant',
        content: [{ type: 'text', text }],
        citations: [
          {
            start: 9,
            end: 9 + [...words].length,
            text: words,
            type: 'TEXT_CONTENT',
            sources: [
              { type: 'document', id: documents[1]!.id, document: { id: documents[1]!.id } },
            ],
          },
        ],
      },
    };
    const report = await auditAnswer(store, JSON.stringify(response), {
      request: JSON.stringify(body),
    });
    expect(report.citations.map((c) => [c.status, c.chunk_id, c.quote?.status])).toEqual([
      ['verified', hits[1]!.snippet_id, 'exact'],
    ]);
  });
});

describe('buildPrompt: openai-json-schema', () => {
  it('asks for the auditable answer with a strict json_schema response_format', () => {
    const request = buildPrompt(hits, QUESTION, { style: 'openai-json-schema' });
    expect(openaiAccepts(request.body), errors(openaiAccepts)).toBe(true);
    const body = request.body as {
      model: string;
      messages: { role: string; content: string }[];
      response_format: {
        json_schema: { name: string; strict: boolean; schema: Record<string, unknown> };
      };
    };
    expect(body.model).toBe('gpt-4o-2024-08-06');
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(body.messages[0]!.content).toContain('You must cite before you explain.');
    for (const hit of hits) {
      expect(body.messages[1]!.content).toContain(hit.text);
      expect(body.messages[1]!.content).toContain(`"snippet_id":${JSON.stringify(hit.snippet_id)}`);
    }
    expect(body.messages[1]!.content.endsWith(`Question: ${QUESTION}`)).toBe(true);
    const format = body.response_format.json_schema;
    expect([format.name, format.strict]).toEqual(['auditable_answer', true]);
    expect(format.schema).toEqual(strictAnswerSchema());
    expect(strictModeBreaches(format.schema)).toEqual([]);
    expect('max_completion_tokens' in body).toBe(false);
    const capped = buildPrompt(hits, QUESTION, { style: 'openai-json-schema', max_tokens: 500 });
    expect(capped.body.max_completion_tokens).toBe(500);
  });

  it("the strict schema is the auditable answer's: cite first, the contract's fields and a quote", () => {
    const schema = strictAnswerSchema() as {
      properties: Record<string, { items?: { properties: Record<string, unknown> } }>;
      required: string[];
    };
    // Structured Outputs emit keys in schema order: citations before the answer (seed rule 1)
    expect(Object.keys(schema.properties)).toEqual(['citations', 'answer', 'ΔS', 'λ']);
    expect(Object.keys(schema.properties.citations!.items!.properties)).toEqual([
      ...ANSWER_CITATION_FIELDS,
      'quote',
    ]);
    // an answer the model can give under it is one cairn's own schema and validator accept
    const answer = {
      citations: hits.slice(0, 2).map((h) => ({
        snippet_id: h.snippet_id,
        section_id: h.section_id,
        source_url: h.source_url,
        offsets: h.offsets,
        tokens: h.tokens,
        quote: h.text.split(/\s+/u).slice(0, 6).join(' '),
      })),
      answer: 'References must always be valid.',
      ΔS: 0.3,
      λ: 'convergent',
    };
    const strict = new Ajv2020({ strict: true }).compile(strictAnswerSchema());
    expect(strict(answer), errors(strict)).toBe(true);
    const cairn = new Ajv2020({ strict: true });
    cairn.addSchema(JSON.parse(readFileSync('schemas/citation-payload.v1.schema.json', 'utf8')));
    const cairnAccepts = cairn.compile(
      JSON.parse(readFileSync('schemas/auditable-answer.v1.schema.json', 'utf8')),
    );
    expect(cairnAccepts(answer), errors(cairnAccepts)).toBe(true);
    expect(validateAnswer(answer, { allow_cross_section_reuse: true })).toMatchObject({ ok: true });
    // and what it refuses, the strict schema refuses too
    expect(strict({ ...answer, extra: 1 })).toBe(false);
    expect(strict({ answer: answer.answer, ΔS: 0.3, λ: 'x' })).toBe(false);
    expect(strict({ ...answer, citations: [{ ...answer.citations[0], unit: 'token' }] })).toBe(
      false,
    );
  });

  it('an answer copied from the prompt verifies against the store', async () => {
    const h = hits[0]!;
    const answer = {
      citations: [
        {
          snippet_id: h.snippet_id,
          section_id: h.section_id,
          source_url: h.source_url,
          offsets: h.offsets,
          tokens: h.tokens,
          quote: h.text.split(/\s+/u).slice(2, 9).join(' '),
        },
      ],
      answer: 'The borrow checker rejects invalid references.',
      ΔS: 0.3,
      λ: 'convergent',
    };
    const result = await verifyAnswer(store, answer);
    expect(result.citations.map((c) => c.status)).toEqual(['verified']);
  });
});

describe('buildPrompt: plain', () => {
  it("is seed 001's contract, the sources with the fields to copy, and the question", () => {
    const request = buildPrompt(hits, QUESTION, { style: 'plain' });
    expect(Object.keys(request.body)).toEqual(['prompt']);
    const prompt = request.body.prompt as string;
    expect(request.target).toMatchObject({ provider: null, endpoint: null });
    for (const line of [
      '- You must cite before you explain.',
      '- Each citation item = {snippet_id, section_id, source_url, offsets, tokens, quote}',
      '- All citations in one segment must share the same section_id unless I set allow_cross_section=true. allow_cross_section=false.',
      '- If any field is missing or inconsistent, stop and return {"error": "<field>", "fix": "<page to open>"}.',
      'Return JSON only, no text before or after it:',
    ])
      expect(prompt).toContain(line);
    // cite first: the contract comes before the sources, the question last
    expect(prompt.indexOf('Contract:')).toBe(0);
    expect(prompt.endsWith(`Question: ${QUESTION}`)).toBe(true);
    for (const [i, hit] of hits.entries()) {
      const header = JSON.stringify({
        snippet_id: hit.snippet_id,
        section_id: hit.section_id,
        source_url: hit.source_url,
        offsets: hit.offsets,
        tokens: hit.tokens,
      });
      expect(prompt).toContain(`<source index="${i}">\n${header}\n${hit.text}\n</source>`);
    }
    const allowed = buildPrompt(hits, QUESTION, { style: 'plain', allow_cross_section: true });
    expect(allowed.body.prompt).toContain('allow_cross_section=true.');
  });
});

describe('buildPrompt refuses what it cannot write', () => {
  const code = (f: () => unknown): string | null => {
    try {
      f();
      return null;
    } catch (error) {
      return isCairnError(error) ? error.code : 'not a CairnError';
    }
  };

  it('an unknown style, a blank question, no hits, a bad model or max_tokens', () => {
    expect(code(() => buildPrompt(hits, QUESTION, { style: 'gemini' as never }))).toBe(
      'invalid_option',
    );
    expect(code(() => buildPrompt(hits, '  ', { style: 'plain' }))).toBe('empty_query');
    expect(code(() => buildPrompt([], QUESTION, { style: 'plain' }))).toBe('no_hits');
    expect(
      code(() => buildPrompt(hits, QUESTION, { style: 'openai-json-schema', model: '' })),
    ).toBe('invalid_option');
    for (const max of [0, 1.5, -3, Number.NaN])
      expect(
        code(() => buildPrompt(hits, QUESTION, { style: 'anthropic-documents', max_tokens: max })),
      ).toBe('invalid_option');
  });

  it('every style has a target, and the body is JSON that round-trips', () => {
    for (const style of PROMPT_STYLES) {
      expect(PROMPT_TARGETS[style]).toBeDefined();
      const { body } = buildPrompt(hits, QUESTION, { style });
      expect(JSON.parse(JSON.stringify(body))).toEqual(body);
    }
  });
});
