import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isCairnError } from '../../src/errors.js';
import { parseDocument, parseFile } from '../../src/parse/parse-document.js';
import type { Format } from '../../src/types.js';
import { tempDir } from '../support/temp-dir.js';

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

const parseBytes = (bytes: Uint8Array, source_url: string, format?: Format) =>
  parseDocument({ bytes, source_url, ...(format ? { format } : {}) });

const ZIP = Buffer.from('504b0304140000000800', 'hex');

describe('bad input across formats', () => {
  it.each([['notes.md'], ['notes.txt'], ['page.html'], ['data.json'], ['book.ipynb']])(
    'refuses invalid UTF-8 in %s with the byte offset',
    async (name) => {
      const bytes = Buffer.concat([
        Buffer.from('{"a": "ok'),
        Buffer.from([0xff]),
        Buffer.from('"}'),
      ]);
      const error = await errorOf(() => parseBytes(bytes, name));
      expect(error).toMatchObject({ code: 'invalid_utf8', details: { byte_offset: 9 } });
    },
  );

  it.each([['a.md'], ['a.txt'], ['a.html'], ['a.json'], ['a.ipynb']])(
    'refuses a zip archive renamed %s as binary input',
    async (name) => {
      expect(await errorOf(() => parseBytes(ZIP, name))).toMatchObject({ code: 'binary_input' });
    },
  );

  it('decodes UTF-16 text with a byte order mark', async () => {
    const bytes = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('# Titre\n\nÉté 😀\n', 'utf16le'),
    ]);
    const doc = await parseBytes(bytes, 'utf16.md');
    expect(doc.canonical).toBe('# Titre\n\nÉté 😀\n');
    expect(doc.sections.map((s) => s.title)).toEqual(['Titre']);
  });

  it.each([['empty.md'], ['empty.txt'], ['empty.html'], ['empty.json'], ['empty.ipynb']])(
    'gives an empty model, no error, for %s with zero bytes',
    async (name) => {
      const doc = await parseBytes(new Uint8Array(0), name);
      expect(doc.blocks).toEqual([]);
      expect(doc.canonical).toBe('');
    },
  );

  it('refuses input over the size limit before parsing', async () => {
    const error = await errorOf(() =>
      parseDocument({
        bytes: Buffer.alloc(2048, 0x61),
        source_url: 'big.md',
        options: { max_bytes: 1024 },
      }),
    );
    expect(error).toMatchObject({
      code: 'input_too_large',
      details: { bytes: 2048, max_bytes: 1024 },
    });
  });

  it('names missing files, folders and unknown extensions', async () => {
    const dir = tempDir('cairn-bad-');
    writeFileSync(join(dir, 'x.docx'), 'hello');
    expect(await errorOf(() => parseFile(join(dir, 'nope.md')))).toMatchObject({
      code: 'file_not_found',
    });
    expect(await errorOf(() => parseFile(dir))).toMatchObject({ code: 'file_unreadable' });
    expect(await errorOf(() => parseFile(join(dir, 'x.docx')))).toMatchObject({
      code: 'unsupported_format',
    });
  });
});
