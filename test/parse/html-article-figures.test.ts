import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// the script's own measuring code, fed the sources instead of the build
import { countWords, pageFigures } from '../../scripts/html-article-words.mjs';
import { defaultChunkerRegistry } from '../../src/chunk/chunker-registry.js';
import { parseDocument } from '../../src/parse/parse-document.js';
import { corpusPath } from '../corpora.js';

const FIXTURE = 'test/fixtures/html-article';

interface Side {
  chunk_words: number;
  shared_words: number;
  precision: number;
  recall: number;
}
interface PageFigures {
  page: string;
  article_words: number;
  furniture_blocks: number;
  blocks: number;
  before: Side;
  after: Side;
  checked_by_hand?: string;
}
interface Figures {
  rule: string;
  summary: Record<'before' | 'after', { precision: number; recall: number }>;
  pages: PageFigures[];
}

const figures = JSON.parse(readFileSync(`${FIXTURE}/figures.json`, 'utf8')) as Figures;

describe('HTML article figures (scripts/html-article-figures.mjs)', () => {
  it('covers the 130 pages, 20 or more checked by hand, with recall at least 0.97', () => {
    expect(figures.pages).toHaveLength(130);
    expect(figures.rule.length).toBeGreaterThan(0);
    expect(figures.pages.filter((p) => p.checked_by_hand).length).toBeGreaterThanOrEqual(20);
    expect(figures.summary.after.recall).toBeGreaterThanOrEqual(0.97);
    // furniture left out: a larger share of what chunks hold is the article
    expect(figures.summary.after.precision).toBeGreaterThan(figures.summary.before.precision);
  });

  // three pages with a site's furniture around the article: a news page, a German
  // news page and a blog; their article texts are committed beside the figures
  it.each(['bbc-1', 'heise', 'wordpress'])('measures %s as the fixture says', async (page) => {
    const article = countWords(readFileSync(`${FIXTURE}/${page}.txt`, 'utf8'));
    const measured = await pageFigures(
      { parseDocument, defaultChunkerRegistry },
      corpusPath('html', `${page}.html`),
      article,
    );
    const {
      checked_by_hand: _checked,
      page: _page,
      ...expected
    } = figures.pages.find((p) => p.page === page)!;
    expect(measured).toEqual(expected);
    expect(measured.after.precision).toBeGreaterThan(measured.before.precision);
  });
});
