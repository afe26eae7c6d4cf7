import { CHUNK_FIELDS } from './chunk-fields.js';
import { error, json, page, paging, pathParam, ref } from './openapi-builders.js';

/** Documents, their versions, and chunks by ID (live or gone). */
/** A chunk without its text, as `GET /api/chunks/:id` and the document view give it. */
const CHUNK_SPAN = {
  type: 'object',
  required: [
    'chunk_id',
    'seq',
    'start',
    'end',
    'tokens',
    'section_id',
    'heading_path',
    'page',
    'block_type',
    'anchor',
    'hash',
  ],
  properties: {
    chunk_id: { type: 'string' },
    seq: { type: 'integer' },
    start: {
      type: 'integer',
      description: 'Code point offset into the canonical text (inclusive)',
    },
    end: { type: 'integer', description: 'Code point offset (exclusive)' },
    tokens: { type: 'integer' },
    section_id: {
      type: 'string',
      description:
        'The section as a person cites it, as search hits carry it: 15 CFR 736.2(b)(1), a heading-slug path, p.014, cell-12, a JSON pointer; - before any heading',
    },
    sect_path: {
      type: ['string', 'null'],
      description: "The dot path of the chunk ID's s=; null before any heading",
    },
    page: { type: ['integer', 'null'] },
    ...CHUNK_FIELDS,
  },
};

/** The document view's chunk span: its section's paths are in `sections`, once each (see DocumentView). */
function documentChunkSpan() {
  const { section_label: _label, heading_path: _path, ...properties } = CHUNK_SPAN.properties;
  return {
    ...CHUNK_SPAN,
    required: CHUNK_SPAN.required.filter((key) => key !== 'section_id' && key !== 'heading_path'),
    properties: {
      ...properties,
      section_id: {
        ...properties.section_id,
        description:
          'Only on a chunk outside any section (p.014, cell-12, a JSON pointer, an eCFR chapter, -): a chunk in a section takes its id from sections',
      },
      table_header: {
        type: 'string',
        description:
          "A later part of a split table: the table's header row, which the chunk's text (a slice) does not hold",
      },
    },
  };
}

