import type { ChunkRow } from '../../../src/store/types.js';
import { NO_SECTION_ID } from '../../../src/types.js';

/**
 * One answer per provider shape, written from each provider's published
 * response schema (named in `SCHEMAS`), citing cairn chunks the way cairn's
 * prompt styles hand them over: the chunk ID as a search result's `source`,
 * a document's `title`, a URL, a Cohere document `id`, a Gemini retrieved
 * context's `title`/`uri`.
 */
export const SCHEMAS = {
  cairn: 'cairn auditable-answer.v1 (seed 001), optional quote per citation',
  anthropic: 'Anthropic Messages API, anthropic-version 2023-06-01: text blocks with citations',
  openai: 'OpenAI Responses API: output_text annotations (url_citation start_index/end_index)',
  cohere: 'Cohere Chat API v2 (POST /v2/chat): message.citations {start, end, text, sources}',
  gemini:
    'Gemini API v1beta GenerateContentResponse: groundingMetadata (segment offsets in UTF-8 bytes)',
} as const;
export type Shape = keyof typeof SCHEMAS;

/** What one citation cites: a chunk row (live or old), its document, and the words quoted. */
export interface Cited {
  chunk: ChunkRow;
  source_url: string;
  rev: string;
  quote: string;
  /** Shift the citation's own offsets by this much (cairn: offsets; others: the segment's). */
  shift?: number;
}

export interface Built {
  answer: string;
  request?: string;
}

const url = (id: string) => `https://docs.example/cairn/chunk#${encodeURIComponent(id)}`;
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
const cps = (text: string) => [...text].length;

/** The answer's prose around the quote: a non-ASCII lead, so byte and code point offsets differ. */
const LEAD = 'Réponse — per the book, ';

export function buildAnswer(shape: Shape, c: Cited): Built {
  const shift = c.shift ?? 0;
  const id = c.chunk.chunk_id;
  const text = `${LEAD}${c.quote}. That is all.`;
  switch (shape) {
    case 'cairn':
      return {
        answer: JSON.stringify({
          citations: [
            {
              snippet_id: id,
              section_id: c.chunk.section_id || NO_SECTION_ID,
              source_url: c.source_url,
              offsets: {
                start: c.chunk.char_start + shift,
                end: c.chunk.char_end + shift,
                unit: 'char',
              },
              tokens: c.chunk.tokens,
              rev: c.rev,
              quote: c.quote,
            },
          ],
          answer: text,
        }),
      };
    case 'anthropic':
      return {
        answer: JSON.stringify({
          id: 'msg_01audit',
          type: 'message',
          role: 'assistant',
          model: 'claude-sonnet-4-5',
          content: [
            { type: 'text', text: LEAD },
            {
              type: 'text',
              text: c.quote,
              citations: [
                {
                  type: 'search_result_location',
                  source: id,
                  title: c.source_url,
                  cited_text: c.quote,
                  search_result_index: 0,
                  start_block_index: shift,
                  end_block_index: 1 + shift,
                },
              ],
            },
          ],
          stop_reason: 'end_turn',
          stop_sequence: null,
          usage: { input_tokens: 900, output_tokens: 60 },
        }),
        request: JSON.stringify({
          model: 'claude-sonnet-4-5',
          max_tokens: 1024,
          messages: [
            {
              role: 'user',
              content: [
                {
                  type: 'search_result',
                  source: id,
                  title: c.source_url,
                  content: [{ type: 'text', text: c.chunk.text }],
                  citations: { enabled: true },
                },
                { type: 'text', text: 'What does the book say?' },
              ],
            },
          ],
        }),
      };
    case 'openai': {
      const start = cps(LEAD) + shift;
      return {
        answer: JSON.stringify({
          id: 'resp_audit',
          object: 'response',
          status: 'completed',
          model: 'gpt-4.1',
          output: [
            {
              type: 'message',
              id: 'msg_audit',
              status: 'completed',
              role: 'assistant',
              content: [
                {
                  type: 'output_text',
                  text,
                  annotations: [
                    {
                      type: 'url_citation',
                      url: url(id),
                      title: c.source_url,
                      start_index: start,
                      end_index: start + cps(c.quote) + (shift === 0 ? 0 : 400),
                    },
                  ],
                },
              ],
            },
          ],
        }),
      };
    }
    case 'cohere': {
      const start = cps(LEAD) + shift;
      return {
        answer: JSON.stringify({
          id: 'c0here-audit',
          finish_reason: 'COMPLETE',
          message: {
            role: 'assistant',
            content: [{ type: 'text', text }],
            citations: [
              {
                start,
                end: start + cps(c.quote),
                text: c.quote,
                type: 'TEXT_CONTENT',
                sources: [
                  { type: 'document', id: 'doc:0', document: { id, snippet: c.chunk.text } },
                ],
              },
            ],
          },
          usage: { billed_units: { input_tokens: 900, output_tokens: 60 } },
        }),
        request: JSON.stringify({
          model: 'command-a-03-2025',
          messages: [{ role: 'user', content: 'What does the book say?' }],
          documents: [{ id, data: { title: c.source_url, snippet: c.chunk.text } }],
        }),
      };
    }
    case 'gemini': {
      const startIndex = bytes(LEAD) + shift;
      return {
        answer: JSON.stringify({
          candidates: [
            {
              content: { role: 'model', parts: [{ text }] },
              finishReason: 'STOP',
              groundingMetadata: {
                groundingChunks: [
                  { retrievedContext: { uri: url(id), title: id, text: c.chunk.text } },
                ],
                groundingSupports: [
                  {
                    segment: { startIndex, endIndex: startIndex + bytes(c.quote), text: c.quote },
                    groundingChunkIndices: [0],
                    confidenceScores: [0.97],
                  },
                ],
              },
            },
          ],
          modelVersion: 'gemini-2.5-flash',
        }),
      };
    }
  }
}

/** An answer of a shape cairn does not read (a legacy completions object). */
export const UNKNOWN_SHAPE = JSON.stringify({
  id: 'cmpl-1',
  object: 'text_completion',
  text_choices: [{ text: 'Ownership is a set of rules.', index: 0 }],
});
