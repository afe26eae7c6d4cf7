import { describe, expect, it } from 'vitest';
import { parseNotebook } from './parse-notebook.js';

describe('parseNotebook', () => {
  /**
   * A cell's `\ud800` escape copied into the canonical text as it is gives a
   * string with no UTF-8 form, whose byte spans (3 bytes each) cut text that
   * no UTF-8 copy of it holds. JSON records make it U+FFFD the same way.
   */
  it('replaces a lone surrogate escape in cells and outputs with U+FFFD, one code point for one', async () => {
    const notebook = {
      nbformat: 4,
      nbformat_minor: 5,
      metadata: {},
      cells: [
        { cell_type: 'markdown', metadata: {}, source: '# T\ud800itle\n\ntext \udc00 here' },
        {
          cell_type: 'code',
          metadata: {},
          source: 'x = "\ud83d"',
          outputs: [{ output_type: 'stream', name: 'stdout', text: 'out\udfff' }],
        },
      ],
    };
    const doc = await parseNotebook({
      bytes: Buffer.from(JSON.stringify(notebook)),
      source_url: 'lone.ipynb',
      options: { notebook_outputs: true },
    });
    expect(doc.canonical).toBe('# T\ufffditle\n\ntext \ufffd here\n\nx = "\ufffd"\n\nout\ufffd');
    expect(doc.sections[0]!.title).toBe('T\ufffditle');
    const utf8 = Buffer.from(doc.canonical);
    expect(doc.byte_length).toBe(utf8.length);
    for (const block of doc.blocks) {
      const text = [...doc.canonical].slice(block.span.start, block.span.end).join('');
      expect(utf8.subarray(block.span.start_byte, block.span.end_byte).toString()).toBe(text);
    }
  });
});
