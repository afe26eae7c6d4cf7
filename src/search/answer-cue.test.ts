import { expect, test } from 'vitest';
import { questionTypeOf } from './answer-cue.js';

test('a question asks for a name, a place, a date or a number by its question words, anywhere in it', () => {
  expect(questionTypeOf('Who founded Apple?')).toBe('who');
  expect(questionTypeOf("Apple's founder was whom?")).toBe('who');
  expect(questionTypeOf('Where was the treaty signed, and by whom?')).toBe('who');
  expect(questionTypeOf('Where was the treaty signed?')).toBe('where');
  expect(questionTypeOf('In what year did the war end?')).toBe('when');
  expect(questionTypeOf('When did the war end?')).toBe('when');
  expect(questionTypeOf('How many troops landed?')).toBe('number');
  expect(questionTypeOf('What percentage voted?')).toBe('number');
  // a word that merely contains a question word asks nothing
  expect(questionTypeOf('Whoever wins, what changes?')).toBeNull();
  expect(questionTypeOf('What is ownership?')).toBeNull();
  expect(questionTypeOf('somewhere elsewhere')).toBeNull();
});
