import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { judgeClaim } from '../../../src/cite/claims/judge-claim.js';
import { quantitiesIn } from '../../../src/cite/claims/quantities-in.js';
import { sentenceSpans } from '../../../src/cite/claims/sentence-spans.js';
import type { EvidencePassage } from '../../../src/cite/claims/types.js';
import { corpusPath } from '../../corpora.js';

const readCorpusText = (...parts: string[]) => readFileSync(corpusPath(...parts), 'utf8');

/** Real sentences of two corpus documents, with the paragraph each sits in as its passage. */
function realSentences(): { sentence: string; passage: string }[] {
  const found: { sentence: string; passage: string }[] = [];
  for (const doc of [
    readCorpusText('rustbook', 'ch04-01-what-is-ownership.md'),
    readCorpusText('ecfr', 'title-15', 'chapter-VII.md').slice(0, 400_000),
  ])
    for (const paragraph of doc.split(/\n\s*\n/u)) {
      if (paragraph.length > 4_000 || /^\s*(?:#|```|\||<)/u.test(paragraph)) continue;
      for (const s of sentenceSpans(paragraph)) {
        const sentence = paragraph.slice(s.start16, s.end16);
        // prose: a capitalised opening, a full stop, mostly lower-case words (not a list of citations)
        const lower = sentence.match(/\b[a-z]{3,}\b/gu)?.length ?? 0;
        if (/^\p{Lu}/u.test(sentence) && /[.]$/u.test(sentence) && lower >= 5)
          found.push({ sentence, passage: paragraph });
      }
    }
  return found;
}

const SENTENCES = realSentences();

const passageOf = (text: string): EvidencePassage => ({
  citation: 0,
  chunk_id: 'doc|r=00000000|s=01-|p=000|b=001',
  label: 'the passage',
  text,
  doc_start: 0,
  wider: text,
  context: '',
  focus16: null,
});

const judge = (claim: string, passage: string) =>
  judgeClaim({ text: claim, start: 0, question: '', passages: [passageOf(passage)] });

const MODAL = /\b(must|shall|may|can|will|should|would|could)\b(?!\s+not\b)/u;

describe('claim properties over real sentences', () => {
  it('has sentences of every kind to draw from', () => {
    expect(SENTENCES.length).toBeGreaterThan(500);
    expect(SENTENCES.filter((s) => MODAL.test(s.sentence)).length).toBeGreaterThan(50);
  });

  it('a claim equal to a sentence of its passage is supported', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SENTENCES), ({ sentence, passage }) => {
        const judged = judge(sentence, passage);
        expect(judged.support, JSON.stringify(judged.reasons.map((r) => r.message))).toBe(
          'supported',
        );
      }),
    );
  });

  it('changing any number in such a claim to another value never stays supported', () => {
    const withNumbers = SENTENCES.filter(({ sentence }) =>
      quantitiesIn(sentence).some((q) => q.kind !== 'reference' && /\d/u.test(q.text)),
    );
    expect(withNumbers.length).toBeGreaterThan(20);
    fc.assert(
      fc.property(
        fc.constantFrom(...withNumbers),
        fc.integer({ min: 1, max: 999 }),
        ({ sentence, passage }, delta) => {
          const q = quantitiesIn(sentence).find(
            (x) => x.kind !== 'reference' && /\d/u.test(x.text),
          )!;
          const digits = /\d[\d,]*(?:\.\d+)?/u.exec(q.text)!;
          const value = Number(digits[0].replaceAll(',', ''));
          const at = q.start16 + digits.index;
          const changed = `${sentence.slice(0, at)}${value + delta}${sentence.slice(at + digits[0].length)}`;
          expect(judge(changed, passage).support).not.toBe('supported');
        },
      ),
    );
  });

  it('inserting "not" after its modal verb never stays supported', () => {
    const withModal = SENTENCES.filter(({ sentence }) => MODAL.test(sentence));
    fc.assert(
      fc.property(fc.constantFrom(...withModal), ({ sentence, passage }) => {
        const negated = sentence.replace(MODAL, '$1 not');
        expect(judge(negated, passage).support).not.toBe('supported');
      }),
    );
  });
});
