import { error, json, ref } from './openapi-builders.js';

const WARNINGS = {
  type: 'array',
  items: { type: 'string' },
  description:
    "Seed 000's collision policy at work: a revision shares r='s 8 hex digits with another of its document, so the new IDs carry 12 (the server logs each too)",
};

/** What an upload or a server-side path ingest stored. */
export const INGEST_SCHEMAS = {
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
      warnings: WARNINGS,
      nodes: {
        type: 'array',
        description:
          'JSON documents: each string node with the sha256 of its whole string and what the write did to it (seed 004)',
        items: {
          type: 'object',
          required: ['json_pointer', 'content_hash', 'status'],
          properties: {
            json_pointer: { type: 'string' },
            content_hash: { type: 'string' },
            status: { enum: ['unchanged', 'created', 'updated'] },
          },
        },
      },
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
      warnings: WARNINGS,
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
            warnings: WARNINGS,
            nodes: {
              type: 'object',
              description: 'JSON documents: string nodes unchanged, updated and created',
              properties: {
                unchanged: { type: 'integer' },
                updated: { type: 'integer' },
                created: { type: 'integer' },
              },
            },
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
};

/** `/api/ingest`: an upload, or a path under the server root. */
export function ingestPaths(): Record<string, unknown> {
  return {
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
            name: 'doc_uid',
            in: 'query',
            schema: { type: 'string' },
            description:
              'Upload: the doc_uid to store it under (default: derived from upload/<name>)',
          },
          {
            name: 'source_url',
            in: 'query',
            schema: { type: 'string' },
            description:
              "Upload: the source_url to record, {path} standing for upload/<name> (default: an HTML page's canonical link, else upload/<name>)",
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
                  root: {
                    type: 'string',
                    description:
                      "A folder under the server root that stored paths and derived doc_uids are relative to (default: the server's working directory)",
                  },
                  doc_uid: {
                    type: 'string',
                    description: 'The doc_uid of the one file path names',
                  },
                  source_url: {
                    type: 'string',
                    description:
                      "The source_url to record, {path} standing for the file's stored path: https://github.com/org/repo/blob/main/{path}",
                  },
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
            'An upload that was read but cannot be chunked (encrypted PDF, bad notebook), or a path that is not a regular file',
          ),
          503: error('The store is busy, read-only or unavailable'),
          507: error('The store is full'),
        },
      },
    },
  };
}
