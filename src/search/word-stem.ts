import { stemmer } from 'stemmer';

/** Words stemmed so far, across searches: queries and chunks keep using the same vocabulary. */
const stems = new Map<string, string>();
const MAX_CACHED_STEMS = 50_000;

/**
 * The Porter stem of a lower-case word, as SQLite's `porter` tokenizer
 * stems what it indexes: the form in which a query word matches the text's
 * other forms (`exports`, `exporter` for `export`).
 */
export function stemOf(lowerCaseWord: string): string {
  let stem = stems.get(lowerCaseWord);
  if (stem === undefined) {
    if (stems.size >= MAX_CACHED_STEMS) stems.clear();
    stem = stemmer(lowerCaseWord);
    stems.set(lowerCaseWord, stem);
  }
  return stem;
}

/** Whether a word of a text is one of the query's words or another form of one. */
export function queryWordMatcher(terms: readonly string[]): (word: string) => boolean {
  const exact = new Set(terms.map((term) => term.toLowerCase()));
  const stemmed = new Set([...exact].map(stemOf));
  return (word) => {
    const lower = word.normalize('NFC').toLowerCase();
    return exact.has(lower) || stemmed.has(stemOf(lower));
  };
}
