import { promisify } from 'node:util';
import { deflateRaw, inflateRaw } from 'node:zlib';
import type { PageGeometry } from '../types.js';

const deflate = promisify(deflateRaw);
const inflate = promisify(inflateRaw);

/**
 * Page geometry as raw-deflated JSON: runs are arrays of eight numbers, so
 * the text compresses well (a 117-page LaTeX script: see README, "The PDF
 * page"). zlib runs on libuv's thread pool, off the writer's thread.
 */
export async function encodeGeometry(pages: readonly PageGeometry[]): Promise<Buffer> {
  return deflate(Buffer.from(JSON.stringify(pages), 'utf8'), { level: 6 });
}

export async function decodeGeometry(raw: unknown): Promise<PageGeometry[]> {
  const bytes = raw instanceof Uint8Array ? raw : Buffer.from(String(raw));
  return JSON.parse((await inflate(bytes)).toString('utf8')) as PageGeometry[];
}
