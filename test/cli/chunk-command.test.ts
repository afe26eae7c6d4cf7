import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerChunk } from '../../src/cli/commands/chunk.js';
import { corpusPath } from '../corpora.js';

/** `cairn chunk <args>` in-process, its standard output and error collected. */
async function chunkCommand(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((t) => out.push(String(t)) > 0);
  vi.spyOn(process.stderr, 'write').mockImplementation((t) => err.push(String(t)) > 0);
  const program = new Command().exitOverride();
  registerChunk(program);
  try {
    await program.parseAsync(['chunk', ...args], { from: 'user' });
  } finally {
    vi.restoreAllMocks();
  }
  return { out: out.join(''), err: err.join('') };
}

afterEach(() => {
  process.exitCode = undefined;
});

describe('cairn chunk on JSON', () => {
  // eCFR JSON: every string under 10000 characters, so the seed 004 default gives no units
  const file = corpusPath('ecfr-json', 'title-15-chapter-XIII.json');

  it('takes --threshold as parse and ingest do, so short string nodes can be chunked', async () => {
    const { out } = await chunkCommand(file, '--threshold', '200', '--json');
    const { chunks } = JSON.parse(out) as { chunks: { json_pointer: string }[] };
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.every((c) => c.json_pointer.startsWith('/'))).toBe(true);
  });

  it('says why a JSON file gave no chunks, and exits 1 unless --allow-empty', async () => {
    const { out, err } = await chunkCommand(file);
    expect(out).toMatch(/: 0 chunks\n$/);
    expect(err).toContain('no string node of 10000 characters or more');
    expect(err).toContain('--threshold');
    expect(process.exitCode).toBe(1);
    process.exitCode = undefined;
    const json = await chunkCommand(file, '--json');
    expect(JSON.parse(json.out).chunks).toEqual([]);
    expect(json.err).toContain('no string node of 10000 characters or more');
    expect(process.exitCode).toBe(1);
    process.exitCode = undefined;
    const allowed = await chunkCommand(file, '--allow-empty');
    expect(allowed.err).toContain('no string node of 10000 characters or more');
    expect(process.exitCode).toBeUndefined();
  });

  it('refuses a threshold that is not a positive integer', async () => {
    const { err } = await chunkCommand(file, '--threshold', '0');
    expect(err).toContain('--threshold must be a positive integer');
    expect(process.exitCode).toBe(2);
  });
});

describe('cairn chunk size flags', () => {
  const file = corpusPath('rustbook', 'ch04-00-understanding-ownership.md');

  it('says a too large overlap is the default one, and which flag lowers it', async () => {
    const { err } = await chunkCommand(file, '--chunker', 'token', '--max-tokens', '50');
    expect(err).toContain('overlap_tokens (64) must be smaller than max_chunk_tokens (50)');
    expect(err).toContain(
      "overlap_tokens is the token chunker's default; give --overlap 49 or less",
    );
    expect(process.exitCode).toBe(2);
    const { out } = await chunkCommand(
      file,
      ...['--chunker', 'token', '--max-tokens', '50', '--overlap', '8', '--json'],
    );
    expect(JSON.parse(out).chunks.length).toBeGreaterThan(1);
  });

  it('leaves an overlap the user gave to the library message', async () => {
    const { err } = await chunkCommand(
      file,
      ...['--chunker', 'char', '--max-chars', '80', '--overlap', '90'],
    );
    expect(err).toContain('overlap_chars (90) must be smaller than size_chars (80)');
    expect(err).not.toContain('default');
  });

  it('keeps the sentence chunker on characters when --max-chars comes with --overlap', async () => {
    const { out } = await chunkCommand(
      file,
      ...['--chunker', 'sentence', '--max-chars', '300', '--overlap', '20', '--json'],
    );
    const { chunker_id, chunks } = JSON.parse(out) as {
      chunker_id: string;
      chunks: { text: string; token_count: number }[];
    };
    expect(chunker_id).toMatch(/^sentence@/);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect(Array.from(chunk.text).length).toBeLessThanOrEqual(300);
      expect(chunk.token_count).toBe(Array.from(chunk.text).length);
    }
  });
});

describe('cairn chunk text output', () => {
  it('shortens a preview before an astral character it would cut in two', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-chunk-'));
    try {
      const file = join(dir, 'emoji.txt');
      writeFileSync(file, `${'a'.repeat(71)}😀 and more words\n`);
      const { out } = await chunkCommand(file, '--chunker', 'char');
      const preview = out.split('\n')[2]!;
      expect(preview).toBe(`    ${'a'.repeat(71)}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
