import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/parse/parse-document.js';
import { nastyText } from '../support/arbitraries.js';
import { assertDocumentInvariants, sliceCodePoints } from '../support/assert-document.js';

const parseText = (text: string) =>
  parseDocument({ bytes: Buffer.from(text, 'utf8'), source_url: 'note.txt', format: 'text' });

describe('plain text parser', () => {
  it('keeps every span faithful on text full of astral, combining and line-break characters', async () => {
    await fc.assert(
      fc.asyncProperty(nastyText(80), async (text) => {
        const doc = await parseText(text);
        assertDocumentInvariants(doc);
        expect(doc.canonical).toBe(text.replace(/^\ufeff/, ''));
        // every non-blank character lies in some block
        const chars = Array.from(doc.canonical);
        const covered = new Array<boolean>(chars.length).fill(false);
        for (const block of doc.blocks)
          for (let i = block.span.start; i < block.span.end; i++) covered[i] = true;
        chars.forEach((ch, i) => {
          if (/\S/u.test(ch)) expect(covered[i]).toBe(true);
        });
        expect(await parseText(text)).toEqual(doc);
      }),
    );
  });

  it('splits paragraphs on blank lines of any line ending', async () => {
    const doc = await parseText('one\r\n\r\ntwo\rthree\r\rfour\u2028\u2028five\n \t\nsix');
    const chars = Array.from(doc.canonical);
    expect(doc.blocks.map((b) => sliceCodePoints(chars, b.span))).toEqual([
      'one',
      'two\rthree',
      'four',
      'five',
      'six',
    ]);
  });

  it('takes short numbered title lines as sections, not numbered sentences', async () => {
    const text =
      '1 Introduction\n\nSome text.\n\n1.1 Scope\n\nMore.\n\n2. Results\n\n3. Buy milk and eggs.\n';
    const doc = await parseText(text);
    expect(doc.sections.map((s) => [s.sect_path, s.title])).toEqual([
      ['1', '1 Introduction'],
      ['1.1', '1.1 Scope'],
      ['2', '2. Results'],
    ]);
    assertDocumentInvariants(doc);
  });

  it('returns an empty model for an empty file', async () => {
    const doc = await parseText('');
    expect(doc.blocks).toEqual([]);
    expect(doc.sections).toEqual([]);
    expect(doc.length).toBe(0);
  });
});
