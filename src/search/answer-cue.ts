import type { TextWords } from './text-stems.js';

/** The questions whose answer has a recognisable form: a name, a place, a date, a number. */
export type QuestionType = 'who' | 'where' | 'when' | 'number';

/**
 * The type of answer a question asks for, from its question words; null
 * when its answer has no recognisable form ("what", "why", a bare phrase).
 * The patterns are matched in this order, so "who was born where" asks who.
 */
export function questionTypeOf(query: string): QuestionType | null {
  const q = query.toLowerCase();
  if (/\b(who|whom|whose)\b/.test(q)) return 'who';
  if (/\bwhere\b/.test(q)) return 'where';
  if (/\b(when|what year|which year|what century|what decade|what date)\b/.test(q)) return 'when';
  if (
    /\b(how many|how much|how long|how old|what percentage|how far|how large|how big|how tall|how high)\b/.test(
      q,
    )
  )
    return 'number';
  return null;
}

/** The query as the cue reads it: its type, and the words an answer is not (the query's own). */
export interface CueQuery {
  type: QuestionType;
  /** Every word of the query, stopwords included, lower-cased. */
  lower_words: ReadonlySet<string>;
  /** Whether a text word's stem id is a query stem. */
  isQueryStem: (stemId: number) => boolean;
}

/** Words a cue is looked for on either side of the best window: half a sentence. */
const CUE_REACH_WORDS = 8;

const TIME_WORDS = new Set(
  'january february march april may june july august september october november december century centuries'.split(
    ' ',
  ),
);
/** The prepositions before a place name: "in Paris", "from Normandy". */
const PLACE_PREPOSITIONS = new Set(['in', 'at', 'from', 'near', 'to', 'of']);
const YEAR = /^(1[0-9]{3}|20[0-9]{2})s?$/;
/** A word that starts with a capital letter. */
export const CAPITALISED = /^\p{Lu}/u;
const DIGIT = /\p{N}/u;
const SENTENCE_END = /[.!?]["')\]]?\s/;

/**
 * Whether a word of the answer's form stands within `CUE_REACH_WORDS` of
 * the span `from`..`to` (word positions, the best window): a passage that
 * holds the question's words but no name, date or number near them rarely
 * answers who, when or how many. The query's own words are no answer.
 * A name is a capitalised word that does not open a sentence (a sentence
 * opener is capitalised whatever it is); a place, a name after a place
 * preposition.
 */
export function hasAnswerCue(
  text: string,
  words: TextWords,
  span: { from: number; to: number },
  query: CueQuery,
): boolean {
  if (span.from < 0) return false;
  const { starts16, ends16, stems } = words;
  const lo = Math.max(0, span.from - CUE_REACH_WORDS);
  const hi = Math.min(stems.length - 1, span.to + CUE_REACH_WORDS);
  for (let k = lo; k <= hi; k++) {
    const word = text.slice(starts16[k], ends16[k]);
    const lower = word.toLowerCase();
    if (query.lower_words.has(lower) || query.isQueryStem(stems[k]!)) continue;
    const opensSentence = k === 0 || opensSentenceAt(text, ends16[k - 1]!, starts16[k]!);
    const name = CAPITALISED.test(word) && !opensSentence;
    switch (query.type) {
      case 'who':
        if (name && !DIGIT.test(word)) return true;
        break;
      case 'where':
        if (name && PLACE_PREPOSITIONS.has(previousLower(text, words, k))) return true;
        break;
      case 'when':
        if (YEAR.test(word) || TIME_WORDS.has(lower)) return true;
        break;
      case 'number':
        if (DIGIT.test(word)) return true;
        break;
    }
  }
  return false;
}

/** Whether what separates two words ends a sentence or a line. */
function opensSentenceAt(text: string, previousEnd16: number, start16: number): boolean {
  const between = text.slice(previousEnd16, start16);
  return between.includes('\n') || SENTENCE_END.test(between);
}

function previousLower(text: string, words: TextWords, k: number): string {
  return k === 0 ? '' : text.slice(words.starts16[k - 1], words.ends16[k - 1]).toLowerCase();
}
