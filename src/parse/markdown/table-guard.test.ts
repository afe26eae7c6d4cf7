import { describe, expect, test } from 'vitest';
import { nextLineMayBeDelimiterRow } from './table-guard.js';

describe('nextLineMayBeDelimiterRow', () => {
  test('yes for delimiter rows, in containers too; no for setext underlines, text and the last line', () => {
    for (const next of ['|---|', '--|--', ':-', ' | :-: | -- |', '> |-|', '  |-|', '- |-|'])
      expect(nextLineMayBeDelimiterRow(`| a |\n${next}`, 0)).toBe(true);
    for (const next of ['---', '===', '- item', 'a | b', '', '   '])
      expect(nextLineMayBeDelimiterRow(`| a |\n${next}\n|-|`, 0)).toBe(false);
    expect(nextLineMayBeDelimiterRow('| a |', 0)).toBe(false);
  });

  test('reads the line after the one holding the offset, whatever its line ending', () => {
    expect(nextLineMayBeDelimiterRow('x\r\n|-|', 0)).toBe(true);
    expect(nextLineMayBeDelimiterRow('x\r|-|', 0)).toBe(true);
    expect(nextLineMayBeDelimiterRow('x\n|-|\ny', 1)).toBe(true);
    expect(nextLineMayBeDelimiterRow('x\n|-|\ny', 2)).toBe(false);
  });
});
