import { sentenceSpans, softenBreaks } from './sentence-spans.js';
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
  'where',
  'until',
  'while',
]);

/** Words that open a clause of a contrast, whose polarity is its own. */
const CONTRAST_OPENERS = new Set(['but', 'however', 'whereas', 'although', 'though']);

/** A text analysed once: its words, content stems and clauses. */
export interface AnalyzedText {
  text: string;
  words: Word[];
  stems: Set<string>;
  clauses: Clause[];
}

const cache = new Map<string, AnalyzedText>();
const MAX_CACHED = 2_000;

/** The text's words, content stems and clauses; remembered for the texts of one audit and a few after. */
export function analyze(text: string): AnalyzedText {
  const hit = cache.get(text);
  if (hit !== undefined) return hit;
  const words = wordsOf(text);
  const stopwords = stopwordsOf();
  const analyzed: AnalyzedText = {
    text,
    words,
    stems: new Set(words.filter((w) => isContentWord(w, stopwords)).map((w) => w.stem)),
    clauses: clausesOf(text, words),
  };
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(text, analyzed);
  return analyzed;
}

function clausesOf(text: string, words: readonly Word[]): Clause[] {
  const stopwords = stopwordsOf();
  const soft = softenBreaks(text);
  const sentenceStarts = sentenceSpans(text).map((s) => s.start16);
  let next = 0;
  const clauses: Clause[] = [];
  let current: Word[] = [];
  let condition = false;
  const close = () => {
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
    const opensCondition = CONDITION_OPENERS.has(w.lower);
    let opensSentence = false;
    while (next < sentenceStarts.length && sentenceStarts[next]! <= w.start16) {
      if (sentenceStarts[next]! >= (words[i - 1]?.end16 ?? 0)) opensSentence = true;
      next++;
    }
    if (
      opensSentence ||
      /[;:\n]/u.test(gap) ||
      ((opensCondition || CONTRAST_OPENERS.has(w.lower)) && current.length > 0)
    )
      close();
    if (current.length === 0) condition = opensCondition;
    current.push(w);
  }
  close();
  return mergeSmall(clauses);
}

/** A clause of fewer than two content words ("and would not") read with the clause after it. */
function mergeSmall(clauses: Clause[]): Clause[] {
  const merged: Clause[] = [];
  let pending: Clause | null = null;
  for (const c of clauses) {
    const joined: Clause =
      pending === null
        ? c
        : {
            start16: pending.start16,
            end16: c.end16,
            words: [...pending.words, ...c.words],
            stems: new Set([...pending.stems, ...c.stems]),
            condition: pending.condition || c.condition,
          };
    if (joined.stems.size < 2) pending = joined;
    else {
      merged.push(joined);
      pending = null;
    }
  }
  if (pending !== null) {
    const last = merged.pop();
    merged.push(
      last === undefined
        ? pending
        : {
            start16: last.start16,
            end16: pending.end16,
            words: [...last.words, ...pending.words],
            stems: new Set([...last.stems, ...pending.stems]),
            condition: last.condition,
          },
    );
  }
  return merged;
}
