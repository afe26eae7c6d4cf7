import { describe, expect, test } from 'vitest';
import { isInvisibleMarkup } from './is-invisible-markup.js';

describe('isInvisibleMarkup', () => {
  test('comments and empty link targets, alone or together, show nothing', () => {
    expect(isInvisibleMarkup('<!-- Old headings. Do not remove or links may break. -->')).toBe(
      true,
    );
    expect(isInvisibleMarkup('<a id="the-stack-and-the-heap"></a>')).toBe(true);
    expect(isInvisibleMarkup('<!-- x -->\n\n<a id="y"></a>\n')).toBe(true);
    expect(isInvisibleMarkup('<span id="z"></span>')).toBe(true);
  });

  test('text, an image, a table or a link with words is visible; so is Markdown', () => {
    expect(isInvisibleMarkup('<a href="x">the docs</a>')).toBe(false);
    expect(isInvisibleMarkup('<img src="ferris.png" alt="Ferris">')).toBe(false);
    expect(isInvisibleMarkup('<table><tr><td>1</td></tr></table>')).toBe(false);
    expect(isInvisibleMarkup('<!-- note --> but then words')).toBe(false);
    expect(isInvisibleMarkup('Plain *Markdown* text')).toBe(false);
    expect(isInvisibleMarkup('')).toBe(false);
  });
});
