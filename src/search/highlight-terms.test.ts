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
