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

test('a control character of the text reaches no terminal: ESC, CSI and BEL show as U+FFFD', () => {
  const text = 'plain \x1b[31mred\x1b[0m \x9b2J bell\x07 and\ttab\nline';
  const snippet = formatSnippet(text, ['bell'], marks);
  expect(snippet).toBe('plain \uFFFD[31mred\uFFFD[0m \uFFFD2J [bell]\uFFFD and tab line');
  expect(snippet).not.toMatch(/\p{Cc}/u);
});
