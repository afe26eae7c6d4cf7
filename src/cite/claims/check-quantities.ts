import { quoted, reasonOf } from './claim-reason.js';
import { analyze } from './clauses-of.js';
import { type Quantity, quantitiesIn } from './quantities-in.js';
import { isContentWord, stopwordsOf } from './text-words.js';
import type { ClaimInput, ClaimReason, EvidencePassage } from './types.js';

interface Located {
  quantity: Quantity;
  passage: EvidencePassage;
}

const same = (a: number, b: number): boolean => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a));

/** A plain count matches an amount of another kind with its value ("5,000" and "$5,000"); a date's value is no amount. */
function matches(claim: Quantity, passage: Quantity): boolean {
  if (!same(claim.value, passage.value)) return false;
  if (claim.kind === passage.kind) return true;
  if (claim.kind === 'date' || passage.kind === 'date') return false;
  return claim.kind === 'count' || passage.kind === 'count';
}

/** A passage value that says otherwise: an amount of a kind the claim's can be compared with, of another value. */
function conflicts(claim: Quantity, passage: Quantity): boolean {
  if (claim.kind === passage.kind) return true;
  if (claim.kind === 'date' || passage.kind === 'date') return false;
  return (
    claim.kind === 'count' ||
    passage.kind === 'count' ||
    claim.kind === 'year' ||
    passage.kind === 'year'
  );
}

const compact = (text: string): string => text.toLowerCase().replace(/\s+/gu, '');

/**
 * Every amount, percentage, duration, frequency, date and count the claim
 * states must be among the passages' (compared by value, however written);
 * a reference ("Figure 4-2", "§ 746.1") must be written in a passage or
 * in the words that name it. Otherwise the claim is contradicted when a
 * passage states another value of the same kind, unsupported when none
 * does.
 */
export function checkQuantities(input: ClaimInput): ClaimReason[] {
  // references are compared as written, below; as values they would match any count
  const stated: Located[] = input.passages.flatMap((passage) =>
    quantitiesIn(passage.text)
      .filter((quantity) => quantity.kind !== 'reference')
      .map((quantity) => ({ quantity, passage })),
  );
  const asked = compact(input.question);
  const reasons: ClaimReason[] = [];
  // each passage value backs one claim value: "14, 18 and 18" is not "14, 15 and 18"
  const unused = [...stated];
  for (const q of quantitiesIn(input.text)) {
    const claim = { start16: q.start16, end16: q.end16 };
    if (q.kind === 'reference') {
      const written = compact(q.text);
      const named = input.passages.some(
        (p) =>
          compact(p.text).includes(written) ||
          compact(p.context).includes(written) ||
          namedWithinSection(written, p),
      );
      if (!named && !asked.includes(written))
        reasons.push(
          reasonOf(input, {
            check: 'quantity',
            code: 'reference_absent',
            verdict: 'unsupported',
            message: `claim cites ${quoted(q.text)}; ${labels(input.passages)} does not name it`,
            claim,
          }),
        );
      continue;
    }
    const said = sayingTheSame(input.text, q, unused);
    if (said !== undefined && matches(q, said.quantity)) {
      unused.splice(unused.indexOf(said), 1);
      continue;
    }
    const other = said !== undefined && conflicts(q, said.quantity) ? said : undefined;
    // a lone "one" ("one crate", "a new one") states a fact only against another count
    if (other === undefined && q.text.toLowerCase() === 'one') continue;
    reasons.push(
      other === undefined
        ? reasonOf(input, {
            check: 'quantity',
            code: 'number_absent',
            verdict: 'unsupported',
            message: `claim says ${quoted(q.text)}; ${labels(input.passages)} states no such ${describe(q)}`,
            claim,
          })
        : reasonOf(input, {
            check: 'quantity',
            code: 'number_mismatch',
            verdict: 'contradicted',
            message: `claim says ${quoted(q.text)}; ${other.passage.label} says ${quoted(other.quantity.text)}`,
            claim,
            passage: {
              of: other.passage,
              span: { start16: other.quantity.start16, end16: other.quantity.end16 },
            },
          }),
    );
  }
  return reasons;
}

/**
 * A reference to a paragraph of the passage's own section, written as the
 * passage writes it: "§ 746.9(a)" where 15 CFR 746.9(b) says "paragraph
 * (a) of this section".
 */
function namedWithinSection(written: string, passage: EvidencePassage): boolean {
  const m = /(\d+\.\d+)((?:\([^)]+\))+)$/u.exec(written);
  if (m === null) return false;
  const [, section, paragraph] = m;
  const context = compact(`${passage.label}\n${passage.context}`);
  return context.includes(section!) && compact(passage.wider).includes(`paragraph${paragraph}`);
}

/** Content stems and numbers of the words around a quantity: what it counts or measures, of what, beside which values. */
function contextOf(text: string, q: Quantity): Set<string> {
  const words = analyze(text).words;
  const at = words.findIndex((w) => w.end16 > q.start16);
  const from = Math.max(0, (at < 0 ? words.length : at) - CONTEXT_WORDS);
  const after = words.findIndex((w) => w.start16 >= q.end16);
  const to = (after < 0 ? words.length : after) + CONTEXT_WORDS;
  const stopwords = stopwordsOf();
  return new Set(
    words
      .slice(from, to)
      .filter(
        (w) =>
          (w.start16 < q.start16 || w.start16 >= q.end16) &&
          (isContentWord(w, stopwords) || /^\d/u.test(w.lower)),
      )
      .map((w) => w.stem),
  );
}

const CONTEXT_WORDS = 4;

/**
 * The passage quantity that the claim's quantity restates: the one whose
 * surrounding words and values the claim's share most (an equal value
 * first among equals), of any kind; when none shares a word, any of equal
 * value. A passage that says "30 days" of one thing and "90 days" of
 * another does not back "90 days" said of the first.
 */
function sayingTheSame(
  claimText: string,
  q: Quantity,
  stated: readonly Located[],
): Located | undefined {
  const mine = contextOf(claimText, q);
  let best: Located | undefined;
  let bestScore = 0;
  for (const s of stated) {
    let score = 0;
    for (const stem of contextOf(s.passage.text, s.quantity)) if (mine.has(stem)) score++;
    const better =
      score > bestScore ||
      (score === bestScore &&
        best !== undefined &&
        matches(q, s.quantity) &&
        !matches(q, best.quantity));
    if (better) {
      best = s;
      bestScore = score;
    }
  }
  return best ?? stated.find((s) => matches(q, s.quantity));
}

const describe = (q: Quantity): string =>
  q.kind === 'count' ? 'number' : q.kind === 'year' ? 'year' : q.kind;

/** The passages' names, for a message: "15 CFR 746.1(b)(3)", or several joined. */
export function labels(passages: readonly EvidencePassage[]): string {
  const names = [...new Set(passages.map((p) => p.label))];
  if (names.length === 0) return 'the cited passage';
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
