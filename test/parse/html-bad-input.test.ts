import { describe, expect, it } from 'vitest';
import { isCairnError } from '../../src/errors.js';
import { parseHtml } from '../../src/parse/html/parse-html.js';
import { parseDocument } from '../../src/parse/parse-document.js';
import { assertDocumentInvariants } from '../support/assert-document.js';
import { cpuMs } from '../support/cpu-time.js';

const parseBytes = (bytes: Uint8Array, source_url = 'page.html') =>
  parseHtml({ bytes, source_url });

async function errorOf(
  run: () => Promise<unknown>,
): Promise<{ code: string; details: unknown } | string> {
  try {
    await run();
    return 'no error';
  } catch (error) {
    if (isCairnError(error)) return { code: error.code, details: error.details };
    throw error;
  }
}

/** CPU time of `run` in milliseconds. */
async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = cpuMs();
  const value = await run();
  return { value, ms: cpuMs() - start };
}

describe('HTML parser on bad input', () => {
  it.each([
    ['a zip archive', Buffer.from('504b030414000000080000002100', 'hex')],
    ['a PNG image', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')],
    ['a gzip stream', Buffer.from('1f8b0800000000000003', 'hex')],
    ['bytes with NULs', Buffer.from('<p>a\0b</p>', 'latin1')],
  ])('refuses %s disguised as .html', async (_, bytes) => {
    expect(await errorOf(() => parseBytes(bytes))).toMatchObject({ code: 'binary_input' });
    expect(await errorOf(() => parseDocument({ bytes, source_url: 'x.html' }))).toMatchObject({
      code: 'binary_input',
    });
  });

  it('refuses invalid UTF-8 with the offset of the first bad byte, never a U+FFFD', async () => {
    const bytes = Buffer.concat([
      Buffer.from('<p>caf', 'utf8'),
      Buffer.from([0xe9]),
      Buffer.from('</p>'),
    ]);
    expect(await errorOf(() => parseBytes(bytes))).toMatchObject({
      code: 'invalid_utf8',
      details: { byte_offset: 6, source: 'page.html' },
    });
  });

  it('decodes a page that declares windows-1252 and has its bytes', async () => {
    const bytes = Buffer.concat([
      Buffer.from('<meta charset="windows-1252"><h1>Caf', 'latin1'),
      Buffer.from([0xe9, 0x20, 0x93, 0x71, 0x94]),
      Buffer.from('</h1>', 'latin1'),
    ]);
    const doc = await parseBytes(bytes);
    expect(doc.canonical).toBe('Café “q”');
    // source spans count the decoded source: code points, and bytes of its UTF-8 form
    expect(doc.blocks[0]!.source_span).toEqual({
      start: 29,
      end: 46,
      start_byte: 29,
      end_byte: 51,
    });
  });

  it('refuses a page in a charset it cannot decode', async () => {
    const bytes = Buffer.concat([
      Buffer.from('<meta charset="x-mac-klingon"><p>'),
      Buffer.from([0xe9]),
    ]);
    expect(await errorOf(() => parseBytes(bytes))).toMatchObject({
      code: 'unsupported_encoding',
      details: { encoding: 'x-mac-klingon' },
    });
  });

  it('decodes UTF-16 with a byte order mark', async () => {
    const bytes = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('<h1>Été 😀</h1><p>x</p>', 'utf16le'),
    ]);
    const doc = await parseBytes(bytes);
    expect(doc.canonical).toBe('Été 😀\n\nx');
    expect(doc.sections.map((s) => s.title)).toEqual(['Été 😀']);
  });

  it('walks 100,000 nested divs without overflowing the stack, in bounded time', async () => {
    const html = `${'<div>'.repeat(100_000)}deep${'</div>'.repeat(100_000)}`;
    const { value: doc, ms } = await timed(() => parseBytes(Buffer.from(html)));
    expect(doc.canonical).toBe('deep');
    expect(doc.blocks[0]!.source_span).toMatchObject({ start: 500_000 - 5, end: 500_000 + 4 + 6 });
    expect(ms).toBeLessThan(20_000);
  });

  it.each([
    ['lists', '<ul><li>'.repeat(30_000), '<h2>h</h2>'],
    ['quotes', '<blockquote>'.repeat(50_000), '<pre>p</pre>'],
    ['tables', '<table><tr><td>'.repeat(5_000), '<p>p</p>'],
    ['inline elements', '<b><i>'.repeat(50_000), ''],
  ])('walks deeply nested %s in linear time', async (_, open, inner) => {
    const { value: doc, ms } = await timed(() => parseBytes(Buffer.from(`${open}text${inner}`)));
    assertDocumentInvariants(doc);
    expect(doc.canonical.startsWith('text')).toBe(true);
    expect(ms).toBeLessThan(20_000);
  });

  it('parses a 20 MB page that is one text node', async () => {
    const words = 'lorem ipsum '.repeat(1_750_000);
    const html = `<p>${words}</p>`;
    expect(html.length).toBeGreaterThan(20_000_000);
    const { value: doc, ms } = await timed(() => parseBytes(Buffer.from(html)));
    expect(doc.length).toBe(words.length - 1);
    expect(doc.blocks).toHaveLength(1);
    expect(doc.blocks[0]!.source_span).toMatchObject({ start: 0, end: html.length });
    expect(ms).toBeLessThan(60_000);
  }, 90_000);

  it('gives an empty model, no error, for an empty file', async () => {
    const doc = await parseBytes(new Uint8Array(0));
    expect(doc).toMatchObject({
      canonical: '',
      length: 0,
      byte_length: 0,
      blocks: [],
      sections: [],
      title: null,
    });
  });
});
