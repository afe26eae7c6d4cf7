import { Transform, type TransformCallback } from 'node:stream';
import { constants, createBrotliDecompress, createInflate } from 'node:zlib';
import { hexDigit } from './read-pdf-object.js';

/** What a filter needs besides its input: LZW's /EarlyChange (default 1). */
export interface DecoderParams {
  early_change?: number;
}

/**
 * A stream decoder for one PDF filter, by the names pdf.js accepts (full and
 * abbreviated), or null for a filter whose output pdf.js does not build
 * when it reads text (images: DCT, JPX, JBIG2, CCITTFax) or does not know.
 * Flate and Brotli are zlib's; the four simple codecs of the PDF reference
 * (section 7.4) have no package of their own and are written here, decoding
 * as leniently as pdf.js does (bad characters skipped, not fatal).
 */
export function createPdfDecoder(filter: string, params: DecoderParams = {}): Transform | null {
  switch (filter) {
    case 'FlateDecode':
    case 'Fl':
      // what a cut-short stream holds is decoded, as pdf.js decodes it
      return createInflate({ finishFlush: constants.Z_SYNC_FLUSH });
    case 'BrotliDecode':
      return createBrotliDecompress({ finishFlush: constants.BROTLI_OPERATION_FLUSH });
    case 'ASCIIHexDecode':
    case 'AHx':
      return codec(asciiHex());
    case 'ASCII85Decode':
    case 'A85':
      return codec(ascii85());
    case 'RunLengthDecode':
    case 'RL':
      return codec(runLength());
    case 'LZWDecode':
    case 'LZW':
      return codec(lzw(params.early_change === 0 ? 0 : 1));
    default:
      return null;
  }
}

/** The most a codec gives at once. */
const PIECE = 64 * 1024;

/** A codec: takes input bytes, gives output bytes to `emit`; ends itself at its end-of-data mark. */
type Codec = (input: Uint8Array, emit: (bytes: Uint8Array) => void) => void;

function codec(step: Codec): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      step(chunk, (bytes) => this.push(bytes));
      done();
    },
  });
}

function asciiHex(): Codec {
  let high = -1;
  let ended = false;
  return (input, emit) => {
    if (ended) return;
    const out: number[] = [];
    for (const b of input) {
      if (b === 0x3e) {
        ended = true;
        break;
      }
      const digit = hexDigit(b);
      if (digit < 0) continue;
      if (high < 0) high = digit;
      else {
        out.push(high * 16 + digit);
        high = -1;
      }
    }
    // a last odd digit counts as if followed by 0
    if (ended && high >= 0) out.push(high * 16);
    if (out.length > 0) emit(Uint8Array.from(out));
  };
}

function ascii85(): Codec {
  const group: number[] = [];
  let ended = false;
  const flush = (out: number[]): void => {
    if (group.length < 2) return;
    const n = group.length;
    while (group.length < 5) group.push(84);
    let value = 0;
    for (const digit of group) value = value * 85 + digit;
    for (let i = 0; i < n - 1; i++) out.push((value >>> (24 - 8 * i)) & 0xff);
    group.length = 0;
  };
  return (input, emit) => {
    if (ended) return;
    const out: number[] = [];
    for (const b of input) {
      if (b === 0x7e) {
        ended = true;
        flush(out);
        break;
      }
      if (b === 0x7a && group.length === 0) out.push(0, 0, 0, 0);
      else if (b >= 0x21 && b <= 0x75) {
        group.push(b - 0x21);
        if (group.length === 5) flush(out);
      }
    }
    if (out.length > 0) emit(Uint8Array.from(out));
  };
}

function runLength(): Codec {
  let pending = -1;
  let copy = 0;
  let ended = false;
  return (input, emit) => {
    for (let i = 0; i < input.length && !ended; i++) {
      const b = input[i]!;
      if (copy > 0) {
        const n = Math.min(copy, input.length - i);
        emit(input.slice(i, i + n));
        copy -= n;
        i += n - 1;
      } else if (pending >= 0) {
        emit(new Uint8Array(257 - pending).fill(b));
        pending = -1;
      } else if (b === 128) ended = true;
      else if (b < 128) copy = b + 1;
      else pending = b;
    }
  };
}

/** LZW as PDF and pdf.js read it: codes 9 to 12 bits, most significant bit first; 256 clears, 257 ends. */
function lzw(earlyChange: 0 | 1): Codec {
  const prefix = new Int32Array(4096);
  const last = new Uint8Array(4096);
  const length = new Uint16Array(4096);
  for (let i = 0; i < 256; i++) {
    prefix[i] = -1;
    last[i] = i;
    length[i] = 1;
  }
  let next = 258;
  let width = 9;
  let previous = -1;
  let bits = 0;
  let held = 0;
  let ended = false;
  const firstByte = (code: number): number => {
    let c = code;
    while (prefix[c]! >= 0) c = prefix[c]!;
    return last[c]!;
  };
  const write = (code: number, out: Uint8Array, at: number): number => {
    const n = length[code]!;
    let c = code;
    for (let i = n - 1; i >= 0; i--) {
      out[at + i] = last[c]!;
      c = prefix[c]!;
    }
    return n;
  };
  const out = new Uint8Array(PIECE + 4096);
  return (input, emit) => {
    let used = 0;
    for (const b of input) {
      if (ended) break;
      held = ((held << 8) | b) & 0xffffff;
      bits += 8;
      while (bits >= width && !ended) {
        const code = (held >>> (bits - width)) & ((1 << width) - 1);
        bits -= width;
        if (code === 256) {
          next = 258;
          width = 9;
          previous = -1;
          continue;
        }
        // 257 ends the data; a code not yet in the table (but the one about to be) is broken data
        if (code === 257 || code > next || (code === next && previous < 0)) {
          ended = true;
          break;
        }
        if (previous >= 0 && next < 4096) {
          prefix[next] = previous;
          last[next] = firstByte(code === next ? previous : code);
          length[next] = length[previous]! + 1;
          next++;
          const edge = next + earlyChange;
          if ((edge & (edge - 1)) === 0 && width < 12) width++;
        }
        used += write(code, out, used);
        previous = code;
        if (used >= PIECE) {
          emit(out.slice(0, used));
          used = 0;
        }
      }
    }
    if (used > 0) emit(out.slice(0, used));
  };
}
