import { Readable, Transform, type TransformCallback, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CairnError } from '../../errors.js';
import { createPdfDecoder, type DecoderParams } from './create-pdf-decoder.js';
import { type PdfValue, readPdfObject } from './read-pdf-object.js';

/** Decoded bytes all of a PDF's streams may hold together, at least (the bound grows with the file). */
export const MIN_PDF_DECODED_BYTES = 256 * 1024 * 1024;
/** ... and for larger files, this many times the file's size. */
export const PDF_DECODED_RATIO = 32;

const STREAM = Buffer.from('stream', 'latin1');
const END_STREAM = Buffer.from('endstream', 'latin1');
const OBJ = Buffer.from('obj', 'latin1');
/** How far before a `stream` keyword its object's `obj` may be. */
const MAX_DICT_BYTES = 1024 * 1024;
/**
 * The pieces fed to a stage: zlib bounds its own output, so it takes large
 * ones (fewer calls); a codec written here gives all that a piece decodes
 * to at once (LZW up to some 2,700 times it), so it takes small ones.
 */
const ZLIB_PIECE = 64 * 1024;
const CODEC_PIECE = 2 * 1024;

interface Filter {
  name: string;
  params: DecoderParams;
}

/**
 * Chains tried on a stream whose dictionary cannot be read (a filter behind
 * a reference into an object stream, a broken object): the largest count
 * any gives is taken.
 */
const GUESSED_CHAINS: string[][] = [
  ['FlateDecode'],
  ['FlateDecode', 'FlateDecode'],
  ['ASCIIHexDecode', 'FlateDecode'],
  ['ASCII85Decode', 'FlateDecode'],
];

class OverBudget extends Error {}

/**
 * Refuses a PDF whose streams decode past `max_bytes` together, before
 * pdf.js decodes any: pdf.js decodes into ArrayBuffers outside the V8 heap,
 * where no worker heap limit reaches, and keeps every stage of a filter
 * chain whole (a 1 MB file whose one stream inflated to 1 GB peaked at
 * 2.2 GB of RSS; a 5.7 kB one of two Flate stages at 6.3 GB).
 *
 * Each stream's dictionary is read as pdf.js reads it (`/F` or `/Filter`,
 * names or arrays, references resolved where the file holds them as plain
 * objects, `/DecodeParms` for LZW's EarlyChange, `/Length` when `endstream`
 * follows it), and its data is decoded through every filter of the chain:
 * Flate, LZW, ASCIIHex, ASCII85, RunLength and Brotli. The output of every
 * stage is counted, since pdf.js holds each, a piece at a time and dropped,
 * so memory stays flat whatever the streams hold. Object streams are
 * streams like any other. A stream whose dictionary cannot be read is tried
 * through the usual chains of Flate. Image filters end the count: pdf.js
 * does not decode images to read text.
 */
export async function checkPdfInflation(
  bytes: Uint8Array,
  source: string,
  maxBytes?: number,
): Promise<void> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const budget = maxBytes ?? Math.max(MIN_PDF_DECODED_BYTES, PDF_DECODED_RATIO * bytes.length);
  const objects = new PlainObjects(buffer);
  let total = 0;
  let floor = 0;
  let at = buffer.indexOf(STREAM);
  while (at >= 0) {
    const keyword = isStreamKeyword(buffer, at);
    const start = keyword ? dataStart(buffer, at + STREAM.length) : -1;
    if (start >= 0) {
      const dict = streamDictionary(buffer, at, floor);
      const end = dataEnd(buffer, start, dict === null ? null : objects.number(dict.get('Length')));
      if (end < 0) break;
      const data = buffer.subarray(start, end);
      const chains =
        dict === null
          ? GUESSED_CHAINS.map((names) => names.map((name) => ({ name, params: {} })))
          : [filterChain(dict, objects)];
      let size = 0;
      for (const chain of chains) {
        const counted = await decodedSize(data, chain, budget - total);
        size = counted < 0 ? -1 : Math.max(size, counted);
        if (size < 0) break;
      }
      if (size < 0) refuse(source, budget);
      total += size;
      floor = end;
      at = buffer.indexOf(STREAM, end + END_STREAM.length);
    } else {
      at = buffer.indexOf(STREAM, at + STREAM.length);
    }
  }
}

