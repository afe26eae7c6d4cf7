import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Chunk, ChunkStore } from '../../src/index.js';
import {
  createCharChunker,
  createStructureChunker,
  ensure,
  isCairnError,
  openStore,
} from '../../src/index.js';
import { tempDir } from '../support/temp-dir.js';
import { textDocument } from './test-documents.js';

// Code points beyond the BMP and multi-byte letters, so code points, UTF-16
// indices and bytes all differ.
const guessing = textDocument(
  [
    'Guessing game 😀: the program picks a secret number.',
    'The player guesses; 𝔘𝔫𝔦 says too small, too big or you win.',
    'Ñandú and e\u0301 close the game.',
  ],
  { doc_uid: 'guess' },
);
const gettingStarted = textDocument(
  [
    "Getting started: let's start your Rust journey!",
    'Installation comes first, then hello world, then Cargo.',
    'Short third paragraph.',
  ],
  { doc_uid: 'start' },
);
const chunker = createCharChunker({ size_chars: 40, overlap_chars: 5 });

let store: ChunkStore;

beforeEach(async () => {
  store = await openStore({ db: join(tempDir('cairn-ensure-chunks-'), 'cairn.db') });
});

afterEach(async () => {
  await store.close();
});

async function refusal(chunks: readonly Chunk[]): Promise<unknown> {
  return ensure(store, guessing, { chunker_id: chunker.chunker_id, chunks }).then(
    () => null,
    (error: unknown) => error,
  );
}

async function expectNothingWritten(): Promise<void> {
  expect(await store.counts()).toEqual({
    documents: 0,
    versions: 0,
    chunks: 0,
    redirects: 0,
    chunk_sets: 0,
    seen_files: 0,
  });
}

describe('ensure refuses precomputed chunks that do not cite the document', () => {
  test("another document's chunks are refused with invalid_option and nothing is written", async () => {
    const error = await refusal(chunker.chunk(gettingStarted));
    expect(isCairnError(error, 'invalid_option')).toBe(true);
    expect((error as Error).message).toMatch(
      /^Chunk 0 does not cite docs\/guess\.txt: its text is not the canonical text at code points \[0, \d+\)/,
    );
    await expectNothingWritten();
  });

  test("another chunker's chunks of another document are refused under any chunker id", async () => {
    const error = await ensure(store, guessing, {
      chunker_id: 'structure@v1:deadbeef',
      chunks: createStructureChunker().chunk(gettingStarted),
    }).catch((e: unknown) => e);
    expect(isCairnError(error, 'invalid_option')).toBe(true);
    await expectNothingWritten();
  });

  test('a chunk whose text is shifted by one code point from its offsets is refused', async () => {
    const chunks = chunker.chunk(guessing);
    const k = chunks.findIndex((chunk) => /[😀𝔘]/u.test(chunk.text));
    const chunk = chunks[k]!;
    const shifted = { ...chunk, span: { ...chunk.span, start: chunk.span.start + 1 } };
    const error = await refusal(chunks.map((c, i) => (i === k ? shifted : c)));
    expect(isCairnError(error, 'invalid_option')).toBe(true);
    expect((error as Error).message).toContain(`Chunk ${k} does not cite`);
    await expectNothingWritten();
  });

  test('a chunk with the right text but wrong byte offsets is refused', async () => {
    const chunks = chunker.chunk(guessing);
    const k = chunks.length - 1;
    const last = chunks[k]!;
    // code points counted as bytes: what a caller that ignores UTF-8 would write
    const wrong = { ...last, span: { ...last.span, end_byte: last.span.end } };
    const error = await refusal(chunks.map((c, i) => (i === k ? wrong : c)));
    expect(isCairnError(error, 'invalid_option')).toBe(true);
    expect((error as Error).message).toContain('bad byte offsets');
    await expectNothingWritten();
  });

  test('offsets outside the canonical text are refused with the bounds in the message', async () => {
    const [first] = chunker.chunk(guessing);
    const outside = {
      ...first!,
      span: { ...first!.span, start: guessing.length, end: guessing.length + 3 },
    };
    const error = await refusal([outside]);
    expect(isCairnError(error, 'invalid_option')).toBe(true);
    expect((error as Error).message).toContain(
      `bad offsets: expected 0 <= start <= end <= ${guessing.length}, received ${guessing.length}..${guessing.length + 3}`,
    );
    await expectNothingWritten();
  });
});

describe('ensure stores chunks that cite the document, precomputed or its own', () => {
  test('the chunker output of the document itself is accepted, astral characters included', async () => {
    const result = await ensure(store, guessing, {
      chunker_id: chunker.chunker_id,
      chunks: chunker.chunk(guessing),
    });
    expect(result.status).toBe('created');
    expect(result.chunks_written).toBe(chunker.chunk(guessing).length);
  });

  test('ensure is exported and takes the chunker id and the chunks from one chunker', async () => {
    const result = await ensure(store, guessing, chunker);
    expect(result.status).toBe('created');
    expect(result.chunker_id).toBe(chunker.chunker_id);
    const stored = await store.listChunks(result.version.id, chunker.chunker_id);
    const points = Array.from(guessing.canonical);
    for (const chunk of stored) {
      expect(points.slice(chunk.char_start, chunk.char_end).join('')).toBe(chunk.text);
    }
    expect((await ensure(store, guessing, chunker)).status).toBe('unchanged');
  });
});
