import { OffsetIndex } from '../load/offset-index.js';
import type { CairnDocument } from '../types.js';
import { cutFurniture } from './furniture.js';

/**
 * What a chunker reads: the text, and the document model when there is one.
 * A bare string has no model: its chunks carry no sections or blocks.
 */
export interface ChunkSource {
  text: string;
  doc: CairnDocument | null;
}

/** A stretch of the canonical text chunked on its own: the whole text, or one JSON string node. */
export interface TextUnit {
  start16: number;
  end16: number;
  json_pointer?: string;
  /** Code point offset of the node in the canonical text (JSON), for node-relative offsets. */
  node_start?: number;
  /** A later piece of the same unit, after furniture cut out of it: chunk limits count on. */
  continues?: boolean;
}

export function toChunkSource(input: CairnDocument | string): ChunkSource {
  return typeof input === 'string'
    ? { text: input, doc: null }
    : { text: input.canonical, doc: input };
}

/**
 * Seed 004: each JSON string node is its own text, chunked apart from the
 * others, so no chunk mixes two nodes. Furniture blocks are cut out of the
 * units unless `include_furniture`.
 */
export function textUnits(
  source: ChunkSource,
  options: { include_furniture?: boolean } = {},
): TextUnit[] {
  const nodes = source.doc?.json_nodes ?? [];
  if (nodes.length === 0) {
    const whole = { start16: 0, end16: source.text.length };
    return source.doc === null || options.include_furniture === true
      ? [whole]
      : cutFurniture(source.doc, source.text, whole);
  }
  const index = new OffsetIndex(source.text);
  return nodes.map((node) => ({
    start16: index.index16(node.span.start),
    end16: index.index16(node.span.end),
    json_pointer: node.json_pointer,
    node_start: node.span.start,
  }));
}
