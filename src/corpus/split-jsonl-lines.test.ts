import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type JsonlLine, splitJsonlLines } from './split-jsonl-lines.js';

async function collect(parts: Uint8Array[], maxLineBytes?: number): Promise<JsonlLine[]> {
  async function* chunks(): AsyncGenerator<Uint8Array> {
    yield* parts;
  }
  const out: JsonlLine[] = [];
  const options = maxLineBytes === undefined ? {} : { max_line_bytes: maxLineBytes };
  for await (const line of splitJsonlLines(chunks(), options)) out.push(line);
  return out;
}

/** Cuts bytes at the given points, possibly inside a UTF-8 sequence or a CRLF. */
const cut = (bytes: Buffer, points: number[]): Buffer[] => {
  const sorted = [...new Set(points.map((p) => p % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Buffer[] = [];
  let from = 0;
  for (const p of sorted) {
    out.push(bytes.subarray(from, p));
    from = p;
  }
  out.push(bytes.subarray(from));
  return out;
};

describe('splitJsonlLines', () => {
  it('gives the lines of the text however the bytes are cut', () => {
    const line = fc
      .string({ unit: 'grapheme', maxLength: 12 })
      .map((s) => s.replace(/[\r\n]/g, ''));
    fc.assert(
      fc.asyncProperty(
        fc.array(line, { maxLength: 8 }),
        fc.boolean(),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 6 }),
        async (lines, crlf, finalBreak, points) => {
          const text =
            lines.join(crlf ? '\r\n' : '\n') + (finalBreak && lines.length > 0 ? '\n' : '');
          const got = await collect(cut(Buffer.from(text), points));
          const expected =
            text === ''
              ? []
              : text
                  .replace(/\r?\n$/, '')
                  .split(/\r?\n/)
                  .map((t) => ({ text: t }));
          expect(got).toEqual(expected);
        },
      ),
    );
  });

  it('strips a byte order mark on the first line only', async () => {
    const got = await collect([Buffer.from('\ufeff{}\n\ufeff{}\n')]);
    expect(got).toEqual([{ text: '{}' }, { text: '\ufeff{}' }]);
  });

  it('reports invalid UTF-8 and overlong lines and reads on', async () => {
    const got = await collect(
      [
        Buffer.from('ok\n'),
        Buffer.from([0xff, 0x0a]),
        Buffer.from('1234'),
        Buffer.from('5678\nend'),
      ],
      6,
    );
    expect(got).toEqual([
      { text: 'ok' },
      { code: 'invalid_utf8' },
      { code: 'line_too_long', bytes: 8, max_bytes: 6 },
      { text: 'end' },
    ]);
  });

  it('reports an overlong last line without a line break', async () => {
    expect(await collect([Buffer.from('x'.repeat(10))], 4)).toEqual([
      { code: 'line_too_long', bytes: 10, max_bytes: 4 },
    ]);
  });
});
