import stopwordLists from 'stopword';
import { stemOf } from '../../search/word-stem.js';
import { segmentInWindows } from './segment-in-windows.js';

/** A word of a text, as Unicode word segmentation finds it. */
export interface Word {
  text: string;
  lower: string;
  stem: string;
  /** UTF-16 index of its first unit, and of the unit after its last. */
  start16: number;
  end16: number;
}

const segmenters = new Map<string, Intl.Segmenter>();

function wordSegmenter(locale: string): Intl.Segmenter {
  let segmenter = segmenters.get(locale);
  if (segmenter === undefined) {
    segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
    segmenters.set(locale, segmenter);
  }
  return segmenter;
}

/** The text's words in order (punctuation and spaces left out). */
export function wordsOf(text: string, locale = 'en'): Word[] {
  const words: Word[] = [];
  for (const s of segmentInWindows(wordSegmenter(locale), text)) {
    if (s.isWordLike !== true) continue;
    // Markdown's _emphasis_ is not part of the word
    const lower = s.segment
      .normalize('NFC')
      .toLowerCase()
      .replace(/^_+|_+$/gu, '');
    words.push({
      text: s.segment,
      lower,
      stem: stemOf(lower.replace(/[’']/gu, '')),
      start16: s.index,
      end16: s.index + s.segment.length,
    });
  }
  return words;
}

const stopwordSets = new Map<string, ReadonlySet<string>>();

/** The stopwords of a language (ISO 639-3, `eng` when it has no list). */
export function stopwordsOf(language = 'eng'): ReadonlySet<string> {
  let set = stopwordSets.get(language);
  if (set === undefined) {
    set = new Set(stopwordLists[language] ?? stopwordLists.eng ?? []);
    stopwordSets.set(language, set);
  }
  return set;
}

const NUMERIC = /^\d[\d,.]*$/u;

/** Negations and modals: they carry a clause's polarity and modality, which their own checks read, not its topic. */
const FUNCTION_WORDS = new Set([
  'not',
  'no',
  'never',
  'nor',
  'none',
  'cannot',
  'must',
  'shall',
  'may',
  'might',
  'can',
  'could',
  'will',
  'would',
  'should',
]);

/** A word that carries content: not a stopword, negation or modal, not a bare number, not a lone letter. */
export function isContentWord(word: Word, stopwords: ReadonlySet<string>): boolean {
  return (
    !stopwords.has(word.lower) &&
    !FUNCTION_WORDS.has(word.lower) &&
    !/n[’']t$/u.test(word.lower) &&
    !NUMERIC.test(word.lower) &&
    [...word.lower].length > 1
  );
}
