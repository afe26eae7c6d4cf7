import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { describe, expect, test } from 'vitest';
import { registerEval, runEvalSquad } from '../../src/cli/commands/eval.js';
import { corpusPath } from '../corpora.js';
import { captureIo } from '../support/capture-io.js';
import { tempDir } from '../support/temp-dir.js';

describe('cairn eval squad on files that are not SQuAD', () => {
  test('a Markdown file is malformed_json with line and column, exit 1, no stack', async () => {
    const file = corpusPath('rustbook', 'ch04-03-slices.md');
    const c = captureIo();
    expect(await runEvalSquad(file, {}, c.io)).toBe(1);
    expect(c.err()).toMatch(
      /^cairn: malformed_json: Malformed JSON in .*ch04-03-slices\.md at line 1 column 1: /,
    );
    expect(c.err()).not.toMatch(/\n\s+at /);
    expect(c.out()).toBe('');
  });

  test('{"data":[]} is no_questions, exit 1, and prints no table of zeros', async () => {
    const file = join(tempDir('cairn-eval-cli-'), 'empty.json');
    writeFileSync(file, '{"data":[]}');
    const c = captureIo();
    expect(await runEvalSquad(file, { json: true }, c.io)).toBe(1);
    expect(JSON.parse(c.err())).toMatchObject({ error: { code: 'no_questions' } });
    expect(c.out()).toBe('');
  });

  test('an unknown chunker after a known one is a usage error before anything is stored', async () => {
    const dir = tempDir('cairn-eval-cli-');
    const db = join(dir, 'eval.db');
    const file = new URL('./fixtures/mini-squad.json', import.meta.url).pathname;
    const c = captureIo();
    expect(await runEvalSquad(file, { db, chunker: ['char', 'nope'] }, c.io)).toBe(2);
    expect(c.err()).toMatch(/^cairn: unknown_chunker: Unknown chunker "nope"/);
    expect(existsSync(db)).toBe(false);
    expect(c.out()).toBe('');
  });
});

describe('cairn eval squad -k', () => {
  test('only digits: 0x10, 1e1, 10.0 and " 7" are usage errors, not 16, 10, 10 and 7', async () => {
    const file = new URL('./fixtures/mini-squad.json', import.meta.url).pathname;
    for (const k of ['0x10', '1e1', '10.0', ' 7']) {
      const c = captureIo();
      expect(await runEvalSquad(file, { k, chunker: ['char'] }, c.io)).toBe(2);
      expect(c.err()).toBe(
        `cairn: invalid_option: -k must be a whole number from 1 to 1000, got "${k}"\n`,
      );
    }
  });
});

describe('cairn eval squad with the file after --chunker', () => {
  test('the list of chunkers took the file: exit 2 saying to put the file first, not "Unknown chunker" or a bare "missing argument"', async () => {
    const file = new URL('./fixtures/mini-squad.json', import.meta.url).pathname;
    const c = captureIo();
    expect(await runEvalSquad(undefined, { chunker: ['char', file] }, c.io)).toBe(2);
    expect(c.err()).toBe(
      `cairn: invalid_option: No SQuAD file given, and --chunker took "${file}" as a chunker: it takes every word after it, so give the file first (cairn eval squad <file> --chunker char token) or end the chunkers with --\n`,
    );
    const bare = captureIo();
    expect(await runEvalSquad(undefined, {}, bare.io)).toBe(2);
    expect(bare.err()).toBe(
      'cairn: invalid_option: No SQuAD file given: cairn eval squad <file>, e.g. ../shared/corpora/squad/dev-v1.1.json\n',
    );
  });
});

describe('cairn eval squad progress', () => {
  test('one line per chunker on stderr, with and without --db; stdout is the report alone', async () => {
    const file = new URL('./fixtures/mini-squad.json', import.meta.url).pathname;
    const db = join(tempDir('cairn-eval-cli-'), 'eval.db');
    for (const flags of [{}, { db }]) {
      const c = captureIo();
      expect(
        await runEvalSquad(file, { ...flags, chunker: ['char', 'token'], json: true }, c.io),
      ).toBe(0);
      expect(c.err()).toMatch(
        /^\[1\/2\] char: \d+ questions, hit@1 \d\.\d{3} \(\d+\.\d s\)\n\[2\/2\] token: \d+ questions, hit@1 \d\.\d{3} \(\d+\.\d s\)\n$/,
      );
      expect(JSON.parse(c.out()).results.map((r: { chunker: string }) => r.chunker)).toEqual([
        'char',
        'token',
      ]);
    }
  });
});

describe('cairn eval squad and Ctrl-C', () => {
  test('SIGINT stops the run: interrupted, exit 130, and the temporary stores are removed', async () => {
    const file = new URL('./fixtures/mini-squad.json', import.meta.url).pathname;
    const tmp = tempDir('cairn-eval-sigint-');
    const before = process.env.TMPDIR;
    const listeners = process.listenerCount('SIGINT');
    process.env.TMPDIR = tmp; // where the run makes its fresh stores (os.tmpdir())
    try {
      const c = captureIo();
      const run = runEvalSquad(file, { chunker: ['char', 'token'] }, c.io);
      // the handler is set before the first await; emit reaches it, as Ctrl-C would
      expect(process.emit('SIGINT')).toBe(true);
      expect(await run).toBe(130);
      expect(c.err()).toMatch(/^cairn: interrupted: /);
      expect(c.out()).toBe('');
      expect(readdirSync(tmp)).toEqual([]);
    } finally {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
    }
    expect(process.listenerCount('SIGINT')).toBe(listeners);
  });
});

describe('cairn eval squad --help', () => {
  test('says what the metrics measure, what exits mean, and gives examples', async () => {
    let out = '';
    const program = new Command().exitOverride().configureOutput({ writeOut: (t) => (out += t) });
    registerEval(program);
    await expect(
      program.parseAsync(['eval', 'squad', '--help'], { from: 'user' }),
    ).rejects.toThrow();
    expect(out).toMatch(
      /a hit is a retrieved chunk\nof the question's own article whose span covers a gold answer/,
    );
    expect(out).toMatch(/\n {2}MRR {7}mean of 1\/rank/);
    expect(out).toMatch(/\nExit status: 0 report printed, 1 /);
    expect(out).toMatch(/\nExamples:\n {2}cairn eval squad /);
  });
});
