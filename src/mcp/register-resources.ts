import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type Resource,
} from '@modelcontextprotocol/sdk/types.js';
import {
  CairnError,
  type ChunkStore,
  defaultChunkerRegistry,
  legibleSections,
  resolveChunk,
} from '../index.js';
import { chunkUri, documentUri, parseResourceUri } from './resource-uris.js';

/** Resources one `resources/list` page holds: a store of a million chunks is listed a page at a time. */
const PAGE = 200;

/** The protocol's code for a resource that does not exist. */
const RESOURCE_NOT_FOUND = -32002;

/** Where a listing goes on: documents after a row id, then each chunker's current chunks after one. */
interface Cursor {
  phase: 'documents' | 'chunks';
  chunker: number;
  after: number;
}

const TEMPLATES = [
  {
    name: 'document',
    title: 'Document',
    uriTemplate: 'cairn://documents/{doc_uid}',
    description:
      "A stored document's current canonical text, the text every chunk's offsets count into (doc_uid percent-encoded).",
    mimeType: 'text/plain',
  },
  {
    name: 'chunk',
    title: 'Chunk',
    uriTemplate: 'cairn://chunks/{chunk_id}',
    description:
      "One chunk's text by its chunk ID (percent-encoded), following redirects from older versions; _meta carries its citation fields.",
    mimeType: 'text/plain',
  },
];

/**
 * Documents and chunks as MCP resources: two URI templates, a paged listing
 * (documents first, then the current chunks of each chunker, each with a
 * title), and reads. The handlers are set on the SDK's server directly so
 * that the listing pages with the protocol's cursor.
 */
export function registerResources(server: Server, store: ChunkStore): void {
  server.registerCapabilities({ resources: { listChanged: false } });
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: TEMPLATES,
  }));
  server.setRequestHandler(ListResourcesRequestSchema, async (request) => {
    let cursor = readCursor(request.params?.cursor);
    const resources: Resource[] = [];
    if (cursor.phase === 'documents') {
      const page = await store.listDocumentSummaries({ after_id: cursor.after, limit: PAGE });
      for (const { document, byte_length } of page) {
        resources.push({
          uri: documentUri(document.doc_uid),
          name: document.doc_uid,
          title: document.title ?? document.source_url,
          description: `${document.source_url} (${document.format})`,
          mimeType: 'text/plain',
          size: byte_length,
        });
      }
      if (page.length === PAGE)
        return {
          resources,
          nextCursor: writeCursor({ ...cursor, after: page.at(-1)!.document.id }),
        };
      cursor = { phase: 'chunks', chunker: 0, after: 0 };
    }
    const chunkers = await store.listChunkerIds();
    while (cursor.chunker < chunkers.length && resources.length < PAGE) {
      const page = await store.listCurrentChunks({
        chunker_id: chunkers[cursor.chunker]!,
        after_id: cursor.after,
        limit: PAGE - resources.length,
      });
      const sections = await legibleSections(
        store,
        page.map((current) => current.chunk),
      );
      page.forEach((current, i) => {
        const section = sections[i]!;
        resources.push({
          uri: chunkUri(current.chunk.chunk_id),
          name: current.chunk.chunk_id,
          title: `${section.section_id}${section.section_label === '' ? '' : ` ${section.section_label}`} (${current.source_url})`,
          mimeType: 'text/plain',
        });
      });
      if (resources.length < PAGE)
        cursor = { phase: 'chunks', chunker: cursor.chunker + 1, after: 0 };
      else cursor = { ...cursor, after: page.at(-1)!.chunk.id };
    }
    return cursor.chunker < chunkers.length
      ? { resources, nextCursor: writeCursor(cursor) }
      : { resources };
  });
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const { uri } = request.params;
    const named = parseResourceUri(uri);
    if (named === null)
      throw new McpError(
        RESOURCE_NOT_FOUND,
        `Resource not found: ${uri.slice(0, 200)} is no cairn document or chunk URI`,
        { uri },
      );
    try {
      return named.kind === 'document'
        ? await readDocument(store, uri, named.id)
        : await readChunk(store, uri, named.id);
    } catch (error) {
      if (!(error instanceof CairnError)) throw error;
      const code = ['chunk_not_found', 'document_not_found'].includes(error.code)
        ? RESOURCE_NOT_FOUND
        : ErrorCode.InvalidParams;
      throw new McpError(code, `${error.code}: ${error.message}`, { uri, cairn: error.toJSON() });
    }
  });
}

async function readDocument(store: ChunkStore, uri: string, docUid: string) {
  const document = await store.getDocument(docUid);
  const version =
    document === null || document.removed_at !== null
      ? null
      : await store.getVersionText(document.current_version_id);
  if (document === null || version === null) {
    throw new CairnError(
      'document_not_found',
      `No document with doc_uid ${JSON.stringify(docUid.slice(0, 200))} in the store`,
    );
  }
  return {
    contents: [
      {
        uri,
        mimeType: 'text/plain',
        text: version.canonical,
        _meta: {
          'cairn/document': {
            doc_uid: document.doc_uid,
            source_url: document.source_url,
            rev: version.rev,
            version: version.seq,
          },
        },
      },
    ],
  };
}

async function readChunk(store: ChunkStore, uri: string, chunkId: string) {
  const resolved = await resolveChunk(store, chunkId, {
    prefer_chunker: defaultChunkerRegistry().id_of('default'),
  });
  if (resolved.status !== 'live') {
    throw new CairnError(
      'chunk_not_found',
      `${chunkId.slice(0, 200)} is ${resolved.status}: no live chunk has its text`,
    );
  }
  const { chunk, document, version } = resolved;
  const [section] = await legibleSections(store, [chunk]);
  return {
    contents: [
      {
        uri,
        mimeType: 'text/plain',
        text: chunk.text,
        _meta: {
          'cairn/chunk': {
            chunk_id: chunk.chunk_id,
            redirected: resolved.hops.length > 0,
            doc_id: document.doc_uid,
            section_id: section!.section_id,
            source_url: document.source_url,
            offsets: { start: chunk.char_start, end: chunk.char_end, unit: 'char' },
            tokens: chunk.tokens,
            rev: version.rev,
            page: chunk.page,
          },
        },
      },
    ],
  };
}

function writeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function readCursor(text: string | undefined): Cursor {
  if (text === undefined) return { phase: 'documents', chunker: 0, after: 0 };
  try {
    const cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    if (
      (cursor.phase === 'documents' || cursor.phase === 'chunks') &&
      Number.isSafeInteger(cursor.chunker) &&
      cursor.chunker >= 0 &&
      Number.isSafeInteger(cursor.after) &&
      cursor.after >= 0
    )
      return cursor;
  } catch {
    // a cursor this server did not write: the error below
  }
  throw new McpError(
    ErrorCode.InvalidParams,
    'Invalid cursor: pass the nextCursor of the previous page',
  );
}
