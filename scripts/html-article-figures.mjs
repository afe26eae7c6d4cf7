// Precision and recall of HTML chunks against each page's article, over the
// reader-mode test pages in ../shared/corpora/html (issue 24).
//
// The article of a page, by rule: the visible text (cairn's own HTML text
// layer) of that page's `expected.html` in Mozilla Readability's test suite
// (test/test-pages/<name>/expected.html), the reader view its maintainers
// reviewed and committed for the same source page. Words are runs of letters
// and digits, lower-cased, counted as a multiset.
//   precision = shared words / words in the page's chunks
//   recall    = shared words / words in the article
// "before" chunks keep furniture (include_furniture: true, what every chunk
// held before furniture blocks existed); "after" chunks are the default.
//
// Usage (after npm run build):
//   node scripts/html-article-figures.mjs <readability>/test/test-pages [--out test/fixtures/html-article/figures.json]
// With --out, the figures are written there (the rule and the hand checks
// already in that file are kept) and --save-text <page,...> also writes those
// pages' article text beside it, for the test that checks the figures.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as lib from '../dist/index.js';
import { articleText, countWords, pageFigures } from './html-article-words.mjs';

const [expectedDir, ...rest] = process.argv.slice(2);
if (!expectedDir) {
  process.stderr.write(
    'usage: node scripts/html-article-figures.mjs <test-pages dir> [--out file]\n',
  );
  process.exit(2);
}
const outAt = rest.indexOf('--out');
const out = outAt >= 0 ? rest[outAt + 1] : null;
const saveAt = rest.indexOf('--save-text');
const saveText = new Set(saveAt >= 0 ? rest[saveAt + 1].split(',') : []);
const corpus = '../shared/corpora/html';
const pages = [];
const totals = { before: { shared: 0, chunk: 0 }, after: { shared: 0, chunk: 0 }, article: 0 };
for (const file of readdirSync(corpus).sort()) {
  const name = file.replace(/\.html$/, '');
  const text = await articleText(lib, readFileSync(join(expectedDir, name, 'expected.html')));
  const figures = await pageFigures(lib, join(corpus, file), countWords(text));
  pages.push({ page: name, ...figures });
  if (out && saveText.has(name)) writeFileSync(join(dirname(out), `${name}.txt`), text);
  totals.article += figures.article_words;
  for (const side of ['before', 'after']) {
    totals[side].shared += figures[side].shared_words;
    totals[side].chunk += figures[side].chunk_words;
  }
  process.stderr.write(
    `${name}: before p=${figures.before.precision} r=${figures.before.recall}  after p=${figures.after.precision} r=${figures.after.recall}\n`,
  );
}
const round = (x) => Math.round(x * 1000) / 1000;
const mean = (side, key) => round(pages.reduce((s, p) => s + p[side][key], 0) / pages.length);
const summary = {};
for (const side of ['before', 'after']) {
  summary[side] = {
    precision: round(totals[side].shared / totals[side].chunk),
    recall: round(totals[side].shared / totals.article),
    mean_precision: mean(side, 'precision'),
    mean_recall: mean(side, 'recall'),
  };
}
process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
if (out) {
  const previous = (() => {
    try {
      return JSON.parse(readFileSync(out, 'utf8'));
    } catch {
      return null;
    }
  })();
  const checked = new Map((previous?.pages ?? []).map((p) => [p.page, p.checked_by_hand]));
  for (const page of pages)
    if (checked.get(page.page)) page.checked_by_hand = checked.get(page.page);
  writeFileSync(
    out,
    `${JSON.stringify({ rule: previous?.rule ?? null, summary, pages }, null, 1)}\n`,
  );
}
