import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/parse/parse-document.js';
import { checkPdfInflation } from '../../src/parse/pdf/check-pdf-inflation.js';
import { useCliSandbox } from '../support/cli-sandbox.js';
import { pdfWithFlateStream } from '../support/pdf-with-flate-stream.js';

/**
 * A PDF whose compressed stream inflates far past its size is refused as
 * `input_too_large` before pdf.js decodes it (pdf.js inflates outside the
 * V8 heap, where no worker limit reaches: a 1 MB file inflating to 1 GB
 * peaked at 2.2 GB of RSS). Peak memory is measured in the child process.
 */
const BOMB_BYTES = 600 * 1024 * 1024;
const sandbox = useCliSandbox('cairn-pdf-bomb-', {
  entry: 'test/support/max-rss-cli-entry.ts',
  setup: (dir) =>
    writeFileSync(join(dir, 'bomb.pdf'), pdfWithFlateStream('Hello bomb', BOMB_BYTES)),
});

describe('a PDF whose stream inflates to 600 MB', () => {
  it('is refused by parse, chunk and ingest as input_too_large, peak RSS under 300 MB', () => {
    const size = readFileSync(join(sandbox.dir, 'bomb.pdf')).length;
    expect(size).toBeLessThan(1024 * 1024);
    for (const args of [
      ['parse', 'bomb.pdf', '--json'],
      ['chunk', 'bomb.pdf', '--json'],
      ['ingest', 'bomb.pdf', '--db', 'bomb.db', '--json'],
    ]) {
      const run = sandbox.cairnPeak(args);
      expect(`${run.stdout}${run.stderr}`).toContain('input_too_large');
      expect(`${run.stdout}${run.stderr}`).toContain('inflate to more than');
      expect(run.code).toBe(1);
      expect(run.peak_mb).toBeLessThan(300);
    }
  });
});

describe('checkPdfInflation', () => {
  it('counts what Flate streams give and lets a small one through', async () => {
    const small = pdfWithFlateStream('Hello small', 100_000);
    await expect(checkPdfInflation(small, 'small.pdf', 100_000)).rejects.toMatchObject({
      code: 'input_too_large',
      details: { reason: 'pdf_inflation', max_decoded_bytes: 100_000 },
    });
    await expect(checkPdfInflation(small, 'small.pdf', 200_000)).resolves.toBeUndefined();
    const doc = await parseDocument({ bytes: small, source_url: 'small.pdf' });
    expect(doc.canonical).toContain('Hello small');
  });
});
