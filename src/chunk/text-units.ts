import { OffsetIndex } from '../load/offset-index.js';
import type { CairnDocument } from '../types.js';
import { isFurniture } from './furniture.js';

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
  /** A later piece of the same unit, after furniture cut out of it: chunk counts run on. */
  continues?: boolean;
}

export function toChunkSource(input: CairnDocument | string): ChunkSource {
  return typeof input === 'string'
    ? { text: input, doc: null }
    : { text: input.canonical, doc: input };
}

/**
 * Seed 004: each JSON string node is its own text, chunked apart from the
 * others, so no chunk mixes two nodes. Unless `includeFurniture`, the
 * model's `furniture` blocks are cut out of the units.
 */
export function textUnits(source: ChunkSource, includeFurniture = false): TextUnit[] {
  const nodes = source.doc?.json_nodes ?? [];
  // a pass over the whole text: only built for a model with spans to convert
  let offsets: OffsetIndex | null = null;
  const index = (): OffsetIndex => {
    offsets ??= new OffsetIndex(source.text);
    return offsets;
  };
  const units: TextUnit[] =
    nodes.length === 0
      ? [{ start16: 0, end16: source.text.length }]
      : nodes.map((node) => ({
          start16: index().index16(node.span.start),
          end16: index().index16(node.span.end),
          json_pointer: node.json_pointer,
          node_start: node.span.start,
        }));
  const furniture = includeFurniture ? [] : furnitureRanges(source.doc, index);
  return furniture.length === 0 ? units : withoutRanges(units, furniture, source.text);
}

/** The `furniture` blocks of the model, in UTF-16 indices, in text order. */
function furnitureRanges(doc: CairnDocument | null, index: () => OffsetIndex): Range16[] {
  const ranges: Range16[] = [];
  for (const block of doc?.blocks ?? []) {
    if (!isFurniture(block)) continue;
    ranges.push({
      start16: index().index16(block.span.start),
      end16: index().index16(block.span.end),
    });
  }
  return ranges;
}

interface Range16 {
  start16: number;
  end16: number;
}

/**
 * Each unit cut around the ranges: the stretches between furniture become
 * units of their own, so no chunk holds furniture or runs across it (the
 * text on either side of a page's sidebar is not one passage). Stretches of
 * white space alone are dropped.
 */
function withoutRanges(units: TextUnit[], ranges: Range16[], text: string): TextUnit[] {
  const out: TextUnit[] = [];
  let r = 0;
  for (const unit of units) {
    while (r < ranges.length && ranges[r]!.end16 <= unit.start16) r++;
    const first = out.length;
    const part = (start16: number, end16: number): TextUnit =>
      out.length > first
        ? { ...unit, start16, end16, continues: true }
        : { ...unit, start16, end16 };
    let start16 = unit.start16;
    for (let k = r; k < ranges.length && ranges[k]!.start16 < unit.end16; k++) {
      pushPart(out, part(start16, ranges[k]!.start16), text);
      start16 = Math.max(start16, ranges[k]!.end16);
    }
    pushPart(out, part(start16, unit.end16), text);
  }
  return out;
}

function pushPart(out: TextUnit[], part: TextUnit, text: string): void {
  if (part.end16 <= part.start16 || !/\S/.test(text.slice(part.start16, part.end16))) return;
  out.push(part);
}
