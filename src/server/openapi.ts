import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SEARCH_STRING_OPTIONS } from '../search/search-option-keys.js';
import { packageRoot } from './package-root.js';

const CITATION_ID = 'urn:cairn:schema:citation-payload.v1';
const ANSWER_ID = 'urn:cairn:schema:auditable-answer.v1';

/** The JSON Schemas the validators are tested against, as shipped in `schemas/`. */
export function loadContractSchemas(): {
  citation: Record<string, unknown>;
  answer: Record<string, unknown>;
} {
  const read = (name: string) =>
    JSON.parse(readFileSync(join(packageRoot(), 'schemas', name), 'utf8')) as Record<
      string,
      unknown
    >;
  return {
    citation: read('citation-payload.v1.schema.json'),
    answer: read('auditable-answer.v1.schema.json'),
  };
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const error = (description: string) => json(ref('Error'), description);
const paging = [
  {
    name: 'limit',
    in: 'query',
    schema: { type: 'integer' },
    description: 'Rows per page, clamped to 1..500 (default 50)',
  },
  {
    name: 'offset',
    in: 'query',
    schema: { type: 'integer' },
    description: 'Rows to skip, clamped to 0..1000000',
  },
];
const page = (item: unknown) => ({
  type: 'object',
  required: ['items', 'limit', 'offset', 'next_offset'],
  properties: {
    items: { type: 'array', items: item },
    limit: { type: 'integer' },
    offset: { type: 'integer' },
    next_offset: { type: ['integer', 'null'] },
  },
});

const SCHEMAS = {
  Error: {
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message'],
        properties: {
          code: { type: 'string', description: 'A stable snake_case code (cairn ERROR_CODES)' },
          message: { type: 'string' },
          details: { type: 'object' },
        },
      },
    },
  },
  DocumentSummary: {
    type: 'object',
    required: ['doc_uid', 'source_url', 'title', 'format', 'media_type', 'updated_at'],
    properties: {
      doc_uid: { type: 'string' },
      source_url: { type: 'string' },
      title: { type: ['string', 'null'] },
      format: { type: 'string' },
      media_type: { type: 'string' },
      updated_at: { type: 'string' },
    },
  },
  Version: {
    type: 'object',
    required: ['seq', 'rev', 'lineage_rev', 'content_hash', 'length'],
    properties: {
      seq: { type: 'integer' },
      rev: { type: 'string' },
      lineage_rev: { type: 'string' },
      content_hash: { type: 'string' },
      length: { type: 'integer', description: 'Code points of the canonical text' },
      created_at: { type: 'string' },
    },
  },
  ChunkSpan: {
    type: 'object',
    required: ['chunk_id', 'seq', 'start', 'end', 'tokens', 'section_id', 'heading_path', 'page'],
    properties: {
      chunk_id: { type: 'string' },
      seq: { type: 'integer' },
      start: {
        type: 'integer',
        description: 'Code point offset into the canonical text (inclusive)',
      },
      end: { type: 'integer', description: 'Code point offset (exclusive)' },
      tokens: { type: 'integer' },
      section_id: { type: ['string', 'null'] },
      heading_path: { type: 'array', items: { type: 'string' } },
      page: { type: ['integer', 'null'] },
      block_type: { type: ['string', 'null'] },
      json_pointer: { type: 'string' },
      chunker_id: { type: 'string' },
      text: { type: 'string' },
    },
  },
  DocumentView: {
    type: 'object',
    required: ['document', 'version', 'chunker_id', 'chunkers', 'sections', 'text', 'chunks'],
    properties: {
      document: ref('DocumentSummary'),
      version: ref('Version'),
      chunker_id: { type: ['string', 'null'] },
      chunkers: { type: 'array', items: { type: 'string' } },
      sections: {
        type: 'array',
        items: {
          type: 'object',
          required: ['sect_path', 'title', 'level', 'start', 'end'],
          properties: {
            sect_path: { type: 'string' },
            title: { type: 'string' },
            level: { type: 'integer' },
            heading_path: { type: 'array', items: { type: 'string' } },
            start: { type: 'integer' },
            end: { type: 'integer' },
            page: { type: ['integer', 'null'] },
          },
        },
      },
      text: { type: 'string', description: 'The canonical text all offsets point into' },
      chunks: { type: 'array', items: ref('ChunkSpan') },
    },
  },
  RedirectHop: {
    type: 'object',
    required: ['from', 'to', 'kind', 'version_id'],
    properties: {
      from: { type: 'string' },
      to: { type: ['string', 'null'] },
      kind: { enum: ['moved', 'split', 'merged', 'deleted'] },
      version_id: { type: 'integer' },
    },
  },
  ResolvedChunk: {
    type: 'object',
    required: [
      'status',
      'requested',
      'redirected',
      'hops',
      'text_deleted',
      'chunk_id',
      'chunker_id',
      'chunk',
      'document',
      'version',
    ],
    properties: {
      status: { const: 'live' },
      requested: { type: 'string' },
      redirected: {
        type: 'boolean',
        description: 'True when the requested ID named an older chunk',
      },
      hops: { type: 'array', items: ref('RedirectHop') },
      text_deleted: {
        type: 'boolean',
        description:
          'True when a deleted hop was followed: the text the ID named is gone, and this chunk is its nearest surviving neighbour',
      },
      chunk_id: { type: 'string' },
      alias: { type: 'string' },
      chunker_id: { type: 'string' },
      chunk: ref('ChunkSpan'),
      document: ref('DocumentSummary'),
      version: ref('Version'),
    },
  },
  GoneChunk: {
    type: 'object',
    required: ['status', 'requested', 'hops'],
    properties: {
      status: { enum: ['deleted', 'superseded'] },
      requested: { type: 'string' },
      chunker_id: { type: 'string' },
      hops: { type: 'array', items: ref('RedirectHop') },
      document: { oneOf: [ref('DocumentSummary'), { type: 'null' }] },
      last: { oneOf: [ref('ChunkSpan'), { type: 'null' }] },
    },
  },
  SearchHit: {
    allOf: [
      { $ref: `${CITATION_ID}#/$defs/citation` },
      {
        type: 'object',
        required: ['text', 'heading_path'],
        properties: {
          text: { type: 'string' },
          heading_path: { type: 'array', items: { type: 'string' } },
          json_pointer: {
            type: 'string',
            description:
              'JSON documents: the RFC 6901 pointer of the string node the chunk lies in',
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
      query: { type: 'string' },
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
  UploadResult: {
    type: 'object',
    required: ['status', 'doc_uid', 'source_url', 'version', 'chunker_id', 'chunks'],
    properties: {
      status: { enum: ['created', 'updated', 'unchanged', 'chunked'] },
      doc_uid: { type: 'string' },
      source_url: { type: 'string', description: 'upload/<name>' },
      version: { type: 'integer' },
      chunker_id: { type: 'string' },
      chunks: { type: 'integer' },
      chunks_written: { type: 'integer' },
      redirects_written: { type: 'integer' },
      first_chunk_id: { type: ['string', 'null'] },
    },
  },
  IngestSummary: {
    type: 'object',
    required: ['chunker_id', 'files', 'created', 'updated', 'unchanged', 'failed', 'documents'],
    properties: {
      chunker_id: { type: 'string' },
      files: { type: 'integer' },
      created: { type: 'integer' },
      updated: { type: 'integer' },
      unchanged: { type: 'integer' },
      chunked: { type: 'integer' },
      failed: { type: 'integer' },
      chunks_written: { type: 'integer' },
      redirects_written: { type: 'integer' },
      documents: {
        type: 'array',
        items: {
          type: 'object',
          required: ['source_url', 'status'],
          properties: {
            source_url: { type: 'string' },
            status: { enum: ['created', 'updated', 'unchanged', 'chunked', 'failed'] },
            doc_uid: { type: ['string', 'null'] },
            version: { type: ['integer', 'null'] },
            chunks: { type: 'integer' },
            first_chunk_id: { type: ['string', 'null'] },
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: { code: { type: 'string' }, message: { type: 'string' } },
            },
          },
        },
      },
    },
  },
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

/**
 * The OpenAPI 3.1 document served at `/openapi.json`. The citation and
 * answer schemas are the files in `schemas/` (the ones the validators are
 * tested to agree with), embedded under their `$id`, so a search hit's
 * schema is the citation contract itself plus the hit's text.
 */
export function buildOpenApi(version: string): Record<string, unknown> {
  const { citation, answer } = loadContractSchemas();
  const id = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
  const paramSchemas: Record<string, object> = {
    k: { type: 'integer', minimum: 1, maximum: 100 },
    rerank: { type: 'string', enum: ['proximity', 'none'], default: 'proximity' },
  };
  const searchParams = ['q', 'k', ...SEARCH_STRING_OPTIONS].map((name) => ({
    name,
    in: 'query',
    required: name === 'q',
    schema: paramSchemas[name] ?? { type: 'string' },
  }));
  // the two validate routes differ in summary, body schema and one flag
  const validateOperation = (
    summary: string,
    body: { $ref: string; description: string },
    extraFlags: string[],
  ) => ({
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
  });
  return {
    openapi: '3.1.0',
    info: {
      title: 'cairn',
      version,
      description:
        'Citable chunks for retrieval-augmented generation: documents, chunks by ID (following redirects), search with citation payloads, citation and answer validation, traces. Errors are JSON with stable codes.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'CAIRN_TOKEN, for writes' },
      },
      schemas: { ...SCHEMAS, CitationPayload: citation, AuditableAnswer: answer },
    },
    paths: {
      '/health': {
        get: {
          summary: 'Liveness and the store kind',
          responses: { 200: json({ type: 'object' }, 'Up') },
        },
      },
      '/api/documents': {
        get: {
          summary: 'Documents, paged',
          parameters: paging,
          responses: {
            200: json(page(ref('DocumentSummary')), 'A page'),
            400: error('Bad paging'),
          },
        },
      },
      '/api/documents/{doc}': {
        get: {
          summary: 'One document: current version, sections, canonical text, chunk spans',
          parameters: [id('doc'), { name: 'chunker', in: 'query', schema: { type: 'string' } }],
          responses: {
            200: json(ref('DocumentView'), 'The document'),
            404: error('No such document'),
          },
        },
      },
      '/api/chunks/{id}': {
        get: {
          summary: 'A chunk by ID, following redirects',
          parameters: [id('id'), { name: 'chunker', in: 'query', schema: { type: 'string' } }],
          responses: {
            200: json(ref('ResolvedChunk'), 'The live chunk'),
            400: error('Malformed chunk ID'),
            404: error('Unknown chunk ID'),
            409: error('redirect_loop: the redirects from this ID form a cycle'),
            410: json(ref('GoneChunk'), 'The chunk was deleted or only an older version has it'),
          },
        },
      },
      '/api/search': {
        get: {
          summary: 'Lexical search; hits carry full citation payloads',
          parameters: searchParams,
          responses: {
            200: json(ref('SearchResult'), 'Ranked hits'),
            400: error('Empty or oversized query, bad k or rerank, unknown_chunker'),
            404: error('document_not_found: no stored document doc='),
            409: error('analyzer_mismatch or mismatch_index_hash'),
          },
        },
        post: {
          summary:
            'Search with a JSON body { query, k, doc, section, chunker, analyzer, index_hash, rerank }',
          requestBody: json({ type: 'object', required: ['query'] }, 'The query'),
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
      '/api/ingest': {
        post: {
          summary:
            'Ingest an upload (?name=, any body and Content-Type) or, without name, a server-side path under the root (application/json { path, chunker })',
          security: [{ bearer: [] }],
          parameters: [
            {
              name: 'name',
              in: 'query',
              schema: { type: 'string' },
              description:
                'Upload file name (its extension picks the parser); with it the body is the document, whatever its Content-Type, recorded as upload/<name>',
            },
            {
              name: 'chunker',
              in: 'query',
              schema: { type: 'string' },
              description:
                'Chunker name, alias or id (default: the registry default); for a path ingest the body\'s "chunker" wins',
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['path'],
                  properties: {
                    path: {
                      type: 'string',
                      description: 'A file or folder relative to the server root',
                    },
                    chunker: { type: 'string' },
                  },
                },
              },
              '*/*': {
                schema: { type: 'string', format: 'binary' },
                description: 'With ?name=: the document itself',
              },
            },
          },
          responses: {
            200: json(
              { oneOf: [ref('UploadResult'), ref('IngestSummary')] },
              'Stored: an upload unchanged or updated, or a path ingest with no failed file',
            ),
            201: json(ref('UploadResult'), 'An upload that created a new document'),
            207: json(
              ref('IngestSummary'),
              'A path ingest in which some files failed (each with its error)',
            ),
            400: error(
              'No name and no JSON { path }, a bad upload name, an unknown chunker, an unsupported format, bad JSON, text or encoding',
            ),
            401: error('No bearer token'),
            403: error('Wrong token, writes disabled, or a path outside the root'),
            404: error('file_not_found: no such file or folder under the root'),
            413: error('Body or document too large'),
            415: error('An unsupported Content-Encoding'),
            422: error(
              'An upload that was read but cannot be chunked (encrypted PDF, bad notebook)',
            ),
            503: error('The store is busy, read-only or unavailable'),
            507: error('The store is full'),
          },
        },
      },
    },
  };
}
