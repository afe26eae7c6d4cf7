import { ANSWER_ID, CITATION_ID, error, json, ref } from './openapi-builders.js';

/** What validating a citation payload or an answer reports. */
export const VALIDATION_SCHEMAS = {
  ValidationReport: {
    type: 'object',
    required: ['ok', 'issues', 'citations'],
    properties: {
      ok: { type: 'boolean' },
      issues: {
        type: 'array',
        items: {
          type: 'object',
          required: ['code', 'path', 'message'],
          properties: {
            code: { type: 'string' },
            path: { type: 'string' },
            message: { type: 'string' },
          },
        },
      },
      segments: { type: 'integer' },
      qid: {
        type: 'string',
        description: "Answers only: the answer's query id",
      },
      trace_qids: {
        type: 'array',
        items: { type: 'string' },
        description:
          'Answers only: the rag_traces qids written: [qid] (a row per segment with citations, seg 1, 2, ...), or none',
      },
      citations: {
        type: 'array',
        items: {
          type: 'object',
          required: ['status', 'reason'],
          properties: {
            status: { enum: ['verified', 'redirected', 'unverified'] },
            reason: { type: ['string', 'null'] },
            resolved_snippet_id: { type: ['string', 'null'] },
            detail: { type: ['string', 'null'] },
          },
        },
      },
    },
  },
};

/** `/api/validate/citations` and `/api/validate/answer`. */
export function validatePaths(): Record<string, unknown> {
  return {
    '/api/validate/citations': validateOperation(
      'Check a citation payload against seed 001 and the store',
      { $ref: CITATION_ID, description: 'A citation payload' },
      [],
    ),
    '/api/validate/answer': validateOperation(
      "Check an LLM's auditable answer and each citation against the store",
      { $ref: ANSWER_ID, description: 'An auditable answer' },
      ['allow_trailing_text'],
    ),
  };
}

/** The two validate routes differ in summary, body schema and one flag. */
function validateOperation(
  summary: string,
  body: { $ref: string; description: string },
  extraFlags: string[],
) {
  return {
    post: {
      summary,
      parameters: [
        'ranked',
        'allow_cross_section',
        'any_snippet_id',
        'require_k_pos',
        'index_hash',
        'analyzer',
        'chunker',
        ...extraFlags,
      ].map((name) => ({ name, in: 'query', schema: { type: 'string' } })),
      requestBody: json({ $ref: body.$ref }, body.description),
      responses: {
        200: json(ref('ValidationReport'), 'Every citation verified or redirected'),
        400: error('The body is not JSON at all (malformed_json, invalid_utf8)'),
        413: error('Body too large'),
        415: error('A Content-Encoding other than gzip, deflate or br'),
        422: json(
          ref('ValidationReport'),
          'Issues found (duplicate keys and trailing prose included)',
        ),
      },
    },
  };
}
