import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { type CairnError, isCairnError } from '../../src/errors.js';
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

  test('a wrong offset names the file and the JSON Pointer of the answer_start to fix', () => {
    const bad = JSON.parse(FIXTURE);
    bad.data[0].paragraphs[0].qas[0].answers[0].answer_start = 29;
    let caught: unknown;
    try {
      loadSquad(bad, { source: 'dev.json' });
    } catch (error) {
      caught = error;
    }
    expect(isCairnError(caught, 'malformed_json')).toBe(true);
    const error = caught as CairnError;
    expect(error.message).toMatch(
      /^dev\.json is not a SQuAD file: \/data\/0\/paragraphs\/0\/qas\/0\/answers\/0\/answer_start is 29, where the context does not hold the answer text ".+" \(it holds ".*"\): answer_start counts code points from the start of the context$/,
    );
    expect(error.details).toEqual({
      source: 'dev.json',
      pointer: '/data/0/paragraphs/0/qas/0/answers/0/answer_start',
    });
  });

  test('a string opening with a byte order mark (readFileSync of such a file) loads as the CLI loads it', () => {
    expect(loadSquad(`\ufeff${FIXTURE}`)).toEqual(loadSquad(FIXTURE));
  });

  test('the bytes of a file (readFileSync without an encoding) load as its text does', () => {
    const bytes = readFileSync(new URL('./fixtures/mini-squad.json', import.meta.url));
    expect(loadSquad(bytes)).toEqual(loadSquad(FIXTURE));
    expect(loadSquad(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]))).toEqual(
      loadSquad(FIXTURE),
    );
  });

  test('a file without a data array is refused', () => {
    expect(() => loadSquad('{"version":"1.1"}')).toThrow(/no top-level "data" array/);
  });
});

describe('loadSquad refuses what is not a SQuAD file with a code, not a bare SyntaxError', () => {
  const codeOf = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return isCairnError(error) ? { code: error.code, details: error.details } : error;
    }
    return null;
  };

  test('Markdown is malformed_json at line 1 column 1', () => {
    expect(codeOf(() => loadSquad('## The Slice Type\n', { source: 'slices.md' }))).toMatchObject({
      code: 'malformed_json',
      details: { source: 'slices.md', line: 1, column: 1 },
    });
  });

  test('JSON Lines is malformed_json where the second value starts', () => {
    expect(codeOf(() => loadSquad('{"data":[]}\n{"data":[]}\n'))).toMatchObject({
      code: 'malformed_json',
      details: { line: 2, column: 1 },
    });
  });

  test('an article without the SQuAD fields is malformed_json naming the pointer', () => {
    expect(() => loadSquad('{"data":[{"title":"T","paragraphs":[{"qas":[]}]}]}')).toThrow(
      /\/data\/0\/paragraphs\/0\/context is not a string/,
    );
  });

  test('no article, or articles without questions, is no_questions', () => {
    expect(codeOf(() => loadSquad('{"data":[]}'))).toMatchObject({ code: 'no_questions' });
    const noQuestions = { data: [{ title: 'T', paragraphs: [{ context: 'Text.', qas: [] }] }] };
    expect(codeOf(() => loadSquad(noQuestions))).toMatchObject({ code: 'no_questions' });
  });
});
