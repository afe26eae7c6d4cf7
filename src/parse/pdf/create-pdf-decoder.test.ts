import { Readable } from 'node:stream';
import { brotliCompressSync, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { lzwRun } from '../../../scripts/pdf-bombs.mjs';
import { createPdfDecoder } from './create-pdf-decoder.js';

/** Decodes `input` fed in pieces of `piece` bytes (state must carry across them). */
async function decode(filter: string, input: Buffer, piece = 3): Promise<Buffer> {
  const decoder = createPdfDecoder(filter);
  if (decoder === null) throw new Error(`no decoder for ${filter}`);
  const pieces: Buffer[] = [];
  for (let at = 0; at < input.length; at += piece) pieces.push(input.subarray(at, at + piece));
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(pieces).pipe(decoder)) out.push(chunk as Buffer);
  return Buffer.concat(out);
}

describe('createPdfDecoder', () => {
  it('decodes ASCIIHex, skipping white space, stopping at >, padding an odd last digit', async () => {
    expect(await decode('AHx', Buffer.from('48 65\n6c6C6f >ff'))).toEqual(Buffer.from('Hello'));
    expect(await decode('ASCIIHexDecode', Buffer.from('4869A>'))).toEqual(
      Buffer.from([0x48, 0x69, 0xa0]),
    );
  });

  it('decodes ASCII85 with z for four zero bytes and a short last group', async () => {
    const plain = Buffer.from('Hello, cairn! \0\0\0\0 end');
    expect(await decode('A85', Buffer.from('87cURD_*#@@;0b"+Wpab!!"-QDI`~>'))).toEqual(plain);
    expect(await decode('ASCII85Decode', Buffer.from('z z~>'))).toEqual(Buffer.alloc(8));
  });

  it('decodes RunLength: literal runs, repeats, and 128 as the end', async () => {
    const encoded = Buffer.from([2, 0x61, 0x62, 0x63, 254, 0x78, 128, 5]);
    expect(await decode('RL', encoded, 1)).toEqual(Buffer.from('abcxxx'));
    expect(await decode('RunLengthDecode', Buffer.from([129, 0x20, 128]))).toHaveLength(128);
  });

  it('decodes LZW as pdf.js does: literals, ever longer runs across clears, 257 as the end', async () => {
    const head = Buffer.from('BT (Hi) Tj ET\n');
    // 200,000 spaces take codes past 511 (10 bits), 3 M past 2,047 (12 bits), 8 M a clear
    for (const padding of [0, 1, 5, 600, 200_000, 3_000_000, 8_000_000]) {
      const encoded = lzwRun(head, padding);
      const decoded = await decode('LZW', encoded, padding > 600 ? 4096 : 7);
      expect(decoded.length).toBe(head.length + padding);
      expect(decoded.equals(Buffer.concat([head, Buffer.alloc(padding, 0x20)]))).toBe(true);
    }
  });

  it('decodes Flate and Brotli with zlib', async () => {
    const text = Buffer.from('some text '.repeat(100));
    expect(await decode('Fl', deflateSync(text))).toEqual(text);
    expect(await decode('BrotliDecode', brotliCompressSync(text))).toEqual(text);
  });

  it('has no decoder for image filters and unknown names', () => {
    for (const name of ['DCTDecode', 'JPXDecode', 'JBIG2Decode', 'CCITTFaxDecode', 'Crypt', 'Nope'])
      expect(createPdfDecoder(name)).toBeNull();
  });
});
