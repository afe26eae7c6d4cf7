import { describe, expect, it } from 'vitest';
import { assertDocumentInvariants } from '../../test/support/assert-document.js';
import { isCairnError } from '../errors.js';
import { DocumentBuilder } from './document-builder.js';

function builder(canonical: string): DocumentBuilder {
  return new DocumentBuilder({
    canonical,
    format: 'text',
    media_type: 'text/plain',
    source_url: 'x.txt',
  });
}

describe('DocumentBuilder', () => {
  it('nests sections by rank without gaps in sect_path when ranks are skipped', () => {
    const text = 'A\nB\nC\nD\nE';
    const b = builder(text);
    b.section({ rank: 1, title: 'A', start16: 0 });
    b.section({ rank: 3, title: 'B', start16: 2 });
    b.section({ rank: 3, title: 'C', start16: 4 });
    b.section({ rank: 2, title: 'D', start16: 6 });
    b.section({ rank: 1, title: 'E', start16: 8 });
    const doc = b.build();
    expect(doc.sections.map((s) => [s.sect_path, s.level, s.heading_path.join('/')])).toEqual([
      ['1', 1, 'A'],
      ['1.1', 2, 'A/B'],
      ['1.2', 2, 'A/C'],
      ['1.3', 2, 'A/D'],
      ['2', 1, 'E'],
    ]);
    expect(doc.sections.map((s) => [s.span.start, s.span.end])).toEqual([
      [0, 8],
      [2, 4],
      [4, 6],
      [6, 8],
      [8, 9],
    ]);
    assertDocumentInvariants(doc);
  });

  it('gives blocks the innermost open section and converts spans to code points and bytes', () => {
    const text = '😀 intro\n# Head\nbody é';
    const b = builder(text);
    b.block({ type: 'paragraph', start16: 0, end16: 8 });
    b.section({ rank: 1, title: 'Head', start16: 9, heading: { start16: 9, end16: 15 } });
    b.block({ type: 'heading', start16: 9, end16: 15, depth: 1 });
    b.block({ type: 'paragraph', start16: 16, end16: 22 });
    const doc = b.build();
    expect(doc.blocks.map((x) => x.section)).toEqual([null, 0, 0]);
    expect(doc.blocks[0]!.span).toEqual({ start: 0, end: 7, start_byte: 0, end_byte: 10 });
    expect(doc.blocks[2]!.span).toEqual({ start: 15, end: 21, start_byte: 18, end_byte: 25 });
    assertDocumentInvariants(doc);
  });

  it('assigns pages from page spans', () => {
    const b = builder('one\ftwo\fthree');
    b.page(1, 0, 3);
    b.page(2, 4, 7);
    b.page(3, 8, 13);
    b.block({ type: 'paragraph', start16: 0, end16: 3 });
    b.block({ type: 'paragraph', start16: 8, end16: 13 });
    expect(b.build().blocks.map((x) => x.page)).toEqual([1, 3]);
  });

  it('refuses overlapping, empty and pair-splitting blocks', () => {
    const b = builder('ab😀cd');
    b.block({ type: 'paragraph', start16: 0, end16: 2 });
    expect(() => b.block({ type: 'paragraph', start16: 1, end16: 2 })).toThrow(/overlaps/);
    expect(() => b.block({ type: 'paragraph', start16: 4, end16: 4 })).toThrow(/Empty/);
    expect(() => b.block({ type: 'paragraph', start16: 3, end16: 5 })).toThrow(/surrogate/);
  });

  it('hashes the canonical text and derives rev from the normalized text', () => {
    const a = builder('Hello  world').build();
    const b = builder('Hello world').build();
    expect(a.content_hash).not.toBe(b.content_hash);
    expect(a.rev).toBe(b.rev);
    expect(a.content_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a doc_uid no chunk ID can carry with invalid_option', () => {
    for (const doc_uid of ['', 'a\ud800b']) {
      let caught: unknown;
      try {
        new DocumentBuilder({
          canonical: 'x',
          format: 'text',
          media_type: 'text/plain',
          source_url: 'x.txt',
          doc_uid,
        });
      } catch (error) {
        caught = error;
      }
      expect(isCairnError(caught, 'invalid_option')).toBe(true);
    }
    expect(builder('x').build().doc_uid).toMatch(/^[0-9a-f]{8}$/);
  });
});
