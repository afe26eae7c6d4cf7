import { once } from 'node:events';
import { promisify } from 'node:util';
import { brotliDecompress, constants, createBrotliCompress } from 'node:zlib';
import { derivedHeadingPath, isDerivedHeadingPath } from '../derived-heading-path.js';
import type { Section } from '../types.js';
import type { VersionModel } from './types.js';

const decompress = promisify(brotliDecompress);

/** Brotli's quality: past 5 each step costs much more time for a little size. */
const QUALITY = 5;

/** JSON text handed to zlib at a time: big enough to keep calls few, small next to a model. */
const PIECE_CHARS = 256 * 1024;

/**
 * The document model (sections, blocks, pages) is read whole and never
 * queried. A section's heading path is left out where it is its parent's
 * path and its title (`decodeModel` puts it back): for a 4 MB eCFR chapter
 * that takes the JSON from 11.9 to 7.1 million characters. The rest repeats
 * keys and is brotli-compressed (a quarter smaller than deflate's fastest).
 * The JSON goes to zlib a piece at a time: made whole, those millions of
 * characters (two bytes each once an em dash appears) would sit on the
 * writer's heap while the chunks are written. zlib runs on libuv's thread
 * pool, off the writer's thread.
 */
export async function encodeModel(model: VersionModel): Promise<Buffer> {
  const compress = createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: QUALITY } });
  const out: Buffer[] = [];
  compress.on('data', (bytes: Buffer) => out.push(bytes));
  const ended = once(compress, 'end');
  for (const piece of modelJson(model)) {
    if (!compress.write(piece)) await once(compress, 'drain');
  }
  compress.end();
  await ended;
  return Buffer.concat(out);
}

export async function decodeModel(raw: unknown): Promise<VersionModel> {
  const bytes = raw instanceof Uint8Array ? raw : Buffer.from(String(raw));
  const model = JSON.parse((await decompress(bytes)).toString('utf8')) as VersionModel;
  // Models stored before paths were left out have every path, and keep it.
  for (const section of model.sections ?? []) {
    section.heading_path ??= derivedHeadingPath(model.sections, section);
  }
  return model;
}

/**
 * `JSON.stringify(model)` in pieces (arrays item by item, everything else
 * whole), with null for each section's heading path that derives (null
 * rather than nothing, so that the decoded section keeps its keys' order).
 */
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
      const item = key === 'sections' ? withoutDerivedPath(value as Section[], i) : value[i];
      // as JSON.stringify writes an array item it cannot represent
      piece += (i === 0 ? '' : ',') + (JSON.stringify(item) ?? 'null');
      if (piece.length >= PIECE_CHARS) {
        yield piece;
        piece = '';
      }
    }
    piece += ']';
  }
  yield `${piece}}`;
}

function withoutDerivedPath(sections: readonly Section[], i: number): unknown {
  const section = sections[i];
  if (section === undefined || !isDerivedHeadingPath(sections, section)) return section;
  return { ...section, heading_path: null };
}
