import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CharChunker } from '../../src/chunk/char-chunker.js';
import { SentenceChunker } from '../../src/chunk/sentence-chunker.js';
import { StructureChunker } from '../../src/chunk/structure-chunker.js';
import { TokenChunker } from '../../src/chunk/token-chunker.js';
import { TokenLikeChunker } from '../../src/chunk/token-like-chunker.js';
import type { Chunk } from '../../src/chunk/types.js';
import { buildTextDocument } from '../../src/parse/text/parse-text.js';
import type { CairnDocument } from '../../src/types.js';
import {
  assertAtomicBlocksWhole,
  assertChunkInvariants,
  assertReassembles,
  cl100kCount,
} from './assert-chunks.js';
import { chunkText, jsonDocument, structuredDocument } from './chunk-arbitraries.js';

/** The suite's one knob (FC_RUNS, see test/support/fast-check-seed.ts); some properties take a share. */
const RUNS = fc.readConfigureGlobal().numRuns ?? 100;

const codePoints = (text: string): number => Array.from(text).length;
const words = (text: string): number => text.split(/\s+/u).filter(Boolean).length;

/** Size and overlap with overlap < size, overlap 0 about a third of the time. */
const sizes = (min: number, max: number) =>
  fc
    .tuple(
      fc.integer({ min, max }),
      fc.oneof(fc.constant(0), fc.double({ min: 0, max: 0.99, noNaN: true })),
    )
    .map(([size, ratio]) => ({ size, overlap: Math.floor(size * ratio) }));

function checkDeterminism(run: () => Chunk[], first: Chunk[]): void {
  expect(run()).toEqual(first);
}

/** Character ranges of the units a chunker must cover: the whole text, or each JSON node. */
function nodeRanges(doc: CairnDocument): Array<[number, number]> | undefined {
  return doc.json_nodes.length === 0
    ? undefined
    : doc.json_nodes.map((n) => [n.span.start, n.span.end]);
}

describe('char chunker properties', () => {
  it('slices, bounds, covers, overlaps within limits, respects clusters, in code points', () => {
    fc.assert(
      fc.property(chunkText, sizes(1, 120), fc.boolean(), (text, { size, overlap }, whitespace) => {
        const chunker = new CharChunker({
          size_chars: size,
          overlap_chars: overlap,
          break_on_whitespace: whitespace,
        });
        const chunks = chunker.chunk(text);
        assertChunkInvariants(text, chunks, { count: codePoints, budget: size, overlap });
        if (overlap === 0) assertReassembles(text, chunks);
        checkDeterminism(() => chunker.chunk(text), chunks);
      }),
      { numRuns: RUNS },
    );
  });

  it('keeps JSON nodes apart and small nodes whole', () => {
    fc.assert(
      fc.property(
        jsonDocument,
        sizes(4, 80),
        fc.integer({ min: 0, max: 200 }),
        (doc, { size, overlap }, threshold) => {
          const chunker = new CharChunker({
            size_chars: size,
            overlap_chars: overlap,
            threshold_chars: threshold,
          });
          const chunks = chunker.chunk(doc);
          assertChunkInvariants(doc.canonical, chunks, {
            count: codePoints,
            budget: size,
            overlap,
            coverage: nodeRanges(doc),
            allowOverBudget: (c) => c.total_chunks === 1,
          });
          checkJsonFields(doc, chunks);
        },
      ),
      { numRuns: Math.ceil(RUNS / 3) },
    );
  });
});

