import { Hono } from 'hono';
import { CairnError } from '../../errors.js';
import { chunkIdAlias } from '../../ids/chunk-id-alias.js';
import { readChunkBoxes } from '../../pipeline/chunk-boxes.js';
import { legibleSection } from '../../pipeline/legible-section.js';
import { lookupOptions, resolveChunk } from '../../pipeline/resolve-chunk.js';
import type { ServerDeps } from '../server-deps.js';
import { chunkSpan, documentSummary, versionSummary } from './documents.js';

/** How an HTTP caller picks among the chunkers that share a chunk ID. */
export const CHUNKER_HINT = '?chunker=<name or id>';

/**
 * `GET /api/chunks/:id` (URL-encoded: chunk IDs hold `|`): the live chunk
 * with its text, following redirects from IDs of older versions and
 * saying so (`redirected`, `hops`). An ID whose text is gone answers 410
 * with what the store last knew; an ID the store never had, 404; a
 * malformed one, 400.
 */
export function chunkRoutes(deps: ServerDeps): Hono {
  const app = new Hono();
  app.get('/:id', async (c) => {
    const id = c.req.param('id');
    const resolved = await resolveChunk(deps.store, id, {
      ...lookupOptions(c.req.query('chunker')),
      chunker_hint: CHUNKER_HINT,
    });
    if (resolved.status !== 'live') {
      return c.json(
        {
          status: resolved.status,
          requested: resolved.requested,
          chunker_id: resolved.chunker_id,
          hops: resolved.hops,
          document: resolved.document ? documentSummary(resolved.document) : null,
          last: resolved.last
            ? {
                ...chunkSpan(resolved.last, await legibleSection(deps.store, resolved.last)),
                chunker_id: resolved.last.chunker_id,
                text: resolved.last.text,
              }
            : null,
        },
        410,
      );
    }
    const { chunk, document, version, hops } = resolved;
    return c.json({
      status: 'live',
      requested: resolved.requested,
      redirected: hops.length > 0,
      hops,
      text_deleted: resolved.text_deleted,
      chunk_id: chunk.chunk_id,
      alias: chunkIdAlias(chunk.chunk_id),
      chunker_id: chunk.chunker_id,
      chunk: {
        ...chunkSpan(chunk, await legibleSection(deps.store, chunk)),
        chunker_id: chunk.chunker_id,
        text: chunk.text,
      },
      document: documentSummary(document),
      version: versionSummary(version),
    });
  });
  /**
   * `GET /api/chunks/:id/boxes`: a PDF chunk's rectangles on its pages (the
   * live chunk, redirects followed), with each page's crop box and the URL
   * of the PDF bytes they were read from; 404 `layout_not_found` for a
   * chunk of a version without geometry.
   */
  app.get('/:id/boxes', async (c) => {
    const id = c.req.param('id');
    const resolved = await resolveChunk(deps.store, id, {
      ...lookupOptions(c.req.query('chunker')),
      chunker_hint: CHUNKER_HINT,
    });
    if (resolved.status !== 'live') {
      throw new CairnError(
        'chunk_not_found',
        `${id.slice(0, 200)} is ${resolved.status}: no live chunk has boxes`,
        {
          details: { id: id.slice(0, 200), status: resolved.status },
        },
      );
    }
    const { chunk, document, version } = resolved;
    const placed = await readChunkBoxes(deps.store, chunk);
    return c.json({
      chunk_id: chunk.chunk_id,
      chunker_id: chunk.chunker_id,
      redirected: resolved.hops.length > 0,
      doc_uid: document.doc_uid,
      version: version.seq,
      start: chunk.char_start,
      end: chunk.char_end,
      page: chunk.page,
      unit: 'pt',
      pages: placed.pages,
      boxes: placed.boxes,
      source: placed.has_source
        ? `/api/documents/${encodeURIComponent(document.doc_uid)}/versions/${version.seq}/source`
        : null,
    });
  });
  return app;
}