export const DOCUMENT_SCHEMAS = {
  ChunkBoxes: {
    type: 'object',
    required: [
      'chunk_id',
      'chunker_id',
      'doc_uid',
      'version',
      'start',
      'end',
      'unit',
      'pages',
      'boxes',
      'source',
    ],
    properties: {
      chunk_id: { type: 'string' },
      chunker_id: { type: 'string' },
      redirected: { type: 'boolean' },
      doc_uid: { type: 'string' },
      version: { type: 'integer', description: 'seq of the version the chunk belongs to' },
      start: { type: 'integer' },
      end: { type: 'integer' },
      page: { type: ['integer', 'null'] },
      unit: { const: 'pt', description: 'PDF user space: points, origin at the bottom left, y up' },
      pages: {
        type: 'array',
        items: {
          type: 'object',
          required: ['number', 'view', 'rotate'],
          properties: {
            number: { type: 'integer' },
            view: {
              type: 'array',
              items: { type: 'number' },
              minItems: 4,
              maxItems: 4,
              description: 'The crop box [x0, y0, x1, y1]',
            },
            rotate: { type: 'integer', description: '/Rotate, degrees clockwise' },
          },
        },
      },
      boxes: {
        type: 'array',
        description:
          "One rectangle per line of the chunk's text, in reading order, inside its page's crop box",
        items: {
          type: 'object',
          required: ['page', 'x0', 'y0', 'x1', 'y1'],
          properties: {
            page: { type: 'integer' },
            x0: { type: 'number' },
            y0: { type: 'number' },
            x1: { type: 'number' },
            y1: { type: 'number' },
          },
        },
      },
      source: {
        type: ['string', 'null'],
        description:
          'Path of the PDF bytes the boxes were read from; null when the store keeps none',
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
      removed_at: {
        type: ['string', 'null'],
        description:
          'When DELETE /api/documents/{doc} (cairn rm) took it out of search; its chunk IDs then answer 410 deleted',
      },
    },
  },
  RemovedDocuments: {
    type: 'object',
    required: ['documents', 'not_found'],
    properties: {
      documents: {
        type: 'array',
        items: {
          type: 'object',
          required: ['target', 'doc_uid', 'source_url', 'status'],
          properties: {
            target: { type: 'string' },
            doc_uid: { type: 'string' },
            source_url: { type: 'string' },
            status: { enum: ['removed', 'already_removed', 'purged'] },
          },
        },
      },
      not_found: { type: 'array', items: { type: 'string' } },
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
  ChunkSpan: CHUNK_SPAN,
  DocumentChunkSpan: documentChunkSpan(),
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
          description:
            "A section's own parts: its heading path is its parent's (sect_path without its last .n) and its title, unless heading_path is given; its legible id is section_key, else its parent's id, / and slug (slug alone at the top)",
          required: ['sect_path', 'title', 'level', 'section_key', 'slug', 'start', 'end'],
          properties: {
            sect_path: { type: 'string' },
            title: { type: 'string' },
            level: { type: 'integer' },
            heading_path: {
              type: 'array',
              items: { type: 'string' },
              description: 'Only where it is not the parent path and the title',
            },
            section_key: {
              type: ['string', 'null'],
              description:
                'The whole legible id (eCFR citations); null where it is built from slugs',
            },
            slug: {
              type: ['string', 'null'],
              description: 'The heading slug this section adds to its parent id',
            },
            start: { type: 'integer' },
            end: { type: 'integer' },
            page: { type: ['integer', 'null'] },
          },
        },
      },
      text: { type: 'string', description: 'The canonical text all offsets point into' },
      furniture: {
        type: 'array',
        description:
          'Spans of furniture blocks (page navigation, sidebars), out of chunks by default',
        items: {
          type: 'object',
          required: ['start', 'end'],
          properties: { start: { type: 'integer' }, end: { type: 'integer' } },
        },
      },
      chunks: {
        type: 'array',
        description:
          "Chunk spans without their sections' paths: a chunk in a section takes its section_id and heading_path from sections (by sect_path); one outside any section carries section_id",
        items: ref('DocumentChunkSpan'),
      },
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
};

/** `/api/documents` and `/api/chunks`: the document list, one document, a chunk by ID. */
export function documentPaths(): Record<string, unknown> {
  return {
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
        parameters: [
          pathParam('doc'),
          { name: 'chunker', in: 'query', schema: { type: 'string' } },
        ],
        responses: {
          200: json(ref('DocumentView'), 'The document'),
          404: error('No such document'),
        },
      },
      delete: {
        summary:
          'Take a document (or every document below a folder path) out of search, as cairn rm: its chunk IDs then answer 410 deleted, redirects kept; ?purge=true deletes its rows for good',
        security: [{ bearer: [] }],
        parameters: [
          pathParam('doc'),
          {
            name: 'purge',
            in: 'query',
            schema: { type: 'string', enum: ['true', 'false', '1', '0', ''] },
            description:
              'Delete every row of the document, lexical index entries included; its IDs become unknown (404)',
          },
        ],
        responses: {
          200: json(ref('RemovedDocuments'), 'What was removed'),
          400: error('Bad purge value'),
          401: error('No bearer token'),
          403: error('Wrong bearer token, or the server takes no writes (writes_disabled)'),
          404: error('No such document'),
        },
      },
    },
    '/api/documents/{doc}/versions/{seq}/source': {
      get: {
        summary:
          'The file a PDF version was read from, as the store keeps it (an attachment, sandboxed)',
        parameters: [pathParam('doc'), pathParam('seq')],
        responses: {
          200: {
            description: 'The bytes',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
          400: error('seq is not a version number'),
          404: error(
            'No such document or version (document_not_found), or no bytes kept for it (layout_not_found)',
          ),
        },
      },
    },
    '/api/chunks/{id}/boxes': {
      get: {
        summary: "A PDF chunk's text boxes on its pages, redirects followed",
        parameters: [pathParam('id'), { name: 'chunker', in: 'query', schema: { type: 'string' } }],
        responses: {
          200: json(ref('ChunkBoxes'), 'The boxes'),
          400: error('Malformed chunk ID'),
          404: error(
            'Unknown or gone chunk ID (chunk_not_found), or a version without page geometry (layout_not_found)',
          ),
        },
      },
    },
    '/api/chunks/{id}': {
      get: {
        summary: 'A chunk by ID, following redirects',
        parameters: [pathParam('id'), { name: 'chunker', in: 'query', schema: { type: 'string' } }],
        responses: {
          200: json(ref('ResolvedChunk'), 'The live chunk'),
          400: error('Malformed chunk ID'),
          404: error('Unknown chunk ID'),
          409: error('redirect_loop: the redirects from this ID form a cycle'),
          410: json(ref('GoneChunk'), 'The chunk was deleted or only an older version has it'),
        },
      },
    },
  };
}
