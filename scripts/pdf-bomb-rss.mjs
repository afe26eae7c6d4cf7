// Peak RSS of `cairn parse` on each PDF bomb (Flate, Flate twice, ASCIIHex
// then Flate, LZW, object stream), each decoding to 600 MB of spaces from a
// file of under 2 MB, and whether it was refused with pdf_inflation.
// The peak is GNU time's "Maximum resident set size" of the child.
//
// Usage (after npm run build): node scripts/pdf-bomb-rss.mjs [--mb 600]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BOMB_KINDS, pdfBomb } from './pdf-bombs.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const at = process.argv.indexOf('--mb');
const mb = at >= 0 ? Number(process.argv[at + 1]) : 600;
const dir = mkdtempSync(join(tmpdir(), 'cairn-pdf-bomb-rss-'));
try {
  for (const kind of BOMB_KINDS) {
    const file = join(dir, `${kind}.pdf`);
    const pdf = await pdfBomb(kind, `Hello ${kind}`, mb * 1024 * 1024);
    writeFileSync(file, pdf);
    const run = spawnSync(
      '/usr/bin/time',
      ['-v', process.execPath, join(root, 'dist/cli/main.js'), 'parse', file, '--json'],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    const peakKb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(run.stderr)?.[1]);
    process.stdout.write(
      `${JSON.stringify({
        bomb: kind,
        file_bytes: pdf.length,
        decodes_to_mb: mb,
        refused_pdf_inflation: `${run.stdout}${run.stderr}`.includes('pdf_inflation'),
        exit: run.status,
        peak_rss_mb: Math.round(peakKb / 1024),
      })}\n`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
