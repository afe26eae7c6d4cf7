import { expect, test } from 'vitest';
import { formatSnippet } from './format-snippet.js';
import { highlightTerms } from './highlight-terms.js';

const marks = { open: '[', close: ']' };

test('marks the searched words and their other forms, as the index matched them', () => {
  expect(
    highlightTerms('Exports and re-exports of an exporter; export licensing', ['export'], marks),
  ).toBe('[Exports] and re-[exports] of an [exporter]; [export] licensing');
  // a word that only shares letters is not marked
  expect(highlightTerms('Expo in Exton', ['export'], marks)).toBe('Expo in Exton');
  expect(highlightTerms('ÉCOLE École', ['école'], marks)).toBe('[ÉCOLE] [École]');
});

test('the excerpt opens at the first form of a searched word, not only its exact spelling', () => {
  const text = `${'filler '.repeat(100)}Exporters must file.${' tail'.repeat(100)}`;
  const snippet = formatSnippet(text, ['export'], { ...marks, max: 60 });
  expect(snippet).toContain('[Exporters] must file.');
});

test('a control character or bidi override of the text reaches no terminal: each shows escaped', () => {
  const text = 'plain \x1b[31mred\x1b[0m \x9b2J bell\x07 and\ttab\nline \u202edesrever';
  const snippet = formatSnippet(text, ['bell'], marks);
  expect(snippet).toBe(
    'plain \\u001b[31mred\\u001b[0m \\u009b2J [bell]\\u0007 and tab line \\u202edesrever',
  );
  expect(snippet).not.toMatch(/[\p{Cc}\u202e]/u);
});
