import type { CairnError } from '../errors.js';
import {
  type CanonicalChunkFields,
  storedChunkFields,
  storedNodeOffsets,
} from '../pipeline/canonical-fields.js';
import { legibleSections, sectionSourceUrl } from '../pipeline/legible-section.js';
import type { ChunkStore } from '../store/types.js';
import { ensureIndexManifest, LEXICAL_EMBED_MODEL } from './ensure-index-manifest.js';
import { resolveSearchChunker } from './resolve-search-chunker.js';
import type { Citation } from './types.js';

/** A chunk as an export carries it: the citation payload a search hit carries, without the query's scores. */
export interface ExportedChunk
  extends Omit<Citation, 'score_raw' | 'score_norm' | 'rerank_score' | 'k_pos' | 'k_final'>,
    CanonicalChunkFields {
  /** The chunk's text (the canonical text at `offsets`). */
  text: string;
  /** The heading titles of `section_id`, top down. */
  section_label: string;
  heading_path: string[];
  node_start?: number;
  node_end?: number;
  /** JSON documents: the pointer of the string node the chunk lies in. */
  json_pointer?: string;
  /** The document's title and format. */
  title: string | null;
  format: string;
}

export interface ExportChunksOptions {
  /** Chunker id, name or alias, as `search` reads it (default: the default, or the store's only chunker). */
  chunker?: string;
  /** Chunks read from the store at a time (default 500): what bounds the export's memory. */
  page_size?: number;
  /** Told when the index manifest could not be recorded (a full disk, a read-only file): the export goes on. */
  on_warning?: (warning: CairnError) => void;
}

/**
 * Every current chunk of one chunker (current versions of documents in
 * service), in storage order, each with the citation payload a search hit
 * of it would carry (`index_hash` and `analyzer` of the live index). Read a
 * page at a time: the caller that writes each record before asking for the
 * next holds one page in memory, whatever the store's size.
 */
export async function* exportChunks(
  store: ChunkStore,
  options: ExportChunksOptions = {},
): AsyncGenerator<ExportedChunk> {
  const chunkerId = await resolveSearchChunker(store, options.chunker);
  const live = await ensureIndexManifest(
    store,
    chunkerId,
    options.on_warning === undefined ? {} : { on_warning: options.on_warning },
  );
  const limit = options.page_size ?? 500;
  let after = 0;
  for (;;) {
    const page = await store.listCurrentChunks({ chunker_id: chunkerId, after_id: after, limit });
    // the sections table holds each legible id: a page reads its sections' records, never a model
    const sections = await legibleSections(
      store,
      page.map((row) => row.chunk),
    );
    for (const [i, { chunk, doc_uid, source_url, rev, title, format }] of page.entries()) {
      const section = sections[i]!;
      yield {
        doc_id: doc_uid,
        section_id: section.section_id,
        snippet_id: chunk.chunk_id,
        source_url: sectionSourceUrl(source_url, section),
        offsets: { start: chunk.char_start, end: chunk.char_end, unit: 'char' },
        tokens: chunk.tokens,
        index_hash: live.index_hash,
        embed_model: LEXICAL_EMBED_MODEL,
        analyzer: live.analyzer,
        rev,
        window: { pre: 0, post: 0 },
        page: chunk.page,
        ...storedChunkFields(chunk),
        text: chunk.text,
        section_label: section.section_label,
        heading_path: chunk.heading_path,
        ...(chunk.json_pointer === '' ? {} : { json_pointer: chunk.json_pointer }),
        ...storedNodeOffsets(chunk),
        title,
        format,
      };
    }
    if (page.length < limit) return;
    after = page.at(-1)!.chunk.id;
  }
}
