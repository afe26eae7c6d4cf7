import { analyze } from './clauses-of.js';

const GREETING =
  /^(?:hi|hello|hey|thanks|thank you|sure|certainly|of course|great question|good question|i hope|hope this helps|let me know|feel free|happy to help|in summary|in short|to summari[sz]e)\b/iu;
const ABOUT_SOURCES =
  /^(?:here(?:'s| is| are)|below (?:is|are)|based on|according to|the (?:sources?|documents?|passages?|results?)\b)/iu;
const SOURCE_WORDS =
  /\b(?:sources?|documents?|passages?|results?|provided|following|context|excerpts?)\b/giu;

/**
 * Whether a sentence of an answer states something that needs evidence:
 * not a question, a heading, a line that introduces what follows ("Here
 * is what the sources say:"), a greeting or a sign-off.
 */
export function isStatement(sentence: string): boolean {
  const text = sentence.trim().replace(/^(?:[-*•]|\d+[.)])\s+/u, '');
  if (text.endsWith('?') || text.endsWith(':') || /^#{1,6}\s/u.test(text)) return false;
  if (GREETING.test(text)) return false;
  const { words, stems } = analyze(text);
  if (words.length < 3 || stems.size === 0) return false;
  if (ABOUT_SOURCES.test(text)) {
    const rest = analyze(text.replace(SOURCE_WORDS, ' ')).stems.size;
    if (rest <= 2) return false;
  }
  return true;
}