function refuse(source: string, budget: number): never {
  throw new CairnError(
    'input_too_large',
    `${source}: its compressed streams inflate to more than ${budget} bytes; refused before decoding`,
    { details: { source, reason: 'pdf_inflation', max_decoded_bytes: budget } },
  );
}

/** `stream` as a keyword: not the end of `endstream`, not the start of a longer word. */
function isStreamKeyword(buffer: Buffer, at: number): boolean {
  if (at >= 3 && buffer.subarray(at - 3, at).toString('latin1') === 'end') return false;
  const after = buffer[at + STREAM.length];
  return after === 0x0d || after === 0x0a || after === 0x20 || after === 0x09 || after === 0x0c;
}

/** Where the data starts: after the end of the keyword's line, as pdf.js skips to it. */
function dataStart(buffer: Buffer, from: number): number {
  for (let i = from; i < buffer.length; i++) {
    if (buffer[i] === 0x0a) return i + 1;
    if (buffer[i] === 0x0d) return buffer[i + 1] === 0x0a ? i + 2 : i + 1;
  }
  return -1;
}

/** The data's end: `/Length` on when `endstream` follows it there, else the next `endstream`. */
function dataEnd(buffer: Buffer, start: number, length: number | null): number {
  if (
    length !== null &&
    Number.isInteger(length) &&
    length >= 0 &&
    start + length <= buffer.length
  ) {
    let i = start + length;
    while (i < buffer.length && (buffer[i] === 0x0a || buffer[i] === 0x0d || buffer[i] === 0x20))
      i++;
    if (buffer.subarray(i, i + END_STREAM.length).equals(END_STREAM)) return start + length;
  }
  return buffer.indexOf(END_STREAM, start);
}

/**
 * The dictionary of the stream whose keyword is at `at`: the object after
 * the nearest `obj` keyword before it, when that object is a dictionary
 * that ends right before the keyword. Null otherwise.
 */
function streamDictionary(buffer: Buffer, at: number, floor: number): Map<string, PdfValue> | null {
  const low = Math.max(floor, at - MAX_DICT_BYTES);
  let obj = buffer.lastIndexOf(OBJ, at);
  while (obj >= low && obj >= 3 && buffer.subarray(obj - 3, obj).toString('latin1') === 'end')
    obj = buffer.lastIndexOf(OBJ, obj - 1);
  if (obj < low) return null;
  const read = readPdfObject(buffer, obj + OBJ.length);
  if (read === null || read.value.kind !== 'dict') return null;
  let end = read.end;
  while (end < at && isWhite(buffer[end]!)) end++;
  return end === at ? read.value.entries : null;
}

function isWhite(b: number): boolean {
  return b === 0x00 || b === 0x09 || b === 0x0a || b === 0x0c || b === 0x0d || b === 0x20;
}

/** The chain pdf.js builds: `/F`, else `/Filter` (a name or an array of names), with their parameters. */
function filterChain(dict: Map<string, PdfValue>, objects: PlainObjects): Filter[] {
  const filter = objects.resolve(dict.has('F') ? dict.get('F') : dict.get('Filter'));
  const params = objects.resolve(dict.has('DP') ? dict.get('DP') : dict.get('DecodeParms'));
  if (filter?.kind === 'name') return [{ name: filter.name, params: objects.params(params) }];
  if (filter?.kind !== 'array') return [];
  const chain: Filter[] = [];
  filter.items.forEach((item, i) => {
    const name = objects.resolve(item);
    const param = params?.kind === 'array' ? objects.resolve(params.items[i]) : undefined;
    chain.push({ name: name?.kind === 'name' ? name.name : '', params: objects.params(param) });
  });
  return chain;
}

