import { describe, expect, it } from 'vitest';
import { headingTitle } from './heading-title.js';

describe('headingTitle', () => {
  it.each([
    ['Intro #', 'Intro'],
    ['Intro\u00a0\u00a0#', 'Intro'],
    ['C#', 'C#'],
    ['#', '#'],
    ['Conclusion¶', 'Conclusion'],
    ['Setup ¶', 'Setup'],
    ['Link 🔗', 'Link'],
    ['Properties[edit]', 'Properties'],
    ['History [edit | edit source]', 'History'],
    ['History [ edit source ]', 'History'],
    ['Notes [edited]', 'Notes [edited]'],
    ['Arrays [a[edit]', 'Arrays [a'],
    ['Plain', 'Plain'],
    // nothing but the mark: an empty title would leave the section unnamed
    ['¶', '¶'],
    ['[edit]', '[edit]'],
    ['\u00a0🔗', '\u00a0🔗'],
  ])('%j is titled %j', (text, title) => {
    expect(headingTitle(text)).toBe(title);
  });
});
