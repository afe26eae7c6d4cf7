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

/**
 * Whether a word of a text is one of the query's words or another form of
 * one. Porter rewrites only suffixes, so a word whose lower-cased first
 * letter starts no query word and no query stem cannot match: most words of
 * a text are turned away on that letter, unstemmed. Only words whose first
 * two units are ASCII are turned away so: there NFC cannot recompose the
 * first letter, and lower-casing it is plain ASCII.
 */
export function queryWordMatcher(terms: readonly string[]): (word: string) => boolean {
  const exact = new Set(terms.map((term) => term.toLowerCase()));
  const stemmed = new Set([...exact].map(stemOf));
  const firstUnits = new Set<number>();
  for (const form of [...exact, ...stemmed]) firstUnits.add(form.charCodeAt(0));
  return (word) => {
    const first = word.charCodeAt(0);
    if (first < 128 && !(word.charCodeAt(1) >= 128) && !firstUnits.has(asciiLower(first)))
      return false;
    const lower = word.normalize('NFC').toLowerCase();
    return exact.has(lower) || stemmed.has(stemOf(lower));
  };
}

/** The lower-case code of an ASCII code unit. */
function asciiLower(unit: number): number {
  return unit >= 65 && unit <= 90 ? unit + 32 : unit;
}
