import { CairnError } from '../errors.js';
import type { SquadArticle } from './load-squad.js';

/** The halves of a SQuAD file by article: A for choosing parameters, B held out; `all` both. */
export const SQUAD_SPLITS = ['A', 'B', 'all'] as const;

export type SquadSplit = (typeof SQUAD_SPLITS)[number];

/** `split` when it names a half or `all`; else `invalid_option`. */
export function checkSquadSplit(split: string | undefined): SquadSplit {
  const wanted = split ?? 'all';
  if ((SQUAD_SPLITS as readonly string[]).includes(wanted)) return wanted as SquadSplit;
  throw new CairnError(
    'invalid_option',
    `No SQuAD split ${JSON.stringify(wanted)}: the splits are ${SQUAD_SPLITS.join(', ')}`,
    { details: { option: 'split', received: wanted, expected: [...SQUAD_SPLITS] } },
  );
}

/**
 * The articles of one half, in the file's order. The halves split by
 * article, never by question, so that no paragraph a parameter was chosen
 * on is asked about in the held-out half: the articles sorted by title
 * (code-unit order, then file order for equal titles) go alternately to A
 * (even positions, 0-based) and B (odd). A depends only on the titles, so
 * it stays the same half when the file's articles are reordered.
 */
export function squadSplit(articles: readonly SquadArticle[], split: SquadSplit): SquadArticle[] {
  if (split === 'all') return [...articles];
  const byTitle = articles
    .map((article, index) => ({ article, index }))
    .sort(
      (a, b) =>
        (a.article.title < b.article.title ? -1 : a.article.title > b.article.title ? 1 : 0) ||
        a.index - b.index,
    );
  const wanted = split === 'A' ? 0 : 1;
  const kept = new Set(byTitle.filter((_, i) => i % 2 === wanted).map((x) => x.index));
  return articles.filter((_, i) => kept.has(i));
}
