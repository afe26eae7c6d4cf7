import { promisify } from 'node:util';
import { deflateRaw, inflateRaw } from 'node:zlib';
import { isHighSurrogate, isLowSurrogate } from '../load/surrogates.js';
import type { SqlExecutor } from './sql-driver.js';

const deflate = promisify(deflateRaw);
const inflate = promisify(inflateRaw);

/**
 * Code points per stored block of a version's canonical text. The text is
 * raw-deflated a block at a time, so reading a chunk's text inflates the
 * one or two blocks its span lies in, never the whole version; blocks much
 * past deflate's 32 KiB window would compress no better.
 */
export const TEXT_BLOCK_CODE_POINTS = 65536;

/** Decoded blocks one store keeps at most (each at most `TEXT_BLOCK_CODE_POINTS` code points). */
const CACHED_BLOCKS = 256;

/** A decoded block, and whether it holds a surrogate pair (then UTF-16 offsets are not code points). */
interface Block {
  text: string;
  astral: boolean;
}

/**
 * The version's canonical text as stored: deflated blocks of
 * `TEXT_BLOCK_CODE_POINTS` code points each, in order. zlib runs on libuv's
 * thread pool, so the caller compresses before its write transaction opens.
 */
export async function encodeVersionText(canonical: string): Promise<Buffer[]> {
  const pieces: string[] = [];
  const astral = /[\uD800-\uDFFF]/.test(canonical);
  for (let at = 0; at < canonical.length; ) {
    const end = astral
      ? advance(canonical, at, TEXT_BLOCK_CODE_POINTS)
      : Math.min(canonical.length, at + TEXT_BLOCK_CODE_POINTS);
    pieces.push(canonical.slice(at, end));
    at = end;
  }
  return Promise.all(pieces.map((piece) => deflate(Buffer.from(piece, 'utf8'))));
}

/** The UTF-16 offset `count` code points after `from` (or the end); a lone surrogate counts as one. */
export function advance(text: string, from: number, count: number): number {
  let at = from;
  for (let n = 0; n < count && at < text.length; n++) {
    at += isHighSurrogate(text.charCodeAt(at)) && isLowSurrogate(text.charCodeAt(at + 1)) ? 2 : 1;
  }
  return at;
}

/**
 * Reads versions' canonical texts from their blocks, keeping the blocks it
 * decoded last (version ids are never reused, so a cached block never goes
 * stale).
 */
export class VersionTextReader {
  readonly #cache = new Map<string, Block>();

  /** The whole canonical text of a version; null when it has no text stored (or is gone). */
  async text(executor: SqlExecutor, versionId: number): Promise<string | null> {
    const rows = await executor.all<{ block: number; data: unknown }>(
      'SELECT block, data FROM version_texts WHERE version_id = ? ORDER BY block',
      [versionId],
    );
    if (rows.length === 0) return null;
    const parts = await Promise.all(rows.map((row) => decode(row.data)));
    return parts.map((part) => part.text).join('');
  }

  /**
   * Code points `[start, end)` of each version's text, for many spans at
   * once: each block read and decoded once for all of them. A span past the
   * text's end is cut there.
   */
  async slices(
    executor: SqlExecutor,
    spans: readonly { version_id: number; start: number; end: number }[],
  ): Promise<string[]> {
    const wanted = new Map<number, Set<number>>();
    // blocks in hand for this call, so that none is evicted between its read and its use
    const held = new Map<string, Block>();
    for (const span of spans) {
      if (span.end <= span.start) continue;
      let blocks = wanted.get(span.version_id);
      if (blocks === undefined) {
        blocks = new Set();
        wanted.set(span.version_id, blocks);
      }
      const last = Math.floor((span.end - 1) / TEXT_BLOCK_CODE_POINTS);
      for (let b = Math.floor(span.start / TEXT_BLOCK_CODE_POINTS); b <= last; b++) {
        const cached = this.#cache.get(key(span.version_id, b));
        if (cached === undefined) blocks.add(b);
        else held.set(key(span.version_id, b), cached);
      }
    }
    for (const [versionId, blocks] of wanted) {
      const missing = [...blocks];
      for (let at = 0; at < missing.length; at += 500) {
        const batch = missing.slice(at, at + 500);
        const rows = await executor.all<{ block: number; data: unknown }>(
          `SELECT block, data FROM version_texts WHERE version_id = ? AND block IN (${batch.map(() => '?').join(', ')})`,
          [versionId, ...batch],
        );
        for (const row of rows) {
          const block = await decode(row.data);
          held.set(key(versionId, Number(row.block)), block);
          this.#remember(key(versionId, Number(row.block)), block);
        }
      }
    }
    return spans.map((span) => {
      if (span.end <= span.start) return '';
      const first = Math.floor(span.start / TEXT_BLOCK_CODE_POINTS);
      const last = Math.floor((span.end - 1) / TEXT_BLOCK_CODE_POINTS);
      const parts: Block[] = [];
      for (let b = first; b <= last; b++) {
        const k = key(span.version_id, b);
        const block = held.get(k);
        if (block === undefined) break;
        parts.push(block);
      }
      const text = parts.map((part) => part.text).join('');
      const from = span.start - first * TEXT_BLOCK_CODE_POINTS;
      const to = span.end - first * TEXT_BLOCK_CODE_POINTS;
      if (!parts.some((part) => part.astral)) return text.slice(from, to);
      const begin = advance(text, 0, from);
      return text.slice(begin, advance(text, begin, to - from));
    });
  }

  #remember(k: string, block: Block): void {
    this.#cache.delete(k);
    this.#cache.set(k, block);
    if (this.#cache.size > CACHED_BLOCKS) {
      const oldest = this.#cache.keys().next().value;
      if (oldest !== undefined) this.#cache.delete(oldest);
    }
  }
}

function key(versionId: number, block: number): string {
  return `${versionId}:${block}`;
}

async function decode(data: unknown): Promise<Block> {
  const bytes = data instanceof Uint8Array ? data : Buffer.from(String(data));
  const text = (await inflate(bytes)).toString('utf8');
  return { text, astral: /[\uD800-\uDFFF]/.test(text) };
}
