import { SEARCH_STRING_OPTIONS } from '../../search/search-option-keys.js';
import { CHUNK_FIELDS } from './chunk-fields.js';
import { CITATION_ID, error, json, ref } from './openapi-builders.js';

/** A search's result: hits that are citation payloads plus their text. */
export const SEARCH_SCHEMAS = {
  SearchHit: {
    allOf: [
      { $ref: `${CITATION_ID}#/$defs/citation` },
      {
        type: 'object',
        required: [
          'text',
          'section_label',
          'heading_path',
          'chunker_id',
          'hash',
          'block_type',
          'anchor',
        ],
        properties: {
          ...CHUNK_FIELDS,
          queries: {
            type: 'array',
            description:
              "A search of several queries: the queries that found the hit (index into the result's queries) and its 1-based rank in each one's own ranking",
            items: {
              type: 'object',
              required: ['index', 'rank'],
              properties: {
                index: { type: 'integer', minimum: 0 },
                rank: { type: 'integer', minimum: 1 },
              },
            },
          },
        },
      },
    ],
  },
  SearchResult: {
    type: 'object',
    required: [
      'qid',
      'query',
      'terms',
      'chunker_id',
      'analyzer',
      'index_hash',
      'embed_model',
      'hits',
    ],
    properties: {
      qid: { type: 'string' },
      query: { type: 'string', description: 'The query; of a search of several, the first' },
      queries: {
        type: 'array',
        items: { type: 'string' },
        description:
          'A search of several queries: all of them, fused by reciprocal rank fusion into one ranking',
      },
      terms: { type: 'array', items: { type: 'string' } },
      chunker_id: { type: 'string' },
      analyzer: { type: 'string' },
      index_hash: { type: 'string' },
      embed_model: { type: 'string' },
      hits: { type: 'array', items: ref('SearchHit') },
      matches: {
        type: 'array',
        description:
          "One entry per hit, in the hits' order: [start, end) UTF-16 offsets into that hit's text of each searched word or another form of one (by the index's stemmer), at most 100; a display aid (the viewer marks them), not part of the citation",
        items: {
          type: 'array',
          items: { type: 'array', items: { type: 'integer' }, minItems: 2, maxItems: 2 },
        },
      },
      traced: {
        type: 'boolean',
        description:
          'Whether the search wrote its rag_traces row (false on a store opened read-only)',
      },
    },
  },
};

const PARAM_SCHEMAS: Record<string, object> = {
  q: { type: 'string', maxLength: 4096 },
  k: { type: 'integer', minimum: 1, maximum: 100 },
  rerank: { type: 'string', enum: ['proximity', 'none'], default: 'proximity' },
  mode: { type: 'string', enum: ['lexical', 'vector', 'hybrid'], default: 'lexical' },
};

/** `/api/search`, by query string or JSON body. */
export function searchPaths(): Record<string, unknown> {
  return {
    '/api/search': {
      get: {
        summary: 'Lexical search; hits carry full citation payloads',
        description:
          'q repeated (q=...&q=...) searches several phrasings of one need, fused into one ranking by reciprocal rank fusion (at most 16); each hit lists the queries that found it',
        parameters: ['q', 'k', ...SEARCH_STRING_OPTIONS].map((name) => ({
          name,
          in: 'query',
          required: name === 'q',
          schema: PARAM_SCHEMAS[name] ?? { type: 'string' },
          ...(name === 'q' ? { style: 'form', explode: true } : {}),
        })),
        responses: {
          200: json(ref('SearchResult'), 'Ranked hits'),
          400: error('Empty or oversized query, bad k or rerank, unknown_chunker'),
          404: error('document_not_found: no stored document doc='),
          409: error('analyzer_mismatch or mismatch_index_hash'),
        },
      },
      post: {
        summary:
          'Search with a JSON body { query, k, doc, section, chunker, analyzer, index_hash, rerank }, or { queries: [...] } for several phrasings fused into one ranking',
        requestBody: json(
          {
            type: 'object',
            oneOf: [{ required: ['query'] }, { required: ['queries'] }],
            properties: {
              query: { type: 'string', maxLength: 4096 },
              queries: {
                type: 'array',
                minItems: 1,
                maxItems: 16,
                items: { type: 'string', minLength: 1, maxLength: 4096 },
              },
            },
          },
          'The query, or several',
        ),
        responses: {
          200: json(ref('SearchResult'), 'Ranked hits'),
          400: error('Bad request'),
          404: error('document_not_found: no stored document "doc"'),
          409: error('analyzer_mismatch or mismatch_index_hash'),
          413: error('Body too large'),
          415: error('A Content-Encoding other than gzip, deflate or br'),
        },
      },
    },
  };
}
