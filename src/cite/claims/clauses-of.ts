import { forgetNouns } from './nouns-of.js';
import { forgetSentences, sentenceSpans, softenBreaks } from './sentence-spans.js';
import { isContentWord, stopwordsOf, type Word, wordsOf } from './text-words.js';

/** A clause: the words between clause punctuation and the conjunctions that open clauses. */
export interface Clause {
  start16: number;
  end16: number;
  words: Word[];
  /** Content-word stems. */
  stems: Set<string>;
  /** Opened by a condition or exception ("if", "unless", "except", "provided that", ...). */
  condition: boolean;
}

/** Words that open a condition or an exception: what a claim may not silently drop. */
export const CONDITION_OPENERS = new Set([
  'if',
  'unless',
  'except',
  'excepting',
  'provided',
  'providing',
  'when',
  'whenever',
  'until',
]);

/** "provided" opens a condition only as "provided that", as a verb ("services provided in") it does not. */
const opensCondition = (words: readonly Word[], i: number): boolean => {
  const w = words[i]!.lower;
  if (w === 'provided' || w === 'providing') return words[i + 1]?.lower === 'that';
  return CONDITION_OPENERS.has(w);
};

/** Words that open a clause of a contrast, whose polarity is its own. */
/** Words that open a clause of a contrast or a consequence, whose polarity is its own. */
const CONTRAST_OPENERS = new Set(['but', 'however', 'whereas', 'although', 'though', 'so']);

/** A text analysed once: its words, content stems and clauses. */
export interface AnalyzedText {
  text: string;
  words: Word[];
  stems: Set<string>;
  clauses: Clause[];
  /**
   * The clauses, and each sentence of several clauses as one more unit: a
   * claim clause may restate a whole sentence ("BIS will approve them
   * even where ...") as well as one of its clauses.
   */
  units: Clause[];
}

const cache = new Map<string, AnalyzedText>();
const MAX_CACHED = 2_000;

/** Forgets every text analysed: a benchmark measures the checks on texts never seen. */
export function forgetAnalyses(): void {
  cache.clear();
  forgetSentences();
  forgetNouns();
}

/** The text's words, content stems and clauses; remembered for the texts of one audit and a few after. */
export function analyze(text: string): AnalyzedText {
  const hit = cache.get(text);
  if (hit !== undefined) return hit;
  const words = wordsOf(text);
  const stopwords = stopwordsOf();
  const clauses = clausesOf(text, words);
  const analyzed: AnalyzedText = {
    text,
    words,
    stems: new Set(words.filter((w) => isContentWord(w, stopwords)).map((w) => w.stem)),
    clauses,
    units: [...clauses, ...sentenceUnits(text, clauses)],
  };
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(text, analyzed);
  return analyzed;
}

/** Each sentence of two or more clauses as one clause. */
function sentenceUnits(text: string, clauses: readonly Clause[]): Clause[] {
  const units: Clause[] = [];
  for (const sentence of sentenceSpans(text)) {
    const inside = clauses.filter(
      (c) => c.start16 >= sentence.start16 && c.end16 <= sentence.end16,
    );
    if (inside.length < 2) continue;
    units.push({
      start16: inside[0]!.start16,
      end16: inside.at(-1)!.end16,
      words: inside.flatMap((c) => c.words),
      stems: new Set(inside.flatMap((c) => [...c.stems])),
      condition: false,
    });
  }
  return units;
}

function clausesOf(text: string, words: readonly Word[]): Clause[] {
  const stopwords = stopwordsOf();
  const soft = softenBreaks(text);
  const sentenceStarts = sentenceSpans(text).map((s) => s.start16);
  let next = 0;
  const clauses: Clause[] = [];
  const sentenceOf: number[] = [];
  let sentence = 0;
  let current: Word[] = [];
  let condition = false;
  const close = () => {
    if (current.length > 0) sentenceOf.push(sentence);
    if (current.length > 0)
      clauses.push({
        start16: current[0]!.start16,
        end16: current[current.length - 1]!.end16,
        words: current,
        stems: new Set(current.filter((w) => isContentWord(w, stopwords)).map((w) => w.stem)),
        condition,
      });
    current = [];
    condition = false;
  };
  for (const [i, w] of words.entries()) {
    const gap = i === 0 ? '' : soft.slice(words[i - 1]!.end16, w.start16);
    const opens = opensCondition(words, i);
    let opensSentence = false;
    while (next < sentenceStarts.length && sentenceStarts[next]! <= w.start16) {
      if (sentenceStarts[next]! >= (words[i - 1]?.end16 ?? 0)) opensSentence = true;
      next++;
    }
    if (opensSentence && i > 0) {
      close();
      sentence++;
    }
    if (
      opensSentence ||
      /[;:\n]/u.test(gap) ||
      ((opens || CONTRAST_OPENERS.has(w.lower)) && current.length > 0)
    )
      close();
    if (current.length === 0) condition = opens;
    current.push(w);
  }
  close();
  return mergeSmall(clauses, sentenceOf);
}

/**
 * A clause of fewer than two content words ("but literals cannot", "and
 * would not") read with the clause before it in its sentence, else the one
 * after it; never across sentences.
 */
function mergeSmall(clauses: Clause[], sentenceOf: readonly number[]): Clause[] {
  const join = (a: Clause, b: Clause): Clause => ({
    start16: a.start16,
    end16: b.end16,
    words: [...a.words, ...b.words],
    stems: new Set([...a.stems, ...b.stems]),
    condition: a.condition,
  });
  const merged: { clause: Clause; sentence: number }[] = [];
  let pending: { clause: Clause; sentence: number } | null = null;
  for (const [i, clause] of clauses.entries()) {
    const sentence = sentenceOf[i]!;
    let current = { clause, sentence };
    if (pending !== null && pending.sentence === sentence)
      current = { clause: join(pending.clause, clause), sentence };
    else if (pending !== null) merged.push(pending);
    pending = null;
    const last = merged.at(-1);
    if (current.clause.stems.size >= 2) merged.push(current);
    else if (last !== undefined && last.sentence === sentence)
      merged[merged.length - 1] = { clause: join(last.clause, current.clause), sentence };
    else pending = current;
  }
  if (pending !== null) merged.push(pending);
  return merged.map((m) => m.clause);
}