/**
 * Objects written plainly in the file (`n g obj ... endobj`), found by their
 * header, for the references a stream dictionary holds. An object inside an
 * object stream is not found: its reference stays unresolved.
 */
class PlainObjects {
  constructor(private readonly buffer: Buffer) {}

  resolve(value: PdfValue | undefined): PdfValue | undefined {
    if (value?.kind !== 'ref') return value;
    const header = Buffer.from(`${value.num} ${value.gen} obj`, 'latin1');
    // the last definition wins, as an incremental update's does
    let at = this.buffer.lastIndexOf(header);
    while (at > 0 && this.buffer[at - 1]! >= 0x30 && this.buffer[at - 1]! <= 0x39)
      at = this.buffer.lastIndexOf(header, at - 1);
    if (at < 0) return undefined;
    const read = readPdfObject(this.buffer, at + header.length);
    return read === null || read.value.kind === 'ref' ? undefined : read.value;
  }

  number(value: PdfValue | undefined): number | null {
    const resolved = this.resolve(value);
    return resolved?.kind === 'number' ? resolved.value : null;
  }

  params(value: PdfValue | undefined): DecoderParams {
    const resolved = this.resolve(value);
    if (resolved?.kind !== 'dict') return {};
    const early = this.number(resolved.entries.get('EarlyChange'));
    return early === null ? {} : { early_change: early };
  }
}

/**
 * The bytes every stage of `chain` gives for `data`, or -1 past `room`.
 * Each stage's output is counted and passed on in small pieces, and the
 * last is dropped. A stage that fails (broken data) ends the count there,
 * as pdf.js stops reading a stream that fails.
 */
async function decodedSize(data: Buffer, chain: Filter[], room: number): Promise<number> {
  const decoders: { decoder: Transform; piece: number }[] = [];
  for (const filter of chain) {
    const decoder = createPdfDecoder(filter.name, filter.params);
    if (decoder === null) break;
    decoders.push({ decoder, piece: isZlib(filter.name) ? ZLIB_PIECE : CODEC_PIECE });
  }
  if (decoders.length === 0) return 0;
  if (decoders.length === 1 && decoders[0]!.piece === ZLIB_PIECE) {
    return oneStageSize(data, decoders[0]!.decoder, room);
  }
  const counter = { total: 0 };
  const stages = decoders.flatMap(({ decoder }, i) => [
    decoder,
    countingPieces(counter, room, decoders[i + 1]?.piece ?? ZLIB_PIECE),
  ]);
  const drop = new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });
  try {
    await pipeline([Readable.from(pieces(data, decoders[0]!.piece)), ...stages, drop]);
  } catch (error) {
    if (error instanceof OverBudget) return -1;
  }
  return counter.total;
}

/**
 * The same for a chain of one zlib stage, most streams of most files:
 * written at once and counted as zlib gives it out in its own small pieces,
 * without a pipeline's cost per stream, which dominates on files of many
 * small streams.
 */
function oneStageSize(data: Buffer, decoder: Transform, room: number): Promise<number> {
  return new Promise((resolve) => {
    let size = 0;
    decoder.on('data', (piece: Buffer) => {
      size += piece.length;
      if (size > room) {
        decoder.destroy();
        resolve(-1);
      }
    });
    decoder.on('end', () => resolve(size));
    decoder.on('error', () => resolve(size));
    decoder.end(data);
  });
}

function isZlib(filter: string): boolean {
  return filter === 'FlateDecode' || filter === 'Fl' || filter === 'BrotliDecode';
}

function* pieces(data: Buffer, size: number): Generator<Buffer> {
  for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
}

function countingPieces(counter: { total: number }, room: number, size: number): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      counter.total += chunk.length;
      if (counter.total > room) {
        done(new OverBudget());
        return;
      }
      for (const piece of pieces(chunk, size)) this.push(piece);
      done();
    },
  });
}