describe('token-like chunker properties', () => {
  it('packs whitespace words under the budget with bounded overlap', () => {
    fc.assert(
      fc.property(
        chunkText,
        sizes(1, 40),
        fc.integer({ min: 1, max: 12 }),
        (text, { size, overlap }, wordChars) => {
          const chunker = new TokenLikeChunker({
            max_chunk_tokens: size,
            overlap_tokens: overlap,
            max_word_chars: wordChars,
          });
          const chunks = chunker.chunk(text);
          assertChunkInvariants(text, chunks, { budget: size, overlap, overlapCount: words });
          for (const chunk of chunks)
            expect(chunk.token_count).toBeGreaterThanOrEqual(words(chunk.text));
          if (overlap === 0) assertReassembles(text, chunks);
          checkDeterminism(() => chunker.chunk(text), chunks);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('token chunker properties', () => {
  it('gives exact cl100k counts, never over the budget, overlapping in tokens', () => {
    fc.assert(
      fc.property(chunkText, sizes(16, 80), (text, { size, overlap }) => {
        const chunker = new TokenChunker({ max_chunk_tokens: size, overlap_tokens: overlap });
        const chunks = chunker.chunk(text);
        assertChunkInvariants(text, chunks, { count: cl100kCount, budget: size, overlap });
        if (overlap === 0) assertReassembles(text, chunks);
        checkDeterminism(() => chunker.chunk(text), chunks);
      }),
      { numRuns: RUNS },
    );
  });

  it('chunks each JSON node on its own', () => {
    fc.assert(
      fc.property(jsonDocument, sizes(16, 60), (doc, { size, overlap }) => {
        const chunks = new TokenChunker({ max_chunk_tokens: size, overlap_tokens: overlap }).chunk(
          doc,
        );
        assertChunkInvariants(doc.canonical, chunks, {
          count: cl100kCount,
          budget: size,
          overlap,
          coverage: nodeRanges(doc),
        });
        checkJsonFields(doc, chunks);
      }),
      { numRuns: Math.ceil(RUNS / 3) },
    );
  });
});

describe('sentence chunker properties', () => {
  it('packs sentences under a token budget with exact counts', () => {
    fc.assert(
      fc.property(chunkText, sizes(16, 80), (text, { size, overlap }) => {
        const chunker = new SentenceChunker({ max_chunk_tokens: size, overlap_tokens: overlap });
        const chunks = chunker.chunk(text);
        assertChunkInvariants(text, chunks, { count: cl100kCount, budget: size, overlap });
        if (overlap === 0) assertReassembles(text, chunks);
        checkDeterminism(() => chunker.chunk(text), chunks);
      }),
      { numRuns: RUNS },
    );
  });

  it('packs sentences under a character budget', () => {
    fc.assert(
      fc.property(chunkText, sizes(2, 150), (text, { size, overlap }) => {
        const chunker = new SentenceChunker({
          unit: 'char',
          max_chunk_chars: size,
          overlap_chars: overlap,
        });
        const chunks = chunker.chunk(text);
        assertChunkInvariants(text, chunks, { count: codePoints, budget: size, overlap });
        if (overlap === 0) assertReassembles(text, chunks);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('structure chunker properties', () => {
  it('packs blocks of plain text documents with exact counts', () => {
    fc.assert(
      fc.property(chunkText, sizes(16, 100), (text, { size, overlap }) => {
        const chunker = new StructureChunker({ max_chunk_tokens: size, overlap_tokens: overlap });
        const chunks = chunker.chunk(text);
        assertChunkInvariants(text, chunks, { count: cl100kCount, budget: size, overlap });
        if (overlap === 0) assertReassembles(text, chunks);
        checkSections(buildTextDocument(text, { source_url: 'text' }), chunks, false);
        checkDeterminism(() => chunker.chunk(text), chunks);
      }),
      { numRuns: RUNS },
    );
  });

  it('keeps atomic blocks whole unless flagged, and never crosses a section', () => {
    fc.assert(
      fc.property(
        structuredDocument,
        sizes(16, 120),
        fc.boolean(),
        fc.integer({ min: 0, max: 3 }),
        (doc, { size, overlap }, cross, depth) => {
          const chunker = new StructureChunker({
            max_chunk_tokens: size,
            overlap_tokens: overlap,
            cross_sections: cross,
            section_depth: depth,
          });
          const chunks = chunker.chunk(doc);
          assertChunkInvariants(doc.canonical, chunks, {
            count: cl100kCount,
            budget: size,
            overlap,
          });
          assertAtomicBlocksWhole(doc, chunks);
          if (!cross) checkSections(doc, chunks, depth);
          checkDeterminism(() => chunker.chunk(doc), chunks);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('chunks each JSON node on its own', () => {
    fc.assert(
      fc.property(jsonDocument, sizes(16, 60), (doc, { size, overlap }) => {
        const chunks = new StructureChunker({
          max_chunk_tokens: size,
          overlap_tokens: overlap,
        }).chunk(doc);
        assertChunkInvariants(doc.canonical, chunks, {
          count: cl100kCount,
          budget: size,
          overlap,
          coverage: nodeRanges(doc),
        });
        checkJsonFields(doc, chunks);
      }),
      { numRuns: Math.ceil(RUNS / 3) },
    );
  });
});

/** Each chunk lies within one section at the bounding depth (0: the innermost section of its blocks). */
function checkSections(doc: CairnDocument, chunks: Chunk[], depth: number | false): void {
  const bound = (section: number | null): number | null => {
    let s = section;
    if (depth) while (s !== null && doc.sections[s]!.level > depth) s = doc.sections[s]!.parent;
    return s;
  };
  for (const chunk of chunks) {
    const touched = new Set<number | null>();
    for (const block of doc.blocks) {
      if (block.span.start < chunk.span.end && chunk.span.start < block.span.end)
        touched.add(bound(block.section));
    }
    if (touched.size > 1)
      throw new Error(`chunk ${chunk.chunk_index} spans sections ${[...touched].join(', ')}`);
  }
}

function checkJsonFields(doc: CairnDocument, chunks: Chunk[]): void {
  const byNode = new Map<string, Chunk[]>();
  for (const chunk of chunks) {
    expect(chunk.json_pointer).toBeDefined();
    const list = byNode.get(chunk.json_pointer!) ?? [];
    list.push(chunk);
    byNode.set(chunk.json_pointer!, list);
  }
  for (const node of doc.json_nodes) {
    const list = byNode.get(node.json_pointer) ?? [];
    list.forEach((chunk, i) => {
      expect(chunk.node_chunk_index).toBe(i);
      expect(chunk.total_chunks).toBe(list.length);
      expect(chunk.span.start).toBeGreaterThanOrEqual(node.span.start);
      expect(chunk.span.end).toBeLessThanOrEqual(node.span.end);
      expect(chunk.node_start).toBe(chunk.span.start - node.span.start);
      expect(chunk.node_end).toBe(chunk.span.end - node.span.start);
    });
  }
}
