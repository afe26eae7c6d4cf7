import { createRequire } from 'node:module';

/** The slice of compromise's API this module reads: each term's tags and where it starts. */
type Tagger = (text: string) => {
  json(options: { offset: true }): { terms: { tags: string[]; offset: { start: number } }[] }[];
};

// loaded on the first swap to look at: most audits never need the tagger, and a CLI start-up should not pay for it
const load = createRequire(import.meta.url);
let tagger: Tagger | null = null;

const cache = new Map<string, ReadonlySet<number>>();
const MAX_CACHED = 500;

/** UTF-16 units past which a text is not tagged: a sentence or a passage is far shorter, and tagging is linear but not cheap. */
export const MAX_TAGGED = 20_000;
const NONE: ReadonlySet<number> = new Set();

/**
 * Where the nouns of a text start (UTF-16), pronouns left out, as
 * compromise's English part-of-speech tagger reads the text in context:
 * "Deadlocks cause ..." has a noun at 0, "... follows from ..." has none
 * at "follows". A text past `MAX_TAGGED` has none.
 */
export function nounStarts(text: string): ReadonlySet<number> {
  if (text.length > MAX_TAGGED) return NONE;
  const hit = cache.get(text);
  if (hit !== undefined) return hit;
  tagger ??= load('compromise') as Tagger;
  const starts = new Set<number>();
  for (const sentence of tagger(text).json({ offset: true }))
    for (const term of sentence.terms)
      if (term.tags.includes('Noun') && !term.tags.includes('Pronoun'))
        starts.add(term.offset.start);
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(text, starts);
  return starts;
}

/** Forgets every text tagged: a benchmark measures texts never seen. */
export function forgetNouns(): void {
  cache.clear();
}
