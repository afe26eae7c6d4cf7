import { describe, expect, it } from 'vitest';
import { isCairnError } from '../../errors.js';
import { declaredCharset, decodeHtml } from './decode-html.js';

const latin = (text: string): Buffer => Buffer.from(text, 'latin1');

function codeOf(run: () => unknown): string {
  try {
    run();
    return 'no error';
  } catch (error) {
    if (isCairnError(error)) return error.code;
    throw error;
  }
}

describe('declaredCharset', () => {
  it.each([
    ['<meta charset="Windows-1252">', 'windows-1252'],
    ["<meta charset='utf-8' />", 'utf-8'],
    ['<meta charset=shift_jis>', 'shift_jis'],
    ['<meta http-equiv="Content-Type" content="text/html; charset=gb2312" />', 'gb2312'],
    ['<?xml version="1.0" encoding="ISO-8859-1"?><html>', 'iso-8859-1'],
    ['<html><p>charset=koi8-r</p>', null],
  ])('reads %s', (head, label) => {
    expect(declaredCharset(latin(head))).toBe(label);
  });

  it('looks only at the first 1024 bytes', () => {
    expect(declaredCharset(latin(`${' '.repeat(1024)}<meta charset="windows-1252">`))).toBeNull();
  });
});

describe('decodeHtml', () => {
  it('decodes valid UTF-8 as UTF-8 even under a legacy declaration (re-saved pages)', () => {
    const bytes = Buffer.from('<meta charset="gb2312"><p>中文 é</p>', 'utf8');
    expect(decodeHtml(bytes, 'x.html')).toEqual({
      text: '<meta charset="gb2312"><p>中文 é</p>',
      encoding: 'utf-8',
    });
  });

  it('decodes a declared single-byte charset, windows-1252 bytes 0x80-0x9F as the standard maps them', () => {
    const body = Buffer.from([0xe9, 0x80, 0x92, 0x81, 0x9f]);
    for (const label of ['windows-1252', 'iso-8859-1', 'latin1']) {
      const bytes = Buffer.concat([latin(`<meta charset="${label}"><p>caf`), body, latin('</p>')]);
      expect(decodeHtml(bytes, 'x.html')).toEqual({
        text: `<meta charset="${label}"><p>café€’\u0081Ÿ</p>`,
        encoding: 'windows-1252',
      });
    }
    const cyrillic = Buffer.concat([
      latin('<meta charset="koi8-r"><p>'),
      Buffer.from([0xd0, 0xd2, 0xc9]),
    ]);
    expect(decodeHtml(cyrillic, 'x.html').text).toBe('<meta charset="koi8-r"><p>при');
  });

  it('decodes a declared multi-byte charset and refuses bytes invalid in it', () => {
    const head = latin('<meta charset="shift_jis"><p>');
    expect(decodeHtml(Buffer.concat([head, Buffer.from([0x82, 0xa0])]), 'x.html').text).toBe(
      '<meta charset="shift_jis"><p>あ',
    );
    expect(
      codeOf(() => decodeHtml(Buffer.concat([head, Buffer.from([0x82, 0xa0, 0x82])]), 'x.html')),
    ).toBe('invalid_encoding');
  });

  it('refuses a charset it cannot decode', () => {
    const bytes = Buffer.concat([latin('<meta charset="x-made-up"><p>'), Buffer.from([0xe9])]);
    expect(codeOf(() => decodeHtml(bytes, 'x.html'))).toBe('unsupported_encoding');
    const replacement = Buffer.concat([
      latin('<meta charset="iso-2022-kr"><p>'),
      Buffer.from([0xe9]),
    ]);
    expect(codeOf(() => decodeHtml(replacement, 'x.html'))).toBe('unsupported_encoding');
  });

  it('refuses invalid UTF-8 with no declaration, or a UTF-8 or UTF-16 one, with the byte offset', () => {
    for (const head of ['<p>', '<meta charset="utf-8"><p>', '<meta charset="utf-16"><p>']) {
      const bytes = Buffer.concat([latin(head), Buffer.from([0xc3, 0x28])]);
      try {
        decodeHtml(bytes, 'x.html');
        expect.unreachable();
      } catch (error) {
        expect(isCairnError(error, 'invalid_utf8')).toBe(true);
        expect((error as { details: { byte_offset: number } }).details.byte_offset).toBe(
          head.length,
        );
      }
    }
  });

  it('lets a byte order mark win over a declaration', () => {
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('<meta charset="windows-1252"><p>😀</p>', 'utf16le'),
    ]);
    expect(decodeHtml(utf16, 'x.html')).toEqual({
      text: '<meta charset="windows-1252"><p>😀</p>',
      encoding: 'utf-16le',
    });
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<p>é</p>', 'utf8')]);
    expect(decodeHtml(utf8, 'x.html')).toEqual({ text: '<p>é</p>', encoding: 'utf-8' });
  });
});
