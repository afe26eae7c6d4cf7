#!/usr/bin/env node
// docs/viewer.md's picture of the web viewer (docs/viewer.png): one document
// open at 1280x800, one chunk selected and centred, the next one hovered.
// Needs a running `cairn serve` and Debian's chromium; downloads nothing.
//
//   node scripts/viewer-screenshot.mjs http://127.0.0.1:7411 <doc_uid or source_url> <chunk seq> docs/viewer.png
import { chromium } from 'playwright-core';

const [given, doc, seqArg, out] = process.argv.slice(2);
// `cairn serve` prints its address with a trailing slash; the paths below add their own
const base = given?.replace(/\/+$/, '');
if (!given || !doc || !seqArg || !out) {
  console.error('usage: viewer-screenshot.mjs <server url> <document> <chunk seq> <out.png>');
  process.exit(2);
}
const response = await fetch(`${base}/api/documents/${encodeURIComponent(doc)}`);
if (!response.ok) throw new Error(`${doc}: HTTP ${response.status} ${await response.text()}`);
const { chunks } = await response.json();
const seq = Number(seqArg);
const chunk = chunks.find((c) => c.seq === seq);
if (!chunk) throw new Error(`${doc} has no chunk with seq ${seq}`);

const browser = await chromium.launch({
  executablePath: process.env.CAIRN_CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${base}/#chunk=${encodeURIComponent(chunk.chunk_id)}`);
  await page.locator('#doc-text .seg.sel').first().waitFor({ timeout: 60_000 });
  await page.locator('#doc-list[data-state="ready"]').waitFor();
  const next = chunks.findIndex((c) => c.seq === seq + 1);
  if (next >= 0) {
    // the mouse on the neighbour's first line, so the hover line below the text names it
    const { x, y } = await page
      .locator(`#doc-text [data-chunk-start="${next}"]`)
      .evaluate((span) => {
        const line = span.getClientRects()[0];
        return { x: line.left + 40, y: line.top + line.height / 2 };
      });
    await page.mouse.move(x, y);
  }
  await page.screenshot({ path: out });
  console.log(`${out}: ${chunk.chunk_id}`);
} finally {
  await browser.close();
}
