import { isContentWord, stopwordsOf, type Word } from './text-words.js';

/** Words that negate what follows them. */
const NEGATORS = new Set([
  'not',
  'no',
  'never',
  'none',
  'nothing',
  'nobody',
  'nowhere',
  'neither',
  'nor',
  'cannot',
]);

/** After a negator, these make a bound ("not more than", "no later than", "not to exceed"), not a negation. */
const BOUND_WORDS = new Set(['more', 'less', 'fewer', 'later', 'earlier', 'greater', 'sooner']);
const EXCEED = new Set(['exceed', 'exceeding', 'to']);

/** Verbs before which "not only" negates: "may not only be exported". */
const AUXILIARIES = new Set(
  'must may can will shall should would could might do does did is are was were be been has have had'.split(
    ' ',
  ),
);

/** Content words a negation reaches: "will not automatically create deep copies". */
const SCOPE_WORDS = 3;

/** A negation and the content words it reaches. */
export interface Negation {
  word: Word;
  /** Stem of the first content word it reaches: what it negates. */
  head: string | null;
  /** Stems of the content words it reaches, up to clause punctuation. */
  scope: Set<string>;
}

const isNegator = (w: Word): boolean => NEGATORS.has(w.lower) || /n[’']t$/u.test(w.lower);

/** A negator that is not one: a bound, a list's "not limited to", "not only", "whether or not", "No. 2". */
function negatesNothing(words: readonly Word[], i: number): boolean {
  const w = words[i]!.lower;
  const next = words[i + 1]?.lower;
  const after = words[i + 2]?.lower;
  if (!NEGATORS.has(w)) return false;
  return (
    next === 'limited' ||
    // "(but) not only X" adds to X; "may not only be exported" restricts what follows a verb
    ((next === 'only' || next === 'just') && !AUXILIARIES.has(words[i - 1]?.lower ?? '')) ||
    (w === 'no' && next === 'matter') ||
    (w === 'no' && next !== undefined && /^\d/u.test(next)) ||
    (w === 'not' && words[i - 1]?.lower === 'or' && words[i - 2]?.lower === 'whether') ||
    (next !== undefined && BOUND_WORDS.has(next) && after === 'than') ||
    (next !== undefined && EXCEED.has(next) && (next !== 'to' || after === 'exceed'))
  );
}

/**
 * The negations inside `span` of `text` (whose words are `words`), each
 * with the content words it reaches: up to a few, never past clause
 * punctuation, but past the span's end ("must not | so indicate").
 */
export function negationsIn(
  text: string,
  words: readonly Word[],
  span: { start16: number; end16: number },
): Negation[] {
  const stopwords = stopwordsOf();
  const found: Negation[] = [];
  for (const [i, w] of words.entries()) {
    if (w.start16 < span.start16 || w.end16 > span.end16) continue;
    if (!isNegator(w) || negatesNothing(words, i)) continue;
    const scope: string[] = [];
    for (let j = i + 1; j < words.length && scope.length < SCOPE_WORDS; j++) {
      if (/[,;:.!?()]/u.test(text.slice(words[j - 1]!.end16, words[j]!.start16))) break;
      if (isContentWord(words[j]!, stopwords)) scope.push(words[j]!.stem);
    }
    found.push({ word: w, head: scope[0] ?? null, scope: new Set(scope) });
  }
  return found;
}

/**
 * The stems of a span's content words and of the few that follow it up to
 * clause punctuation: where a negation at its end reaches ("must not | so
 * indicate").
 */
export function stemsReached(
  text: string,
  words: readonly Word[],
  span: { start16: number; end16: number },
): Set<string> {
  const stopwords = stopwordsOf();
  const stems = new Set<string>();
  let after = 0;
  for (const [j, w] of words.entries()) {
    if (w.end16 <= span.start16 || !isContentWord(w, stopwords)) continue;
    if (w.start16 >= span.end16) {
      const gap = text.slice(words[j - 1]!.end16, w.start16);
      if (/[,;:.!?()]/u.test(gap) || after++ >= SCOPE_WORDS) break;
    }
    stems.add(w.stem);
  }
  return stems;
}

const overlaps = (a: Negation, b: Negation): boolean => [...a.scope].some((s) => b.scope.has(s));

/** The negations of a clause, and those of its sentence, which may answer the other side's. */
export interface NegationsOf {
  here: readonly Negation[];
  all: readonly Negation[];
}

/**
 * The negations of either side's clause that negate a word both sides say
 * ("not required" where the other says "required") with no negation in
 * the other side's sentence to answer them: one reaching the same words,
 * else another in its clause that negates a shared word ("can't treat X
 * as" and "X cannot be used as" say the same). What is left, one text
 * negates and the other affirms.
 */
export function unansweredNegations(
  claim: NegationsOf,
  passage: NegationsOf,
  shared: ReadonlySet<string>,
): { claim: Negation[]; passage: Negation[] } {
  // a negation that reaches no content word ("would not be the same") negates its whole clause
  const bites = (n: Negation) =>
    n.scope.size === 0 || [...n.scope].slice(0, 2).some((s) => shared.has(s));
  // one negation answers one: the same negated word first, then any word both reach
  const answered = new Set<Negation>();
  for (const pairs of [
    (a: Negation, b: Negation) => a.head !== null && a.head === b.head,
    overlaps,
  ])
    for (const n of claim.all) {
      if (answered.has(n)) continue;
      const m = passage.all.find((x) => !answered.has(x) && pairs(n, x));
      if (m !== undefined) answered.add(n).add(m);
    }
  const claimLeft = claim.here.filter((n) => !answered.has(n) && bites(n));
  const passageLeft = passage.here.filter((n) => !answered.has(n) && bites(n));
  const pairs = Math.min(claimLeft.length, passageLeft.length);
  return { claim: claimLeft.slice(pairs), passage: passageLeft.slice(pairs) };
}

export type Modality = 'obligation' | 'permission';

const OBLIGATION = new Set([
  'must',
  'shall',
  'required',
  'requires',
  'require',
  'mandatory',
  'obligated',
]);
const PERMISSION = new Set(['may', 'can', 'could', 'might', 'allowed', 'permitted', 'optional']);

/** The clause's one kind of modal, or null when it has none or both. */
export function modalityOf(words: readonly Word[]): { modality: Modality; word: Word } | null {
  const obligation = words.find((w) => OBLIGATION.has(w.lower));
  const permission = words.find((w) => PERMISSION.has(w.lower));
  if (obligation !== undefined && permission === undefined)
    return { modality: 'obligation', word: obligation };
  if (permission !== undefined && obligation === undefined)
    return { modality: 'permission', word: permission };
  return null;
}
