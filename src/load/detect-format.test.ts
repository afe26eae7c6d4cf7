import { describe, expect, it } from 'vitest';
import { detectFormat } from './detect-format.js';

const ECFR_HEAD =
  '---\ntitle: CHAPTER XIII\nchapter: XIII\ntitle_number: 15\n---\n\n# Chapter XIII\n';

describe('detectFormat', () => {
  it('reads eCFR front matter as the regulation profile, with or without a UTF-8 BOM', () => {
    const plain = Buffer.from(ECFR_HEAD, 'utf8');
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), plain]);
    const crlf = Buffer.from(ECFR_HEAD.replace(/\n/g, '\r\n'), 'utf8');
    expect(detectFormat('chapter-XIII.md', plain)).toBe('ecfr');
    expect(detectFormat('chapter-XIII.md', bom)).toBe('ecfr');
    expect(detectFormat('chapter-XIII.md', crlf)).toBe('ecfr');
    expect(detectFormat('notes.md', Buffer.from('---\ntitle: x\n---\n# x\n'))).toBe('markdown');
  });
});
