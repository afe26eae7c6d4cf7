import { ANSWER_FORMATS } from '../../cite/shapes/types.js';
import { error, json, ref } from './openapi-builders.js';

const nullableString = { type: ['string', 'null'] };
const nullableInteger = { type: ['integer', 'null'] };
const span = {
  type: 'object',
  required: ['start', 'end'],
  properties: { start: { type: 'integer' }, end: { type: 'integer' } },
};

/** What `POST /api/audit` takes and answers: `auditAnswer`'s options and its report. */
export const AUDIT_SCHEMAS = {
  AuditRequest: {
    type: 'object',
    required: ['answer'],
    additionalProperties: false,
    properties: {
      answer: {
        description:
          "The answer: its text as the model or API gave it (a Markdown fence around JSON is read inside), or its JSON. Anthropic Messages and OpenAI Responses bodies, a Chat Completion whose content is cairn's auditable answer, Cohere v2 chat, Gemini generateContent, or cairn's auditable answer.",
      },
      format: { enum: ['auto', ...ANSWER_FORMATS], default: 'auto' },
      request: {
        description:
          'The request body the answer replies to (text or JSON): maps document and search-result indices to the chunk IDs `cairn prompt` put there.',
      },
      chunker: { type: 'string', description: "Resolve chunk IDs among this chunker's chunks" },
    },
  },
  AuditReport: {
    type: 'object',
    required: ['format', 'schema', 'ok', 'answer_text', 'citations', 'summary'],
    properties: {
      format: { enum: [...ANSWER_FORMATS] },
      schema: { type: 'string', description: 'The provider schema read, with its version' },
      ok: { type: 'boolean', description: 'Every citation verified, and at least one' },
      answer_text: { type: 'string' },
      citations: {
        type: 'array',
        description: 'In the order they appear in the answer',
        items: {
          type: 'object',
          required: ['index', 'kind', 'path', 'status', 'code', 'chunk_id', 'quote', 'passage'],
          properties: {
            index: { type: 'integer' },
            kind: { type: 'string' },
            path: { type: 'string', description: 'JSON Pointer of the citation in the answer' },
            status: { enum: ['verified', 'repaired', 'unverified'] },
            code: { type: 'string', description: 'Why: quote_verified, quote_not_found, ...' },
            detail: nullableString,
            chunk_id: nullableString,
            resolved_chunk_id: nullableString,
            rev: nullableString,
            answer_text: nullableString,
            quote: {
              type: ['object', 'null'],
              required: ['status', 'text', 'start', 'end'],
              properties: {
                status: {
                  enum: ['exact', 'normalized', 'elided', 'not_found', 'too_short', 'misplaced'],
                },
                text: { type: 'string' },
                chunk_id: nullableString,
                start: { ...nullableInteger, description: "Code points into the passage's text" },
                end: nullableInteger,
                doc_start: { ...nullableInteger, description: 'Code points into the document' },
                doc_end: nullableInteger,
                normalized: { type: 'array', items: { type: 'string' } },
                fragments: { type: 'array', items: span },
                words: { type: 'integer' },
                detail: nullableString,
                closest: {
                  type: ['object', 'null'],
                  properties: {
                    start: { type: 'integer' },
                    end: { type: 'integer' },
                    text: { type: 'string' },
                    similarity: { type: 'number' },
                  },
                },
              },
            },
            passage: {
              type: ['object', 'null'],
              description: 'The stored text the quote is located in, else the cited chunk',
              required: ['chunk_id', 'doc_id', 'char_start', 'char_end', 'text'],
              properties: {
                chunk_id: { type: 'string' },
                doc_id: { type: 'string' },
                rev: nullableString,
                char_start: { type: 'integer' },
                char_end: { type: 'integer' },
                text: { type: 'string' },
              },
            },
          },
        },
      },
      summary: {
        type: 'object',
        required: ['citations', 'verified', 'repaired', 'unverified', 'codes', 'quotes'],
        properties: {
          citations: { type: 'integer' },
          verified: { type: 'integer' },
          repaired: { type: 'integer' },
          unverified: { type: 'integer' },
          codes: { type: 'object', additionalProperties: { type: 'integer' } },
          quotes: { type: 'object', additionalProperties: { type: 'integer' } },
        },
      },
    },
  },
};

/** `/api/audit`. */
export function auditPaths(): Record<string, unknown> {
  return {
    '/api/audit': {
      post: {
        summary:
          "Audit an LLM's answer, in its provider's citation shape, against the stored text: each citation's chunk and quoted words",
        requestBody: json(ref('AuditRequest'), 'The answer, its format and its request'),
        responses: {
          200: json(
            ref('AuditReport'),
            'Every citation verified (the report of cairn audit --json)',
          ),
          400: error(
            'Not an audit request (invalid_option), not JSON (malformed_json), or an answer of no known shape (unknown_answer_shape)',
          ),
          413: error('Body too large'),
          422: json(ref('AuditReport'), 'A citation is repaired or unverified'),
        },
      },
    },
  };
}
