import { describe, expect, it } from 'vitest';
import { isCairnError } from '../errors.js';
import { parseDocument, parseFile } from './parse-document.js';

describe('parseDocument', () => {
  /**
   * `cairn parse --doc-uid ""` printed a document with an empty doc_uid; the
   * ID stage refuses it only when the first chunk ID is formatted.
   */
  it('refuses an empty doc_uid before parsing, whatever the bytes', async () => {
    const refusal = async (bytes: string, source_url: string, doc_uid: string) => {
      try {
        await parseDocument({ bytes: Buffer.from(bytes), source_url, doc_uid });
        return 'no error';
      } catch (error) {
        return isCairnError(error) ? error.code : error;
      }
    };
    expect(await refusal('Some text.\n', 'a.txt', '')).toBe('invalid_option');
    // not pdf_malformed: the option is checked first
    expect(await refusal('not a pdf', 'a.pdf', '')).toBe('invalid_option');
    expect(await refusal('Some text.\n', 'a.txt', 'a|b')).toBe('no error');
  });

  it('detects the format of a URL source past its query', async () => {
    const doc = await parseDocument({
      bytes: Buffer.from('<h1>Title</h1><p>Text.</p>'),
      source_url: 'https://example.com/doc.html?utm_source=feed',
    });
    expect(doc.format).toBe('html');
    expect(doc.sections.map((s) => s.title)).toEqual(['Title']);
  });

  /** NaN compares false with every size: taken as is, it would lift parseFile's read limit. */
  it('refuses a max_bytes that is not a non-negative integer, before reading', async () => {
    const codeOf = async (run: () => Promise<unknown>) => {
      try {
        await run();
        return 'no error';
      } catch (error) {
        return isCairnError(error) ? error.code : error;
      }
    };
    const bytes = Buffer.from('Some text.\n');
    for (const max_bytes of [Number.NaN, -1, 1.5]) {
      expect(
        await codeOf(() => parseDocument({ bytes, source_url: 'a.txt', options: { max_bytes } })),
      ).toBe('invalid_option');
      // the file does not exist: the option is refused before it is looked for
      expect(await codeOf(() => parseFile('/no/such/file.txt', { max_bytes }))).toBe(
        'invalid_option',
      );
    }
    expect(
      await codeOf(() => parseDocument({ bytes, source_url: 'a.txt', options: { max_bytes: 3 } })),
    ).toBe('input_too_large');
  });

  it('refuses an unknown format with invalid_option, not a TypeError', async () => {
    for (const format of ['docx', 'PDF', 'toString', '__proto__', 42]) {
      let caught: unknown;
      try {
        await parseDocument({
          bytes: Buffer.from('x'),
          source_url: 'a.txt',
          format: format as never,
        });
      } catch (error) {
        caught = error;
      }
      expect(isCairnError(caught, 'invalid_option')).toBe(true);
    }
  });

  it('refuses bytes that are not a Uint8Array and a source_url that is not a string', async () => {
    const inputs = [
      { bytes: 'hello', source_url: 'a.txt' },
      { bytes: null, source_url: 'a.txt' },
      { bytes: new ArrayBuffer(3), source_url: 'a.txt' },
      { bytes: Buffer.from('x'), source_url: undefined },
      { bytes: Buffer.from('x'), source_url: 42, format: 'text' },
    ];
    for (const input of inputs) {
      let caught: unknown;
      try {
        await parseDocument(input as never);
      } catch (error) {
        caught = error;
      }
      expect(isCairnError(caught, 'invalid_option')).toBe(true);
    }
  });
});
