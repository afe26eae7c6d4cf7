import { describe, expect, it } from 'vitest';
import { boundTitle, MAX_TITLE_CHARS } from './bound-title.js';

describe('boundTitle', () => {
  it('keeps a title of MAX_TITLE_CHARS code points and cuts a longer one to as many, … last', () => {
    const exact = '😀'.repeat(MAX_TITLE_CHARS);
    expect(boundTitle(exact)).toBe(exact);
    const cut = boundTitle(`${'😀'.repeat(MAX_TITLE_CHARS)}x`);
    expect([...cut]).toHaveLength(MAX_TITLE_CHARS);
    expect(cut).toBe(`${'😀'.repeat(MAX_TITLE_CHARS - 1)}…`);
    expect(boundTitle('a'.repeat(5000))).toBe(`${'a'.repeat(MAX_TITLE_CHARS - 1)}…`);
    expect(boundTitle('Short')).toBe('Short');
  });
});
