import { constants, createInflate } from 'node:zlib';
import { CairnError } from '../../errors.js';

/** Decoded bytes all of a PDF's Flate streams may hold together, at least (the bound grows with the file). */
export const MIN_PDF_DECODED_BYTES = 256 * 1024 * 1024;
/** ... and for larger files, this many times the file's size. */
export const PDF_DECODED_RATIO = 32;

const STREAM = Buffer.from('stream', 'latin1');
const END_STREAM = Buffer.from('endstream', 'latin1');

/**
 * Refuses a PDF whose Flate streams inflate past `max_bytes` together, before
 * pdf.js decodes any: pdf.js inflates into ArrayBuffers outside the V8 heap,
 * where no worker heap limit reaches, and a 1 MB file whose one stream
 * inflated to 1 GB peaked at 2.2 GB of RSS (a 3 MB one at 6.3 GB).
 *
 * This reads no PDF syntax: it takes the bytes after each `stream` keyword up
 * to the next `endstream` and lets zlib say whether they are a deflate stream
 * and how much they give, counted as they come and dropped. Streams that are not Flate fail zlib's header check at
 * once and count nothing; a Flate stream behind another filter
 * (`/ASCII85Decode /FlateDecode`) or LZW is not counted.
 */
export async function checkPdfInflation(
  bytes: Uint8Array,
  source: string,
  maxBytes?: number,
): Promise<void> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const budget = maxBytes ?? Math.max(MIN_PDF_DECODED_BYTES, PDF_DECODED_RATIO * bytes.length);
  let total = 0;
  let at = buffer.indexOf(STREAM);
  while (at >= 0) {
    let start = at + STREAM.length;
    if (buffer[start] === 0x0d) start++;
    if (buffer[start] === 0x0a) start++;
    const isKeyword = start > at + STREAM.length && buffer[at - 1] !== 0x64; /* not "endstream" */
    const end = buffer.indexOf(END_STREAM, start);
    if (end < 0) break;
    if (isKeyword) {
      const size = await inflatedSize(buffer.subarray(start, end), budget - total);
      if (size < 0) {
        throw new CairnError(
          'input_too_large',
          `${source}: its compressed streams inflate to more than ${budget} bytes; refused before decoding`,
          { details: { source, reason: 'pdf_inflation', max_decoded_bytes: budget } },
        );
      }
      total += size;
    }
    at = buffer.indexOf(STREAM, end + END_STREAM.length);
  }
}

/**
 * What one stream inflates to: what came out before zlib stopped (0 for no
 * deflate data; a cut-short stream gives what it holds, as pdf.js would
 * decode it), or -1 past `room`. The output is counted and dropped a piece
 * at a time, so memory stays flat whatever the stream holds.
 */
function inflatedSize(data: Buffer, room: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = createInflate({ finishFlush: constants.Z_SYNC_FLUSH });
    let size = 0;
    inflate.on('data', (piece: Buffer) => {
      size += piece.length;
      if (size > room) {
        inflate.destroy();
        resolve(-1);
      }
    });
    inflate.on('end', () => resolve(size));
    inflate.on('error', () => resolve(size));
    inflate.end(data);
  });
}
