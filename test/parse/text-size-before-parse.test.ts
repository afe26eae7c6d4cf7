import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/parse/parse-document.js';
import type { Format } from '../../src/types.js';

/**
 * Markdown, eCFR and text documents over the content limit are refused
 * before the parser runs, with the code ingest used to give only after it:
 * a 212 MB Markdown file parsed for 115 s at 4.6 GB and then `ingest`
 * refused it as `content_too_large`.
 */
describe('the text size limit, checked before parsing', () => {
  // nesting past the parser's own limit: a check after parsing would report markdown_too_deep
  const deep = `${'>'.repeat(2000)} quote\n`;

  it.each<Format>(['markdown', 'ecfr', 'text'])(
    'refuses %s over max_text_chars',
    async (format) => {
      const bytes = Buffer.from(`${deep}${'word '.repeat(400)}`);
      const refused = parseDocument({
        bytes,
        source_url: `big.${format}`,
        format,
        options: { max_text_chars: 1000 },
      });
      await expect(refused).rejects.toMatchObject({
        code: 'content_too_large',
        details: { source: `big.${format}`, received: bytes.length, max: 1000 },
      });
    },
  );

  it('counts code points, not bytes: multi-byte text under the limit parses', async () => {
    const doc = await parseDocument({
      bytes: Buffer.from('\u4e2d'.repeat(900)),
      source_url: 'cjk.md',
      options: { max_text_chars: 1000 },
    });
    expect([...doc.canonical].length).toBe(900);
  });
});
