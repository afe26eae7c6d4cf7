import type { Chunk } from '../chunk/types.js';
import { CairnError } from '../errors.js';
import { OffsetIndex } from '../load/offset-index.js';
import type { CairnDocument } from '../types.js';

/**
 * Refuses chunks that do not cite `doc` (another document's, or the output
 * of another version of it): stored, their offsets would point at text
 * other than theirs. One offset index over the canonical text (a scan for
 * non-ASCII), then per chunk two bounded lookups and one comparison of its
 * text.
 */
export function checkChunksCite(doc: CairnDocument, chunks: readonly Chunk[]): void {
  const index = new OffsetIndex(doc.canonical);
  for (const [seq, chunk] of chunks.entries()) {
    const { start, end, start_byte, end_byte } = chunk.span;
    const refuse = (problem: string): CairnError => notCiting(doc, { seq, chunk, problem });
    if (!isOffset(start) || !isOffset(end) || start > end || end > index.length) {
      throw refuse(
        `bad offsets: expected 0 <= start <= end <= ${index.length}, received ${start}..${end}`,
      );
    }
    const start16 = index.index16(start);
    const end16 = index.index16(end);
    if (
      typeof chunk.text !== 'string' ||
      end16 - start16 !== chunk.text.length ||
      !doc.canonical.startsWith(chunk.text, start16)
    ) {
      throw refuse(`its text is not the canonical text at code points [${start}, ${end})`);
    }
    const startByte = index.byteAt16(start16);
    const endByte = index.byteAt16(end16);
    if (start_byte !== startByte || end_byte !== endByte) {
      throw refuse(
        `bad byte offsets: expected ${startByte}..${endByte} for code points [${start}, ${end}), received ${start_byte}..${end_byte}`,
      );
    }
  }
}

function notCiting(
  doc: CairnDocument,
  at: { seq: number; chunk: Chunk; problem: string },
): CairnError {
  return new CairnError(
    'invalid_option',
    `Chunk ${at.seq} does not cite ${doc.source_url}: ${at.problem}. Chunks must come from this document (ensure(store, doc, chunker) chunks it itself)`,
    {
      details: { source: doc.source_url, doc_uid: doc.doc_uid, chunk: at.seq, ...at.chunk.span },
    },
  );
}

function isOffset(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
