import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOMB_KINDS, pdfBomb } from '../../scripts/pdf-bombs.mjs';
import { parseDocument } from '../../src/parse/parse-document.js';
import { checkPdfInflation } from '../../src/parse/pdf/check-pdf-inflation.js';
import { useCliSandbox } from '../support/cli-sandbox.js';

/**
 * PDF bombs behind every filter chain pdf.js decodes: Flate, Flate twice,
 * ASCIIHex then Flate, LZW, and an object stream. Unchecked, pdf.js decodes
 * each stage whole outside the V8 heap (a 5.7 kB file of two Flate stages
 * peaked at 6.3 GB). Each is refused as `input_too_large` (reason
 * `pdf_inflation`) before pdf.js decodes it, and the child's peak RSS
 * stays far below what the stream decodes to.
 */
const PADDING = 600 * 1024 * 1024;
const sandbox = useCliSandbox('cairn-pdf-bombs-', {
  entry: 'test/support/max-rss-cli-entry.ts',
});

describe('the inflation check counts every stage of every chain', () => {
  it.each(BOMB_KINDS)(
    '%s: pdf.js reads the small file; the check counts all it decodes',
    async (kind) => {
      // 3 MB of spaces: LZW codes of every width, 9 to 12 bits, which pdf.js must read as written
      const padding = 3_000_000;
      const pdf = await pdfBomb(kind, `Hello ${kind}`, padding);
      const doc = await parseDocument({ bytes: pdf, source_url: `${kind}.pdf` });
      expect(doc.canonical).toContain(`Hello ${kind}`);
      // the spaces alone are `padding` bytes: a check that missed a stage would let this through
      await expect(checkPdfInflation(pdf, `${kind}.pdf`, padding)).rejects.toMatchObject({
        code: 'input_too_large',
        details: { reason: 'pdf_inflation', max_decoded_bytes: padding },
      });
      await expect(checkPdfInflation(pdf, `${kind}.pdf`, 3 * padding)).resolves.toBeUndefined();
    },
  );

  it('reads the filter name as pdf.js does, #xx escapes and /F included', async () => {
    const padding = 100_000;
    for (const kind of ['flate-twice', 'hex-flate'] as const) {
      const pdf = Buffer.from(await pdfBomb(kind, 'Hello', padding));
      const escaped = Buffer.from(
        pdf
          .toString('latin1')
          .replace('[/FlateDecode', '[/Fl#61teDecode')
          .replace('/Filter [', '/F ['),
        'latin1',
      );
      await expect(checkPdfInflation(escaped, 'escaped.pdf', padding)).rejects.toMatchObject({
        details: { reason: 'pdf_inflation' },
      });
    }
  });
});

describe('PDF bombs of 600 MB behind each chain', () => {
  it.each(BOMB_KINDS)(
    '%s: cairn parse refuses it with pdf_inflation, peak RSS under 600 MB',
    async (kind) => {
      const file = `${kind}.pdf`;
      const pdf = await pdfBomb(kind, `Hello ${kind}`, PADDING);
      expect(pdf.length).toBeLessThan(2 * 1024 * 1024);
      writeFileSync(join(sandbox.dir, file), pdf);
      const run = sandbox.cairnPeak(['parse', file, '--json']);
      const out = `${run.stdout}${run.stderr}`;
      expect(out).toContain('input_too_large');
      expect(out).toContain('pdf_inflation');
      expect(run.code).toBe(1);
      expect(run.peak_mb).toBeLessThan(600);
    },
    120_000,
  );
});
