import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerChunk } from '../../src/cli/commands/chunk.js';
import { registerIngest } from '../../src/cli/commands/ingest.js';

/** `cairn <args>` in-process with one command registered, its output collected. */
async function cairn(register: (program: Command) => void, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((t) => out.push(String(t)) > 0);
  vi.spyOn(process.stderr, 'write').mockImplementation((t) => err.push(String(t)) > 0);
  const program = new Command().exitOverride();
  register(program);
  try {
    await program.parseAsync(args, { from: 'user' });
  } finally {
    vi.restoreAllMocks();
  }
  const code = process.exitCode ?? 0;
  process.exitCode = undefined;
  return { out: out.join(''), err: err.join(''), code };
}

let dir: string;
const WORDS = 'The quick brown fox jumps over the lazy dog again. ';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cairn-limits-'));
  writeFileSync(join(dir, 'big.txt'), WORDS.repeat(100)); // 5100 characters
  writeFileSync(join(dir, 'small.txt'), WORDS.repeat(2));
  writeFileSync(
    join(dir, 'record.json'),
    // /b/0 is over the char chunker's 10000-character threshold, so it is cut; /a stays whole
    JSON.stringify({ a: WORDS.repeat(10), b: [WORDS.repeat(250)] }),
  );
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

afterEach(() => {
  process.exitCode = undefined;
});

describe("seed 004's safety limits from the command line", () => {
  it('cairn chunk --max-content-chars refuses a text over it (content_too_large, exit 1)', async () => {
    const file = join(dir, 'big.txt');
    const within = await cairn(registerChunk, 'chunk', file, '--chunker', 'char', '--json');
    expect(within.code).toBe(0);
    const over = await cairn(
      registerChunk,
      'chunk',
      file,
      '--chunker',
      'char',
      '--max-content-chars',
      '5000',
      '--json',
    );
    expect(over.code).toBe(1);
    expect(JSON.parse(over.err).error).toMatchObject({
      code: 'content_too_large',
      details: { received: 5100, max: 5000 },
    });
  });

  it('cairn chunk --max-chunks-per-node counts per JSON string node', async () => {
    const file = join(dir, 'record.json');
    const args = ['chunk', file, '--chunker', 'char', '--max-chars', '1000', '--overlap', '0'];
    const all = await cairn(registerChunk, ...args, '--threshold', '10', '--json');
    expect(all.code).toBe(0);
    const perNode = new Map<string, number>();
    for (const chunk of JSON.parse(all.out).chunks as { json_pointer: string }[])
      perNode.set(chunk.json_pointer, (perNode.get(chunk.json_pointer) ?? 0) + 1);
    const most = Math.max(...perNode.values());
    expect(perNode.get('/a')).toBe(1);
    expect(most).toBeGreaterThan(10);
    const at = await cairn(
      registerChunk,
      ...args,
      '--threshold',
      '10',
      '--max-chunks-per-node',
      String(most),
      '--json',
    );
    expect(at.code).toBe(0);
    const under = await cairn(
      registerChunk,
      ...args,
      '--threshold',
      '10',
      '--max-chunks-per-node',
      String(most - 1),
      '--json',
    );
    expect(under.code).toBe(1);
    expect(JSON.parse(under.err).error).toMatchObject({
      code: 'too_many_chunks',
      details: { max: most - 1, json_pointer: '/b/0' },
    });
  });

  it('cairn ingest: a file over a limit fails alone, the others are stored', async () => {
    const db = join(dir, 'ingest.db');
    const run = await cairn(
      registerIngest,
      'ingest',
      join(dir, 'big.txt'),
      join(dir, 'small.txt'),
      '--db',
      db,
      '--workers',
      '0',
      '--chunker',
      'char',
      '--max-content-chars',
      '1000',
      '--json',
    );
    expect(run.code).toBe(1);
    const summary = JSON.parse(run.out);
    const byName = new Map(
      (summary.documents as { source_url: string; status: string; error?: { code: string } }[]).map(
        (d) => [d.source_url.split('/').pop(), d],
      ),
    );
    expect(byName.get('big.txt')).toMatchObject({
      status: 'failed',
      error: { code: 'content_too_large' },
    });
    expect(byName.get('small.txt')?.status).toBe('created');
  });

  it('a limit that is not a whole number of at least 1 is a usage error (exit 2)', async () => {
    for (const bad of ['0', '-3', '1.5', 'lots', '1e3']) {
      const run = await cairn(
        registerChunk,
        'chunk',
        join(dir, 'small.txt'),
        '--max-chunks-per-node',
        bad,
        '--json',
      );
      expect([run.code, JSON.parse(run.err).error.code], bad).toEqual([2, 'invalid_option']);
    }
    const ingest = await cairn(
      registerIngest,
      'ingest',
      join(dir, 'small.txt'),
      '--db',
      join(dir, 'never.db'),
      '--max-content-chars',
      '0',
    );
    expect(ingest.code).toBe(2);
  });
});
