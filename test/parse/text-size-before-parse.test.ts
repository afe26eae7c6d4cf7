import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/parse/parse-document.js';
import type { Format } from '../../src/types.js';

/**
 * Documents of every text format over the content limit are refused before
 * the parser runs: unchecked, a 212 MB Markdown file parsed for 115 s at
 * 4.6 GB before `ingest` refused it as `content_too_large`, and a 212 MB
 * HTML file ran to `parse_timeout` at 4.1 GB.
 */
describe('the text size limit, checked before parsing', () => {
  // nesting past the Markdown parser's own limit, and not JSON at all: a check after
  // parsing would report markdown_too_deep or json_malformed
  const deep = `${'>'.repeat(2000)} quote\n`;

  it.each<Format>(['markdown', 'ecfr', 'text', 'html', 'json', 'ipynb'])(
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
