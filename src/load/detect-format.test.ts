import { describe, expect, it } from 'vitest';
import { detectFormat } from './detect-format.js';

const ECFR_HEAD =
  '---\ntitle: CHAPTER XIII\nchapter: XIII\ntitle_number: 15\n---\n\n# Chapter XIII\n';

describe('detectFormat', () => {
  it('reads eCFR front matter as the regulation profile, with or without a UTF-8 BOM', () => {
    const plain = Buffer.from(ECFR_HEAD, 'utf8');
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), plain]);
    const crlf = Buffer.from(ECFR_HEAD.replace(/\n/g, '\r\n'), 'utf8');
    // lone CR line ends read as Markdown, so a chapter saved with them lost every section below its headings
    const cr = Buffer.from(ECFR_HEAD.replace(/\n/g, '\r'), 'utf8');
    expect(detectFormat('chapter-XIII.md', plain)).toBe('ecfr');
    expect(detectFormat('chapter-XIII.md', bom)).toBe('ecfr');
    expect(detectFormat('chapter-XIII.md', crlf)).toBe('ecfr');
    expect(detectFormat('chapter-XIII.md', cr)).toBe('ecfr');
    expect(detectFormat('notes.md', Buffer.from('---\ntitle: x\n---\n# x\n'))).toBe('markdown');
  });

  /**
   * `https://host/doc.html?x=1` is HTML: a query or a fragment is no part of
   * the extension, for parseDocument as for the LangChain and LlamaIndex adapters.
   */
  it('reads the extension of a URL from its path, past a query or a fragment', () => {
    expect(detectFormat('https://example.com/a/doc.html?x=1')).toBe('html');
    expect(detectFormat('https://example.com/report.pdf#page=2')).toBe('pdf');
    expect(detectFormat('file:///tmp/notes.txt')).toBe('text');
    expect(() => detectFormat('https://example.com/page?f=a.md')).toThrow(/Cannot tell the format/);
    // a path keeps every character: a name may hold '?' or '#'
    expect(detectFormat('drafts/what?.md')).toBe('markdown');
  });
});
