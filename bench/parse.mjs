// Parse throughput: cairn's document model against the bare libraries it is built on.
import { measure, printTable } from './harness.mjs';

export function bench({ runs = 5 } = {}) {
  const md = ['ecfr', '.md'];
  const mdRows = [
    ['sha256 (floor)', 'sha256'],
    ['utf8 decode (floor)', 'utf8-decode'],
    ['micromark events (bare)', 'micromark-events'],
    ['mdast-util-from-markdown (bare tree)', 'mdast-from-markdown'],
    ['cairn parse (markdown)', 'cairn-parse-as-markdown'],
    ['cairn parse (ecfr profile)', 'cairn-parse'],
  ].map(([label, tool]) => measure(label, 'parse-bench.mjs', [tool, ...md, String(runs)]));
  printTable(
    'Parse: Markdown over ../shared/corpora/ecfr',
    mdRows,
    'mdast-util-from-markdown (bare tree)',
  );
  const html = ['html', '.html'];
  const htmlRows = [
    ['utf8 decode (floor)', 'utf8-decode'],
    ['parse5 with locations (bare)', 'parse5'],
    ['cairn parse (html)', 'cairn-parse'],
  ].map(([label, tool]) => measure(label, 'parse-bench.mjs', [tool, ...html, String(runs)]));
  printTable('Parse: HTML over ../shared/corpora/html', htmlRows, 'parse5 with locations (bare)');
}
