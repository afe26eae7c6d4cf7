import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCairnError } from '../errors.js';
import { binaryKind, decodeText, firstInvalidUtf8 } from './decode-text.js';

function codeOf(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return isCairnError(error) ? { code: error.code, details: error.details } : error;
  }
  return 'no error';
}

describe('decodeText', () => {
  it('round-trips any well-formed string through UTF-8', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(decodeText(Buffer.from(text, 'utf8')).text).toBe(text);
      }),
    );
  });

  it('removes a UTF-8 byte order mark', () => {
    const decoded = decodeText(Buffer.from('\ufeffhello', 'utf8'));
    expect(decoded).toEqual({ text: 'hello', encoding: 'utf-8', bom: true });
  });

  it('decodes UTF-16 with a byte order mark, little and big endian', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hé😀', 'utf16le')]);
    expect(decodeText(le)).toEqual({ text: 'hé😀', encoding: 'utf-16le', bom: true });
    const be = Buffer.from(le.subarray(2)).swap16();
    expect(decodeText(Buffer.concat([Buffer.from([0xfe, 0xff]), be])).text).toBe('hé😀');
  });

  it('refuses UTF-32 (little endian, whose BOM starts as UTF-16 LE does) as unsupported_encoding', () => {
    const text = '# Hello';
    const le = Buffer.alloc(4 * (text.length + 1));
    le.writeUInt32LE(0xfeff, 0);
    for (let i = 0; i < text.length; i++) le.writeUInt32LE(text.charCodeAt(i), 4 * (i + 1));
    expect(codeOf(() => decodeText(le, 'u32.md'))).toEqual({
      code: 'unsupported_encoding',
      details: { source: 'u32.md', encoding: 'utf-32le' },
    });
  });

  it('refuses UTF-16 cut short or with a lone surrogate as invalid_encoding, with the byte offset', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('ab', 'utf16le')]);
    expect(codeOf(() => decodeText(Buffer.concat([le, Buffer.from([0x63])]), 'odd.txt'))).toEqual({
      code: 'invalid_encoding',
      details: { source: 'odd.txt', encoding: 'utf-16le', byte_offset: 6 },
    });
    const lone = Buffer.concat([le, Buffer.from([0x00, 0xd8, 0x63, 0x00])]);
    expect(codeOf(() => decodeText(lone, 'lone.txt'))).toMatchObject({
      code: 'invalid_encoding',
      details: { encoding: 'utf-16le', byte_offset: 6 },
    });
    const be = Buffer.concat([Buffer.from([0xfe, 0xff, 0x00, 0x61, 0xdc, 0x00])]);
    expect(codeOf(() => decodeText(be, 'be.txt'))).toMatchObject({
      code: 'invalid_encoding',
      details: { encoding: 'utf-16be', byte_offset: 4 },
    });
  });

  it('refuses invalid UTF-8 with the byte offset of the first bad sequence', () => {
    const bytes = Buffer.concat([
      Buffer.from('héllo '),
      Buffer.from([0xc3, 0x28]),
      Buffer.from(' x'),
    ]);
    expect(codeOf(() => decodeText(bytes, 'bad.md'))).toEqual({
      code: 'invalid_utf8',
      details: { source: 'bad.md', byte_offset: 7 },
    });
  });

  it('finds the first invalid sequence wherever random garbage puts it', () => {
    fc.assert(
      fc.property(fc.string(), fc.uint8Array({ minLength: 1, maxLength: 8 }), (prefix, junk) => {
        const bytes = Buffer.concat([Buffer.from(prefix, 'utf8'), junk]);
        const offset = firstInvalidUtf8(bytes);
        // the reference: the longest valid prefix is where a fatal decoder first fails
        const decoder = new TextDecoder('utf-8', { fatal: true });
        if (offset === -1) {
          expect(() => decoder.decode(bytes)).not.toThrow();
        } else {
          expect(offset).toBeGreaterThanOrEqual(Buffer.byteLength(prefix));
          expect(() => decoder.decode(bytes.subarray(0, offset))).not.toThrow();
          expect(() => decoder.decode(bytes)).toThrow();
        }
      }),
    );
  });

  it('rejects surrogates encoded in UTF-8 and overlong forms', () => {
    expect(firstInvalidUtf8(Buffer.from([0x61, 0xed, 0xa0, 0x80]))).toBe(1);
    expect(firstInvalidUtf8(Buffer.from([0xc0, 0xaf]))).toBe(0);
    expect(firstInvalidUtf8(Buffer.from([0xf4, 0x90, 0x80, 0x80]))).toBe(0);
  });
});

describe('binaryKind', () => {
  it('names zip, pdf, gzip and images, and NUL-bearing data', () => {
    expect(binaryKind(Buffer.from('PK\x03\x04rest'))).toBe('zip');
    expect(binaryKind(Buffer.from('%PDF-1.7'))).toBe('pdf');
    expect(binaryKind(Buffer.from([0x1f, 0x8b, 8, 0]))).toBe('gzip');
    expect(binaryKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d]))).toBe('png');
    expect(binaryKind(Buffer.from('text\0more'))).toBe('binary');
  });

  it('passes text, including UTF-16 with a BOM', () => {
    expect(binaryKind(Buffer.from('# Title\n\nBody'))).toBeNull();
    expect(
      binaryKind(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hi', 'utf16le')])),
    ).toBeNull();
  });
});
