import { expect, test } from 'vitest';
import { tokenizeQuery } from './tokenize-query.js';

test('splits on everything but letters, marks and digits; lower-cases; keeps each word once', () => {
  expect(tokenizeQuery('multi-agent')).toEqual(['multi', 'agent']);
  expect(tokenizeQuery("don't")).toEqual(['don', 't']);
  expect(tokenizeQuery('"')).toEqual([]);
  expect(tokenizeQuery('NEAR(')).toEqual(['near']);
  expect(tokenizeQuery('a/b A')).toEqual(['a', 'b']);
  expect(tokenizeQuery('')).toEqual([]);
  expect(tokenizeQuery('Cafe\u0301 naïve 2024 🦀')).toEqual(['café', 'naïve', '2024']);
});
