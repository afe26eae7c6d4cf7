import { createRequire } from 'node:module';
import { CairnError } from '../../errors.js';
import { detached } from './detached.js';
import { PieceCountCache } from './piece-count-cache.js';
import { pieceSplitter } from './piece-splitter.js';
import type { TokenCounter } from './token-counter.js';

export const GPT_ENCODINGS = ['cl100k_base', 'o200k_base'] as const;
export type GptEncodingName = (typeof GPT_ENCODINGS)[number];

/** The parts of gpt-tokenizer's byte-pair core used here (4.0.0, pinned in package.json). */
interface BytePairCore {
  tokenSplitRegex: RegExp;
  getBpeRankFromString(piece: string): number | undefined;
  bytePairEncode(piece: string): number[];
}

interface GptEncodingModule {
  default: { bytePairEncodingCoreProcessor?: BytePairCore };
  countTokens(text: string, options?: { disallowedSpecial?: Set<string> }): number;
}

const require = createRequire(import.meta.url);

const counters = new Map<GptEncodingName, GptTokenCounter>();

/**
 * An OpenAI encoding from gpt-tokenizer. Counting walks the encoding's own
 * split pattern and byte-pair core, the same steps `encode` takes, so that
 * the pieces and their counts come out of one pass; special-token strings
 * count as plain text, as `encode(text, { disallowedSpecial: new Set() })`
 * does.
 */
export function gptTokenCounter(encoding: GptEncodingName): TokenCounter {
  let counter = counters.get(encoding);
  if (counter === undefined) {
    counter = new GptTokenCounter(encoding);
    counters.set(encoding, counter);
  }
  return counter;
}

/** Whether `encoding` has been loaded in this thread: a chunker's construction alone never loads it. */
export function isEncodingLoaded(encoding: GptEncodingName): boolean {
  return counters.get(encoding)?.isLoaded() ?? false;
}

/**
 * Loads its encoding on first count, not on construction: each costs about
 * 200 ms and 40 MB to load, and a chunker is built only for its chunker_id
 * by commands that never count (`cairn show`, the ingest writer).
 */
class GptTokenCounter implements TokenCounter {
  readonly exact = true;
  readonly withinBytes = true;
  private loaded: LoadedCounter | null = null;

  constructor(readonly id: GptEncodingName) {}

  get splitPattern(): RegExp {
    return this.load().splitPattern;
  }

  pieceTokens(text: string, from: number, to: number): number {
    return this.load().pieceTokens(text, from, to);
  }

  count(text: string): number {
    return this.load().count(text);
  }

  isLoaded(): boolean {
    return this.loaded !== null;
  }

  private load(): LoadedCounter {
    if (this.loaded === null) {
      const loaded = loadCounter(this.id);
      this.loaded = loaded;
      // from now on the per-piece calls go straight to the loaded counter, with no check between
      this.pieceTokens = loaded.pieceTokens;
      this.count = loaded.count;
    }
    return this.loaded;
  }
}

type LoadedCounter = Pick<TokenCounter, 'splitPattern' | 'pieceTokens' | 'count'>;

function loadCounter(encoding: GptEncodingName): LoadedCounter {
  // a fixed list: the module path never comes from input
  const modules: Record<GptEncodingName, () => GptEncodingModule> = {
    cl100k_base: () => require('gpt-tokenizer/encoding/cl100k_base') as GptEncodingModule,
    o200k_base: () => require('gpt-tokenizer/encoding/o200k_base') as GptEncodingModule,
  };
  const module = modules[encoding]();
  const core = module.default.bytePairEncodingCoreProcessor;
  if (
    !core ||
    !(core.tokenSplitRegex instanceof RegExp) ||
    typeof core.getBpeRankFromString !== 'function' ||
    typeof core.bytePairEncode !== 'function'
  ) {
    throw new CairnError(
      'internal_invariant',
      `gpt-tokenizer's ${encoding} no longer exposes its byte-pair core; pin gpt-tokenizer 4.0.0`,
    );
  }
  // the pieces a corpus repeats are counted once; a piece not in the rank map goes through
  // bytePairEncode, whose merge cache keeps it, so it gets a copy detached from its text
  const cache = new PieceCountCache();
  const countPiece = (piece: string): number =>
    core.getBpeRankFromString(piece) !== undefined
      ? 1
      : core.bytePairEncode(detached(piece)).length;
  const pieceTokens = (text: string, from: number, to: number): number =>
    cache.count(text, from, to, countPiece);
  const splitPattern = new RegExp(core.tokenSplitRegex.source, 'gu');
  return {
    splitPattern,
    pieceTokens,
    count(text: string): number {
      const split = pieceSplitter(text, splitPattern);
      let total = 0;
      let offset = 0;
      while (offset < text.length) {
        const next = split.end(offset);
        if (next < 0) break;
        total += pieceTokens(text, offset, next);
        offset = next;
      }
      // every unit starts a piece of these patterns (whitespace, letters, numbers, the rest)
      if (offset < text.length) {
        throw new CairnError(
          'internal_invariant',
          `Tokenizer pieces stop at ${offset} before ${text.length}`,
        );
      }
      return total;
    },
  };
}
