import { describe, expect, test } from 'vitest';
import { cfrTitleOf, chunkSectionKey, type SectionKey } from './section-keys.js';

const keys: SectionKey[] = [{ id: 'intro', label: 'Intro', url: null }];

describe('chunkSectionKey', () => {
  test('a chunk in a section takes its key; before any section PDF names the page and notebooks the cell', () => {
    expect(chunkSectionKey('pdf', keys, { section: 0, page: 14 }).id).toBe('intro');
    expect(chunkSectionKey('pdf', keys, { section: null, page: 14 })).toEqual({
      id: 'p.014',
      label: 'page 14',
      url: null,
    });
    expect(chunkSectionKey('ipynb', keys, { section: null, page: null, cell: 12 }).id).toBe(
      'cell-12',
    );
    expect(chunkSectionKey('markdown', keys, { section: null, page: null }).id).toBe('-');
  });

  test('JSON names the record by its pointer; eCFR text before any section takes the chapter', () => {
    expect(
      chunkSectionKey('json', keys, { section: null, page: null, json_pointer: '/items/3/body' })
        .id,
    ).toBe('/items/3/body');
    const top = { id: '15 CFR Chapter VII', label: 'Chapter VII', url: null };
    expect(chunkSectionKey('ecfr', [], { section: null, page: null }, top)).toBe(top);
  });

  test('the CFR title comes from the front matter, else from a title-NN folder', () => {
    expect(cfrTitleOf('---\ntitle: X\ntitle_number: 15\n---\n', 'a.md')).toBe('15');
    expect(cfrTitleOf('', 'ecfr/title-10/chapter-I.md')).toBe('10');
    expect(cfrTitleOf('', 'chapter-I.md')).toBeNull();
  });
});
