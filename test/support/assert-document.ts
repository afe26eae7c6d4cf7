import { expect } from 'vitest';
import type { CairnDocument, Span } from '../../src/types.js';

/** Code-point slice of `text`, computed independently of the library under test. */
export function sliceCodePoints(chars: string[], span: Span): string {
  return chars.slice(span.start, span.end).join('');
}

/**
 * The model's promises, checked without the library's own offset code:
 * every span slices the canonical text by code points, byte offsets agree
 * with UTF-8, blocks are ordered and disjoint, sections nest in their parent.
 */
export function assertDocumentInvariants(doc: CairnDocument): void {
  const chars = Array.from(doc.canonical);
  const byteOf = new Array<number>(chars.length + 1);
  byteOf[0] = 0;
  for (let i = 0; i < chars.length; i++) byteOf[i + 1] = byteOf[i]! + Buffer.byteLength(chars[i]!);
  expect(doc.length).toBe(chars.length);
  expect(doc.byte_length).toBe(Buffer.byteLength(doc.canonical));
  const checkSpan = (span: Span, what: string): void => {
    if (!(span.start >= 0 && span.start <= span.end && span.end <= chars.length)) {
      throw new Error(`${what}: span ${span.start}..${span.end} outside 0..${chars.length}`);
    }
    if (span.start_byte !== byteOf[span.start] || span.end_byte !== byteOf[span.end]) {
      throw new Error(
        `${what}: bytes ${span.start_byte}..${span.end_byte}, expected ${byteOf[span.start]}..${byteOf[span.end]}`,
      );
    }
  };
  let previousEnd = 0;
  for (const block of doc.blocks) {
    checkSpan(block.span, `block ${block.index} (${block.type})`);
    if (block.span.end <= block.span.start) throw new Error(`block ${block.index} is empty`);
    if (block.span.start < previousEnd)
      throw new Error(`block ${block.index} overlaps the previous block`);
    previousEnd = block.span.end;
    if (block.section !== null) {
      const section = doc.sections[block.section];
      if (!section) throw new Error(`block ${block.index} names missing section ${block.section}`);
      if (block.span.start < section.span.start || block.span.end > section.span.end) {
        throw new Error(`block ${block.index} lies outside its section ${section.sect_path}`);
      }
    }
  }
  for (const section of doc.sections) {
    checkSpan(section.span, `section ${section.sect_path}`);
    if (section.heading_span) checkSpan(section.heading_span, `heading of ${section.sect_path}`);
    if (section.parent !== null) {
      const parent = doc.sections[section.parent]!;
      if (section.span.start < parent.span.start || section.span.end > parent.span.end) {
        throw new Error(`section ${section.sect_path} lies outside its parent ${parent.sect_path}`);
      }
      if (!section.sect_path.startsWith(`${parent.sect_path}.`)) {
        throw new Error(`section ${section.sect_path} is not under ${parent.sect_path}`);
      }
    }
  }
  for (const page of doc.pages) checkSpan(page.span, `page ${page.number}`);
  for (const node of doc.json_nodes) checkSpan(node.span, `json node ${node.json_pointer}`);
}
