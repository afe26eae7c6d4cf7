import { Hono } from 'hono';
import { CairnError } from '../../errors.js';
import { HASH_PREFIX, storedNodeOffsets } from '../../pipeline/canonical-fields.js';
import {
  type LegibleSection,
  legibleSections,
  storedSectionRecords,
} from '../../pipeline/legible-section.js';
import { pickChunkSet } from '../../pipeline/pick-chunk-set.js';
import { removeDocuments } from '../../pipeline/remove-documents.js';
import { splitTableHeaders } from '../../pipeline/split-table-headers.js';
import type { SectionRecord } from '../../store/section-record.js';
import type { ChunkRow, DocumentRow, VersionRow } from '../../store/types.js';
import type { Section } from '../../types.js';
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
 * A section as the document view lists it: its own parts, as the store
 * keeps them. Its heading path is its parent's (the sect_path without its
 * last `.n`) and its title, unless `heading_path` is given; its legible id
 * is `section_key`, else its parent's id, `/` and `slug` (`slug` alone at
 * the top). Whole paths and ids for every section and chunk repeated each
 * title in all the sections and chunks under it: five nested headings of
 * 1000 characters over 800 short sections made a 32 KB file answer 16 MB.
 */
function sectionParts(section: Section, record: SectionRecord | undefined) {
  return {
    sect_path: section.sect_path,
    title: section.title,
    level: section.level,
    ...(record?.heading_path ? { heading_path: record.heading_path } : {}),
    section_key: record?.key ?? null,
    slug: record?.slug ?? null,
    start: section.span.start,
    end: section.span.end,
    page: section.page,
  };
}

/**
 * A chunk span of the document view: a chunk in a section names it by
 * `sect_path` (its section id and heading path are the section's, built
 * from `sections`); one outside any section carries its `section_id`
 * (`p.014`, `cell-12`, a JSON pointer, an eCFR chapter, `-`).
 */
function documentChunkSpan(chunk: ChunkRow, legible: LegibleSection) {
  const {
    section_id,
    section_label: _label,
    heading_path: _path,
    ...span
  } = chunkSpan(chunk, legible);
  return chunk.section_id === null ? { ...span, section_id } : span;
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
  /**
   * `GET /api/documents/:doc/versions/:seq/source`: the file a version was
   * read from, as the store keeps it (PDF versions: the bytes its page
   * geometry came from), served as an attachment that never runs in this
   * origin; 404 `layout_not_found` when the version has none stored.
   */
  app.get('/:doc/versions/:seq/source', async (c) => {
    const target = c.req.param('doc');
    const seqText = c.req.param('seq');
    const seq = /^[1-9]\d{0,9}$/.test(seqText) ? Number(seqText) : Number.NaN;
    if (!Number.isSafeInteger(seq)) {
      throw new CairnError('invalid_option', 'A version is its seq: 1, 2, 3 ...', {
        details: { seq: seqText.slice(0, 40) },
      });
    }
    const document = await deps.store.getDocument(target);
    const version = document
      ? (await deps.store.listVersions(document.id)).find((v) => v.seq === seq)
      : undefined;
    if (!document || !version) {
      throw new CairnError(
        'document_not_found',
        `No version ${seq} of ${JSON.stringify(target.slice(0, 200))}`,
        { details: { doc: target.slice(0, 200), seq } },
      );
    }
    const source = await deps.store.getVersionSource(version.id);
    if (!source) {
      throw new CairnError(
        'layout_not_found',
        `Version ${seq} of ${document.doc_uid} keeps no source bytes (only PDF versions do)`,
        { details: { doc_uid: document.doc_uid, seq } },
      );
    }
    return new Response(source.bytes, {
      headers: {
        'content-type': source.media_type,
        'content-length': String(source.bytes.byteLength),
        'content-disposition': `attachment; filename="${document.doc_uid.replace(/[^\w.-]/g, '_')}-v${seq}.pdf"`,
        // opened directly, the file runs nothing in this origin
        'content-security-policy': "sandbox; default-src 'none'",
        etag: `"${source.sha256}"`,
        'cache-control': 'private, max-age=3600, immutable',
      },
    });
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
    const records = await storedSectionRecords(
      deps.store,
      version.id,
      version.model.sections.map((s) => s.sect_path),
    );
    const tableHeaders = splitTableHeaders(
      { canonical: version.canonical, blocks: version.model.blocks },
      chunks.map((chunk) => ({ start: chunk.char_start })),
    );
    return c.json({
      document: documentSummary(document),
      version: versionSummary(version),
      chunker_id: set?.chunker_id ?? null,
      chunkers: sets.map((s) => s.chunker_id),
      sections: version.model.sections.map((s) => sectionParts(s, records.get(s.sect_path))),
      text: version.canonical,
      // the viewer greys these: page furniture that chunks leave out by default
      furniture: version.model.blocks
        .filter((b) => b.type === 'furniture')
        .map((b) => ({ start: b.span.start, end: b.span.end })),
      chunks: chunks.map((chunk, i) => ({
        ...documentChunkSpan(chunk, legible[i]!),
        chunker_id: chunk.chunker_id,
        ...(tableHeaders[i] === null ? {} : { table_header: tableHeaders[i] }),
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
