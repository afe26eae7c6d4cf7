import { labels } from './check-quantities.js';
import { quoted, reasonOf } from './claim-reason.js';
import { analyze } from './clauses-of.js';
import { stopwordsOf, type Word } from './text-words.js';
import type { ClaimInput, ClaimReason } from './types.js';

const CAPITAL = /^\p{Lu}/u;
const ACRONYM = /^\p{Lu}[\p{Lu}\p{N}]+s?$/u;
/** Words that stay in a name between its capitalised words: "Department of the Treasury". */
const NAME_JOINERS = new Set(['of', 'the', 'and', 'for', 'on', 'de']);

/** Whether the word opens a sentence, a list item or a heading, where any word is capitalised. */
function opensSentence(text: string, words: readonly Word[], i: number): boolean {
  if (i === 0) return true;
  const gap = text.slice(words[i - 1]!.end16, words[i]!.start16);
  return /[.!?:\n]|^\s*[-*•]\s*$/u.test(gap) || /["“(]\s*$/u.test(gap);
}

/** Runs of capitalised words (with the small words names keep), as lists of words. */
function capitalRuns(words: readonly Word[], text: string): Word[][] {
  const runs: Word[][] = [];
  let run: Word[] = [];
  for (const [i, w] of words.entries()) {
    const gapOk = i === 0 || /^[\s-]*$/u.test(text.slice(words[i - 1]!.end16, w.start16));
    if (CAPITAL.test(w.text) && (run.length === 0 || gapOk)) run.push(w);
    else if (run.length > 0 && gapOk && NAME_JOINERS.has(w.lower)) run.push(w);
    else {
      if (run.length > 0) runs.push(run);
      run = CAPITAL.test(w.text) ? [w] : [];
    }
  }
  if (run.length > 0) runs.push(run);
  return runs.map((r) => {
    while (r.length > 0 && NAME_JOINERS.has(r[r.length - 1]!.lower)) r.pop();
    return r;
  });
}

/** Every acronym a text's names spell: "United Nations Security Council" gives UN, NS, SC, UNS, ..., UNSC. */
function acronymsOf(words: readonly Word[], text: string): Set<string> {
  const acronyms = new Set<string>();
  for (const run of capitalRuns(words, text)) {
    const initials = run
      .filter((w) => CAPITAL.test(w.text) && !NAME_JOINERS.has(w.lower))
      .map((w) => w.text[0]!.toLowerCase());
    for (let a = 0; a < initials.length; a++)
      for (let b = a + 2; b <= initials.length; b++) acronyms.add(initials.slice(a, b).join(''));
  }
  return acronyms;
}

/**
 * Named things: capitalised names, acronyms, code in backticks and terms
 * the claim names must be in a cited passage, its chunk, the words that
 * name it (section label, heading path) or the question. An acronym
 * matches the initials of a name ("UN" and "United Nations"), and a name
 * the initials of which a passage writes as an acronym.
 */
export function checkNames(input: ClaimInput): ClaimReason[] {
  // each text analysed once and cached: a chunk cited by many claims is not read again
  const pieces = [input.question, ...input.passages.flatMap((p) => [p.text, p.wider, p.context])];
  const known = new Set<string>();
  const knownStems = new Set<string>();
  const acronyms = new Set<string>();
  for (const piece of pieces) {
    const { words } = analyze(piece);
    for (const w of words) {
      known.add(w.lower);
      knownStems.add(w.stem);
    }
    for (const a of acronymsOf(words, piece)) acronyms.add(a);
  }
  const lowerHaystack = pieces.join('\n').toLowerCase().replace(/\s+/gu, ' ');
  const stopwords = stopwordsOf();
  const reasons: ClaimReason[] = [];
  const missing = (span: { start16: number; end16: number }, name: string) =>
    reasons.push(
      reasonOf(input, {
        check: 'name',
        code: 'name_absent',
        verdict: 'unsupported',
        message: `claim names ${quoted(name)}; ${labels(input.passages)} does not`,
        claim: span,
      }),
    );

  for (const m of input.text.matchAll(/`([^`\s][^`\n]*?)`/gu)) {
    const code = m[1]!.trim().toLowerCase().replace(/\s+/gu, ' ');
    if (code.length > 0 && !lowerHaystack.includes(code))
      missing({ start16: m.index!, end16: m.index! + m[0].length }, m[1]!);
  }
  const { words } = analyze(input.text);
  const indexOf = new Map(words.map((w, i) => [w, i]));
  for (const run of capitalRuns(words, input.text)) {
    const runInitials = run
      .filter((w) => CAPITAL.test(w.text) && !NAME_JOINERS.has(w.lower))
      .map((w) => w.text[0]!.toLowerCase())
      .join('');
    if (runInitials.length >= 2 && known.has(runInitials)) continue;
    for (const w of run) {
      if (!CAPITAL.test(w.text) || [...w.lower].length < 2) continue;
      const acronym = ACRONYM.test(w.text);
      const plain = !acronym && !/\p{Lu}/u.test(w.text.slice(1)) && !/\d/u.test(w.text);
      if (plain && (opensSentence(input.text, words, indexOf.get(w)!) || stopwords.has(w.lower)))
        continue;
      if (known.has(w.lower) || knownStems.has(w.stem)) continue;
      // "U.S." is the acronym "US"
      const letters = w.lower.replaceAll('.', '');
      if (
        (acronym || letters !== w.lower) &&
        (acronyms.has(letters) || acronyms.has(letters.replace(/s$/u, '')))
      )
        continue;
      missing({ start16: w.start16, end16: w.end16 }, w.text);
    }
  }
  return reasons;
}
