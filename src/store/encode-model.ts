import { once } from 'node:events';
import { promisify } from 'node:util';
import { createDeflateRaw, inflateRaw } from 'node:zlib';
import type { VersionModel } from './types.js';

const inflate = promisify(inflateRaw);

/** JSON text handed to zlib at a time: big enough to keep calls few, small next to a model. */
const PIECE_CHARS = 256 * 1024;

/**
 * The document model (sections, blocks, pages) is read whole and never
 * queried, and its JSON repeats keys and heading paths: raw-deflated it
 * takes a tenth of the space (184 MB of eCFR models become about 19 MB).
 * The JSON goes to zlib a piece at a time: for a 4 MB eCFR chapter it is
 * 12 million characters, a 24 MB string (an em dash makes it two bytes a
 * character) and a 12 MB buffer if made whole, on the writer's heap while
 * the chunks are written. zlib runs on libuv's thread pool, off the
 * writer's thread.
 */
export async function encodeModel(model: VersionModel): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 1 });
  const out: Buffer[] = [];
  deflate.on('data', (bytes: Buffer) => out.push(bytes));
  const ended = once(deflate, 'end');
  for (const piece of modelJson(model)) {
    if (!deflate.write(piece)) await once(deflate, 'drain');
  }
  deflate.end();
  await ended;
  return Buffer.concat(out);
}

export async function decodeModel(raw: unknown): Promise<VersionModel> {
  const bytes = raw instanceof Uint8Array ? raw : Buffer.from(String(raw));
  return JSON.parse((await inflate(bytes)).toString('utf8')) as VersionModel;
}

/** `JSON.stringify(model)` in pieces: arrays item by item, everything else whole. */
export function* modelJson(model: VersionModel): Generator<string> {
  let piece = '{';
  let first = true;
  for (const [key, value] of Object.entries(model)) {
    if (value === undefined) continue;
    piece += `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    if (!Array.isArray(value)) {
      piece += JSON.stringify(value);
      continue;
    }
    piece += '[';
    for (let i = 0; i < value.length; i++) {
      // as JSON.stringify writes an array item it cannot represent
      piece += (i === 0 ? '' : ',') + (JSON.stringify(value[i]) ?? 'null');
      if (piece.length >= PIECE_CHARS) {
        yield piece;
        piece = '';
      }
    }
    piece += ']';
  }
  yield `${piece}}`;
}
