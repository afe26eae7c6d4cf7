import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { isCairnError } from '../../src/errors.js';
import { codePointLength, loadSquad } from '../../src/eval/load-squad.js';

const FIXTURE = readFileSync(new URL('./fixtures/mini-squad.json', import.meta.url), 'utf8');
const codePoints = (text: string, start: number, end: number) =>
  Array.from(text).slice(start, end).join('');

describe('loadSquad', () => {
  const articles = loadSquad(FIXTURE);
  const raw = JSON.parse(FIXTURE).data;

  test('one document per article, paragraphs joined with a blank line', () => {
    expect(articles.map((a) => a.title)).toEqual(['Emoji_Town', 'Plain']);
    const [first, second] = raw[0].paragraphs.map((p: { context: string }) => p.context);
    expect(articles[0]!.text).toBe(`${first}\n\n${second}`);
    expect(articles[1]!.text).toBe('Nothing odd here.');
  });

  test('answer_start counts code points: a non-BMP character before the answer counts once', () => {
    const [q1] = articles[0]!.questions;
    // "Emoji Town 😀 was founded in " is 28 code points but 29 UTF-16 units
    expect(q1!.answers).toEqual([
      { start: 28, end: 32, text: '1850' },
      { start: 25, end: 32, text: 'in 1850' },
    ]);
    expect(articles[0]!.text.slice(28, 32)).not.toBe('1850');
    expect(codePoints(articles[0]!.text, 28, 32)).toBe('1850');
  });

  test('offsets of later paragraphs shift by the paragraph start in code points', () => {
    const firstLength = codePointLength(raw[0].paragraphs[0].context);
    expect(firstLength).toBe(raw[0].paragraphs[0].context.length - 1);
    const q2 = articles[0]!.questions[1]!;
    expect(q2.answers).toEqual([
      { start: firstLength + 2 + 16, end: firstLength + 2 + 28, text: 'Ada Lovelace' },
    ]);
    for (const article of articles) {
      for (const question of article.questions) {
        for (const answer of question.answers) {
          expect(codePoints(article.text, answer.start, answer.end)).toBe(answer.text);
        }
      }
    }
  });

  test('an offset that does not point at the answer text is refused', () => {
    const bad = JSON.parse(FIXTURE);
    // the UTF-16 index, as a JavaScript producer might have written it
    bad.data[0].paragraphs[0].qas[0].answers[0].answer_start = 29;
    let caught: unknown;
    try {
      loadSquad(bad);
    } catch (error) {
      caught = error;
    }
    expect(isCairnError(caught) && caught.code).toBe('malformed_json');
  });

  test('a file without a data array is refused', () => {
    expect(() => loadSquad('{"version":"1.1"}')).toThrow(/no top-level "data" array/);
  });
});
