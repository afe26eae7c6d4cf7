import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { runEvalSquad } from '../../src/cli/commands/eval.js';
import { isCairnError } from '../../src/errors.js';
import type { SquadArticle } from '../../src/eval/load-squad.js';
import { checkSquadSplit, squadSplit } from '../../src/eval/squad-split.js';
import { captureIo } from '../support/capture-io.js';

const article = (title: string, text = title): SquadArticle => ({ title, text, questions: [] });
const titles = (list: readonly SquadArticle[]) => list.map((a) => a.title);

describe('squadSplit', () => {
  test('sorted by title, even positions are half A and odd ones half B, each kept in file order', () => {
    const file = ['Warsaw', 'Apollo', 'Oxygen', 'Black_Death', 'Geology'].map((t) => article(t));
    // sorted: Apollo(0) Black_Death(1) Geology(2) Oxygen(3) Warsaw(4)
    expect(titles(squadSplit(file, 'A'))).toEqual(['Warsaw', 'Apollo', 'Geology']);
    expect(titles(squadSplit(file, 'B'))).toEqual(['Oxygen', 'Black_Death']);
    expect(titles(squadSplit(file, 'all'))).toEqual(titles(file));
  });

  test('titles sort by code unit, not by locale: "Zebra" before "apple"', () => {
    const file = [article('apple'), article('Zebra')];
    expect(titles(squadSplit(file, 'A'))).toEqual(['Zebra']);
  });

  test('the halves are disjoint, cover every article, and do not depend on the file order', () => {
    const articles = fc.uniqueArray(fc.string({ maxLength: 6 }), { maxLength: 30 });
    fc.assert(
      fc.property(articles, fc.func(fc.integer()), (names, key) => {
        const file = names.map((t) => article(t));
        const a = squadSplit(file, 'A');
        const b = squadSplit(file, 'B');
        expect(a.length + b.length).toBe(file.length);
        expect(new Set([...a, ...b]).size).toBe(file.length);
        expect(a.length - b.length).toBeGreaterThanOrEqual(0);
        expect(a.length - b.length).toBeLessThanOrEqual(1);
        const shuffled = [...file].sort((x, y) => key(x.title) - key(y.title));
        expect(new Set(titles(squadSplit(shuffled, 'A')))).toEqual(new Set(titles(a)));
      }),
    );
  });

  test('articles sharing a title are split by their file order, so both halves stay fixed', () => {
    const file = [article('Same', 'first'), article('Same', 'second'), article('Same', 'third')];
    expect(squadSplit(file, 'A').map((a) => a.text)).toEqual(['first', 'third']);
    expect(squadSplit(file, 'B').map((a) => a.text)).toEqual(['second']);
  });
});

describe('checkSquadSplit', () => {
  test('A, B and all pass; the default is all; anything else is invalid_option naming the splits', () => {
    expect(checkSquadSplit('A')).toBe('A');
    expect(checkSquadSplit('B')).toBe('B');
    expect(checkSquadSplit(undefined)).toBe('all');
    for (const bad of ['C', 'a', 'tuning', '']) {
      let error: unknown;
      try {
        checkSquadSplit(bad);
      } catch (e) {
        error = e;
      }
      expect(isCairnError(error, 'invalid_option')).toBe(true);
      expect((error as Error).message).toMatch(/the splits are A, B, all/);
    }
  });
});

describe('cairn eval squad --split', () => {
  const file = new URL('./fixtures/mini-squad.json', import.meta.url).pathname;

  test('B stores and asks only the held-out half, and the table says which half it is', async () => {
    // mini-squad: Emoji_Town (2 questions) is A, Plain (1 question) is B
    const json = captureIo();
    expect(await runEvalSquad(file, { chunker: ['char'], split: 'B', json: true }, json.io)).toBe(
      0,
    );
    const report = JSON.parse(json.out());
    expect(report).toMatchObject({ split: 'B', documents: 1, questions: 1 });
    const table = captureIo();
    expect(await runEvalSquad(file, { chunker: ['char'], split: 'A' }, table.io)).toBe(0);
    expect(table.out()).toMatch(/^SQuAD half A \(tuning\): 1 document, 2 questions, k=10;/);
  });

  test('an unknown split is a usage error, exit 2', async () => {
    const c = captureIo();
    expect(await runEvalSquad(file, { chunker: ['char'], split: 'C' }, c.io)).toBe(2);
    expect(c.err()).toMatch(/^cairn: invalid_option: No SQuAD split "C"/);
  });
});
