import { describe, expect, it } from 'vitest';
import { parseText } from './parse-text.js';

const outline = async (text: string) => {
  const doc = await parseText({ bytes: Buffer.from(text), source_url: 'a.txt' });
  return {
    sections: doc.sections.map((section) => section.title),
    blocks: doc.blocks.map((block) => block.type),
  };
};

describe('parseText', () => {
  it('reads the same sections whatever the line ends: LF, CRLF, CR, U+2028', async () => {
    const lf = '1. Intro\n\nSome text.\n\n2 Next\nline two\n';
    const expected = {
      sections: ['1. Intro'],
      blocks: ['heading', 'paragraph', 'paragraph'],
    };
    expect(await outline(lf)).toEqual(expected);
    expect(await outline(lf.replaceAll('\n', '\r\n'))).toEqual(expected);
    // a two-line paragraph in a CR file is no heading "2 Next line two": CR breaks the line too
    expect(await outline(lf.replaceAll('\n', '\r'))).toEqual(expected);
    expect(await outline(lf.replaceAll('\n', '\u2028'))).toEqual(expected);
  });
});
