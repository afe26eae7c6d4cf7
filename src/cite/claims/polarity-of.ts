import type { Word } from './text-words.js';

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

/**
 * Stems of words that state the negative of a plain verb or of a duty:
 * "denies" is "does not approve", "exempt" is "not required". A flip
 * between them and a negator keeps the polarity ("is exempt" and "is not
 * required" agree), as parity counts it.
 */
const NEGATIVE_STEMS = new Set([
  'prohibit',
  'forbid',
  'forbidden',
  'exempt',
  'deni',
  'deny',
  'refus',
  'unabl',
  'imposs',
  'illeg',
  'unlaw',
  'invalid',
  'lack',
  'preclud',
  'bar',
  'ban',
  'disallow',
  'disqualifi',
  'inelig',
  'unauthor',
]);

/** After a negator, these make a bound ("not more than", "no later than", "not to exceed"), not a negation. */
const BOUND_WORDS = new Set(['more', 'less', 'fewer', 'later', 'earlier', 'greater', 'sooner']);
const EXCEED = new Set(['exceed', 'exceeding', 'to']);

const isNegator = (w: Word): boolean =>
  NEGATORS.has(w.lower) || /n[’']t$/u.test(w.lower) || NEGATIVE_STEMS.has(w.stem);

/**
 * The words of a clause that negate it: bounds ("not more than") and
 * "neither ... nor"'s second half left out, and words that state a
 * negative ("deny", "exempt") counted once however often they recur.
 */
export function negationsIn(words: readonly Word[]): Word[] {
  const found: Word[] = [];
  const hasNeither = words.some((w) => w.lower === 'neither');
  let lexical = false;
  for (const [i, w] of words.entries()) {
    if (!isNegator(w)) continue;
    if (NEGATIVE_STEMS.has(w.stem)) {
      if (lexical) continue;
      lexical = true;
    }
    if (w.lower === 'nor' && hasNeither) continue;
    const next = words[i + 1]?.lower;
    const after = words[i + 2]?.lower;
    // "including but not limited to" lists and "no matter how" generalises; neither negates
    const bound =
      next === 'limited' ||
      (w.lower === 'no' && next === 'matter') ||
      (next !== undefined && BOUND_WORDS.has(next) && after === 'than') ||
      next === 'exceed' ||
      next === 'exceeding' ||
      (next !== undefined && EXCEED.has(next) && after === 'exceed');
    if (NEGATORS.has(w.lower) && bound) continue;
    // "Supplement No. 2" numbers a thing
    if (w.lower === 'no' && next !== undefined && /^\d/u.test(next)) continue;
    found.push(w);
  }
  return found;
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
