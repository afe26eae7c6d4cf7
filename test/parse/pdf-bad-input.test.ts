import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isCairnError } from '../../src/errors.js';
import { parseDocument } from '../../src/parse/parse-document.js';
import { parsePdf } from '../../src/parse/pdf/parse-pdf.js';
import { corpusPath } from '../corpora.js';
import { cpuMs } from '../support/cpu-time.js';

const corpusPdf = (name: string) => readFileSync(corpusPath('pdf', name));

async function failureOf(
  run: () => Promise<unknown>,
): Promise<{ code: string; message: string; details: Record<string, unknown> } | 'no error'> {
  try {
    await run();
    return 'no error';
  } catch (error) {
    if (isCairnError(error))
      return { code: error.code, message: error.message, details: error.details };
    throw error;
  }
}

const parseBytes = (bytes: Uint8Array, source_url = 'bad.pdf') =>
  failureOf(() => parseDocument({ bytes, source_url }));

describe('PDF bad input', () => {
  it('refuses an encrypted file with pdf_encrypted', async () => {
    expect(
      await parseBytes(corpusPdf('libreoffice-writer-password.pdf'), 'secret.pdf'),
    ).toMatchObject({
      code: 'pdf_encrypted',
      details: { source: 'secret.pdf' },
    });
  });

  it('refuses an image-only file with pdf_no_text, never an empty success', async () => {
    expect(await parseBytes(corpusPdf('grayscale-image.pdf'), 'scan.pdf')).toMatchObject({
      code: 'pdf_no_text',
      message: 'scan.pdf has no text on its one page (scanned or image-only?)',
      details: { source: 'scan.pdf', pages: 1 },
    });
  });

  it.each([0.3, 0.6, 0.95])(
    'refuses the first %s of a real file as pdf_malformed',
    async (share) => {
      const full = corpusPdf('pdflatex-outline.pdf');
      const cut = full.subarray(0, Math.floor(full.length * share));
      expect(await parseBytes(cut, 'cut.pdf')).toMatchObject({
        code: 'pdf_malformed',
        details: { source: 'cut.pdf' },
      });
      // and with a forged end marker, pdf.js's own checks still refuse it
      const forged = Buffer.concat([cut, Buffer.from('\n%%EOF\n')]);
      expect(await parseBytes(forged, 'cut.pdf')).toMatchObject({ code: 'pdf_malformed' });
    },
  );

  it('refuses random bytes after a PDF header in bounded time', async () => {
    for (let i = 0; i < 5; i++) {
      const bytes = Buffer.concat([
        Buffer.from('%PDF-1.7\n'),
        randomBytes(20_000),
        Buffer.from('\n%%EOF\n'),
      ]);
      const started = cpuMs();
      expect(await parseBytes(bytes)).toMatchObject({
        code: 'pdf_malformed',
        details: { source: 'bad.pdf' },
      });
      expect(cpuMs() - started).toBeLessThan(10_000);
    }
  });

  it('tells a disguised archive (binary_input) from text or nothing named .pdf (pdf_malformed)', async () => {
    expect(await parseBytes(Buffer.from('504b0304140000000800', 'hex'))).toMatchObject({
      code: 'binary_input',
    });
    expect(await parseBytes(Buffer.from('# not a pdf\n'))).toMatchObject({ code: 'pdf_malformed' });
    expect(await parseBytes(new Uint8Array(0))).toMatchObject({ code: 'pdf_malformed' });
  });

  it('bounds the work by page count and by time', async () => {
    const fourPages = corpusPdf('pdflatex-4-pages.pdf');
    expect(
      await failureOf(() =>
        parsePdf({ bytes: fourPages, source_url: 'a.pdf', options: { max_pages: 3 } }),
      ),
    ).toMatchObject({
      code: 'input_too_large',
      details: { source: 'a.pdf', pages: 4, max_pages: 3 },
    });
    const book = corpusPdf('GeoTopo-komprimiert.pdf');
    expect(
      await failureOf(() =>
        parsePdf({ bytes: book, source_url: 'b.pdf', options: { timeout_ms: 1 } }),
      ),
    ).toMatchObject({
      code: 'parse_timeout',
      details: { source: 'b.pdf' },
    });
  });

  it('does not detach or alter the caller’s bytes', async () => {
    const bytes = new Uint8Array(corpusPdf('minimal-document.pdf'));
    const copy = Buffer.from(bytes);
    await parsePdf({ bytes, source_url: 'm.pdf' });
    expect(bytes.byteLength).toBe(copy.length);
    expect(Buffer.from(bytes).equals(copy)).toBe(true);
  });
});
