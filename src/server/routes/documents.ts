import { Hono } from 'hono';
import { CairnError } from '../../errors.js';
import { HASH_PREFIX, storedNodeOffsets } from '../../pipeline/canonical-fields.js';
import { type LegibleSection, legibleSections } from '../../pipeline/legible-section.js';
import { pickChunkSet } from '../../pipeline/pick-chunk-set.js';
import { removeDocuments } from '../../pipeline/remove-documents.js';
import type { ChunkRow, DocumentRow, VersionRow } from '../../store/types.js';
import { readPaging } from '../read-paging.js';
import { requireToken } from '../require-token.js';
import type { ServerDeps } from '../server-deps.js';

/** A document as lists show it. */
export function documentSummary(document: DocumentRow) {
  return {
    doc_uid: document.doc_uid,
    source_url: document.source_url,
    title: document.title,
    format: document.format,
    media_type: document.media_type,
    updated_at: document.updated_at,
    removed_at: document.removed_at,
  };
}

export function versionSummary(version: VersionRow) {
  return {
    seq: version.seq,
    rev: version.rev,
    lineage_rev: version.lineage_rev,
    content_hash: version.content_hash,
    length: version.length,
    created_at: version.created_at,
  };
}

/**
 * A chunk without its text: the viewer slices the canonical text it already
 * has. `section_id` is the legible one search hits carry; `sect_path` the
 * chunk ID's dot path (null before any heading).
 */
export function chunkSpan(chunk: ChunkRow, legible: LegibleSection) {
  return {
    chunk_id: chunk.chunk_id,
    seq: chunk.seq,
    start: chunk.char_start,
    end: chunk.char_end,
    tokens: chunk.tokens,
    section_id: legible.section_id,
    section_label: legible.section_label,
    sect_path: chunk.section_id,
    heading_path: chunk.heading_path,
    page: chunk.page,
    block_type: chunk.block_type,
    anchor: chunk.anchor,
    hash: `${HASH_PREFIX}${chunk.hash}`,
    json_pointer: chunk.json_pointer,
    ...storedNodeOffsets(chunk),
  };
}

/**
 * `GET /api/documents`: the paged list. `GET /api/documents/:doc` (a
 * doc_uid, or the source_url as ingested, URL-encoded): the current
 * version with its section tree, canonical text and one chunker's spans
 * (`?chunker=`, default the registry default's when stored).
 * `DELETE /api/documents/:doc[?purge=true]` (bearer token): `cairn rm`.
 */
export function documentRoutes(deps: ServerDeps): Hono {
  const app = new Hono();
  app.get('/', async (c) => {
    const { limit, offset } = readPaging(c.req.query(), deps.paging);
    // one row more than asked says whether another page exists without a count query
    const rows = await deps.store.listDocuments({ limit: limit + 1, offset });
    const items = rows.slice(0, limit).map(documentSummary);
    return c.json({
      items,
      limit,
      offset,
      next_offset: rows.length > limit ? offset + limit : null,
    });
  });
  // on the route, not '*': a wrong method is then a 405, not a token challenge
  app.delete('/:doc', requireToken(deps.token), async (c) => {
    const target = c.req.param('doc');
    const purge = readPurge(c.req.query('purge'));
    const outcome = await removeDocuments(deps.store, [target], { purge });
    if (outcome.not_found.length > 0) {
      throw new CairnError(
        'document_not_found',
        `No document ${JSON.stringify(target.slice(0, 200))}: give a doc_uid, the source_url as ingested, or a folder of them`,
        { details: { doc: target.slice(0, 200) } },
      );
    }
    return c.json(outcome);
  });
  app.get('/:doc', async (c) => {
    const target = c.req.param('doc');
    const document = await deps.store.getDocument(target);
    if (!document) {
      throw new CairnError(
        'document_not_found',
        `No document ${JSON.stringify(target.slice(0, 200))}: give a doc_uid or the source_url as ingested`,
        {
          details: { doc: target.slice(0, 200) },
        },
      );
    }
    const version = await deps.store.getVersionText(document.current_version_id);
    if (!version)
      throw new CairnError(
        'store_corrupt',
        `The current version of ${document.doc_uid} is missing`,
      );
    const sets = await deps.store.listChunkSets({ version_id: version.id });
    const chunker = c.req.query('chunker');
    const set = pickChunkSet(sets, chunker === '' ? undefined : chunker);
    if (chunker !== undefined && chunker !== '' && !set) {
      throw new CairnError(
        'chunk_not_found',
        `${document.source_url} has no chunks of ${chunker.slice(0, 120)} in its current version`,
        {
          details: { doc_uid: document.doc_uid, chunkers: sets.map((s) => s.chunker_id) },
        },
      );
    }
    const chunks = set ? await deps.store.listChunks(version.id, set.chunker_id) : [];
    const legible = await legibleSections(deps.store, chunks);
    return c.json({
      document: documentSummary(document),
      version: versionSummary(version),
      chunker_id: set?.chunker_id ?? null,
      chunkers: sets.map((s) => s.chunker_id),
      sections: version.model.sections.map((s) => ({
        sect_path: s.sect_path,
        title: s.title,
        level: s.level,
        heading_path: s.heading_path,
        start: s.span.start,
        end: s.span.end,
        page: s.page,
      })),
      text: version.canonical,
      // the viewer greys these: page furniture that chunks leave out by default
      furniture: version.model.blocks
        .filter((b) => b.type === 'furniture')
        .map((b) => ({ start: b.span.start, end: b.span.end })),
      chunks: chunks.map((chunk, i) => ({
        ...chunkSpan(chunk, legible[i]!),
        chunker_id: chunk.chunker_id,
      })),
    });
  });
  return app;
}

/** `?purge=`: absent, `false` or `0` keep the rows; `true`, `1` or empty (a bare `?purge`) delete them. */
function readPurge(value: string | undefined): boolean {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === '' || value === 'true' || value === '1') return true;
  throw new CairnError(
    'invalid_option',
    `purge must be true or false, got ${JSON.stringify(value.slice(0, 40))}`,
  );
}
