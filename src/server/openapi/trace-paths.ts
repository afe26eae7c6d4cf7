import { error, json, page, paging, ref } from './openapi-builders.js';

/** A rag_traces row. */
export const TRACE_SCHEMAS = {
  TraceRow: {
    type: 'object',
    required: ['ts', 'qid', 'seg', 'deltaS', 'lambda_state'],
    properties: {
      ts: { type: 'string' },
      qid: { type: 'string' },
      seg: { type: 'integer' },
      deltaS: { type: 'number' },
      lambda_state: { type: 'string' },
      index_hash: { type: ['string', 'null'] },
      analyzer: { type: ['string', 'null'] },
      section_id: { type: ['string', 'null'] },
      rev: { type: ['string', 'null'] },
    },
  },
};

/** `/api/traces`, newest first. */
export function tracePaths(): Record<string, unknown> {
  return {
    '/api/traces': {
      get: {
        summary: 'rag_traces rows, newest first',
        parameters: [...paging, { name: 'qid', in: 'query', schema: { type: 'string' } }],
        responses: {
          200: json(page(ref('TraceRow')), 'A page'),
          400: error('Bad paging'),
        },
      },
    },
  };
}
