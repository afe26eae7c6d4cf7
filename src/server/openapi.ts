import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../package-root.js';
import { AUDIT_SCHEMAS, auditPaths } from './openapi/audit-paths.js';
import { DOCUMENT_SCHEMAS, documentPaths } from './openapi/document-paths.js';
import { INGEST_SCHEMAS, ingestPaths } from './openapi/ingest-paths.js';
import { json } from './openapi/openapi-builders.js';
import { SEARCH_SCHEMAS, searchPaths } from './openapi/search-paths.js';
import { TRACE_SCHEMAS, tracePaths } from './openapi/trace-paths.js';
import { VALIDATION_SCHEMAS, validatePaths } from './openapi/validate-paths.js';

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

const ERROR_SCHEMA = {
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
};

/**
 * The OpenAPI 3.1 document served at `/openapi.json`, assembled from the
 * schemas and paths of each route group. The citation and answer schemas
 * are the files in `schemas/` (the ones the validators are tested to agree
 * with), embedded under their `$id`, so a search hit's schema is the
 * citation contract itself plus the hit's text.
 */
export function buildOpenApi(version: string): Record<string, unknown> {
  const { citation, answer } = loadContractSchemas();
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
      schemas: {
        Error: ERROR_SCHEMA,
        ...DOCUMENT_SCHEMAS,
        ...SEARCH_SCHEMAS,
        ...VALIDATION_SCHEMAS,
        ...AUDIT_SCHEMAS,
        ...INGEST_SCHEMAS,
        ...TRACE_SCHEMAS,
        CitationPayload: citation,
        AuditableAnswer: answer,
      },
    },
    paths: {
      '/health': {
        get: {
          summary: 'Liveness and the store kind',
          responses: { 200: json({ type: 'object' }, 'Up') },
        },
      },
      ...documentPaths(),
      ...searchPaths(),
      ...validatePaths(),
      ...auditPaths(),
      ...tracePaths(),
      ...ingestPaths(),
    },
  };
}
