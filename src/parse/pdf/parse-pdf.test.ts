import { describe, expect, it } from 'vitest';
import { pdfWithOutlineChain } from '../../../test/support/pdf-with-outline.js';
import { isCairnError } from '../../errors.js';
import { parsePdf } from './parse-pdf.js';

describe('parsePdf limits', () => {
  /**
   * `max_pages: NaN` compares false with every page count and would lift
   * the limit; with `timeout_ms` NaN, Infinity or 2^31 and over, Node's
   * setTimeout fires after 1 ms, so pdflatex-4-pages.pdf would fail as
   * parse_timeout with NaN, Infinity and 3e9.
   */
  it.each([
    ['max_pages', Number.NaN],
    ['max_pages', -1],
    ['max_pages', 2.5],
    ['timeout_ms', Number.NaN],
    ['timeout_ms', 0],
    ['timeout_ms', Number.POSITIVE_INFINITY],
    ['timeout_ms', 2 ** 31],
  ])('refuses %s %s as invalid_option', async (option, value) => {
    let caught: unknown;
    try {
      await parsePdf({
        bytes: pdfWithOutlineChain(['Text.'], 1),
        source_url: 'a.pdf',
        options: { [option]: value },
      });
    } catch (error) {
      caught = error;
    }
    expect(isCairnError(caught, 'invalid_option')).toBe(true);
    expect((caught as { details: unknown }).details).toEqual({ option, received: value });
  });
});
