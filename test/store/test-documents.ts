import type { Chunk } from '../../src/chunk/types.js';
import { buildTextDocument } from '../../src/parse/text/parse-text.js';
import type { ChunkSource } from '../../src/pipeline/ensure.js';
import type { CairnDocument } from '../../src/types.js';

/** A plain-text document from paragraphs (the real text parser: one block per paragraph). */
export function textDocument(
  paragraphs: readonly string[],
  options: { doc_uid?: string; source_url?: string } = {},
): CairnDocument {
  return buildTextDocument(paragraphs.join('\n\n'), {
    source_url: options.source_url ?? `docs/${options.doc_uid ?? 'doc'}.txt`,
    ...(options.doc_uid === undefined ? {} : { doc_uid: options.doc_uid }),
  });
}

/**
 * A store-test chunker: one chunk per block, so tests control chunk counts
 * exactly without depending on a real chunker's packing rules.
 */
export function blockChunker(id = 'blocks@v1:00000000'): ChunkSource {
  return {
    chunker_id: id,
    chunk(doc: CairnDocument): Chunk[] {
      const points = Array.from(doc.canonical);
      return doc.blocks.map((block, index) => {
        const section = block.section === null ? null : doc.sections[block.section]!;
        return {
          chunk_index: index,
          text: points.slice(block.span.start, block.span.end).join(''),
          span: block.span,
          token_count: block.span.end - block.span.start,
          heading_path: section?.heading_path ?? [],
          sect_path: section?.sect_path ?? null,
          section: block.section,
          page: block.page,
          block_types: [block.type],
          first_block: block.index,
          last_block: block.index,
          block_part: null,
          ...(block.json_pointer === undefined ? {} : { json_pointer: block.json_pointer }),
        };
      });
    },
  };
}

/** Two blocks per chunk: a second chunker for late chunking. */
export function pairChunker(id = 'pairs@v1:00000000'): ChunkSource {
  const single = blockChunker();
  return {
    chunker_id: id,
    chunk(doc: CairnDocument): Chunk[] {
      const points = Array.from(doc.canonical);
      const singles = single.chunk(doc);
      const out: Chunk[] = [];
      for (let i = 0; i < singles.length; i += 2) {
        const a = singles[i]!;
        const b = singles[i + 1] ?? a;
        const span = {
          start: a.span.start,
          end: b.span.end,
          start_byte: a.span.start_byte,
          end_byte: b.span.end_byte,
        };
        out.push({
          ...a,
          chunk_index: out.length,
          text: points.slice(span.start, span.end).join(''),
          span,
          token_count: span.end - span.start,
          last_block: b.last_block,
        });
      }
      return out;
    },
  };
}

export function paragraphs(count: number, prefix = 'Paragraph'): string[] {
  return Array.from(
    { length: count },
    (_, i) => `${prefix} ${i + 1} says something about item ${i + 1}.`,
  );
}

/**
 * Two texts whose revisions (sha1 of the normalized text) share their first
 * 8 hex digits, found by a birthday search; no word in common, so the second
 * is a major change that mints new IDs.
 */
export const COLLIDING_TEXTS = [
  'nectar nectar maple fjord fjord amber basil amber grove maple basil pearl cedar amber lumen nectar nectar basil grove nectar basil ember amber lumen.',
  'xenon violet elm willow umber xenon dune aspen willow yarrow quartz fern quartz xenon fern sable elm clover umber sable quartz birch xenon zinnia.',
] as const;
