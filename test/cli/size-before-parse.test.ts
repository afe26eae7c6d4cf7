import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TEXT_CHARS } from '../../src/parse/parse-input.js';
import { type Bundle, bundleEntries } from '../store/support/bundle-entries.js';
import { runCli } from '../store/support/run-cli.js';

/**
 * One character over the default content limit, in every command, with a
 * 64 MB worker heap: parsed first, this file would not fit (micromark takes
 * many times a file's size), so the refusal has to come before the parse.
 */
let bundle: Bundle;
let dir: string;
const HEAP = { CAIRN_WORKER_HEAP_MB: '64' };

beforeAll(async () => {
  bundle = await bundleEntries({
    cli: 'test/store/support/cli-entry.ts',
    'ingest-worker': 'src/ingest/ingest-worker.ts',
  });
  dir = mkdtempSync(join(tmpdir(), 'cairn-size-'));
  const line = 'word '.repeat(15).concat('\n\n');
  const body = line.repeat(Math.ceil(MAX_TEXT_CHARS / line.length));
  writeFileSync(join(dir, 'big.md'), `# Big\n\n${body}`);
});

afterAll(() => {
  bundle?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const cairn = (args: string[]) => runCli(bundle.file('cli'), dir, args, HEAP);

describe('a Markdown file over the content limit', () => {
  it.each([
    ['parse', ['parse', 'big.md', '--json']],
    ['chunk', ['chunk', 'big.md', '--json']],
    ['ingest', ['ingest', 'big.md', '--db', 'store.db', '--json']],
  ])('is refused by %s as content_too_large before parsing, exit 1', (_name, args) => {
    const run = cairn(args);
    expect(run.stderr).toContain('content_too_large');
    expect(run.stderr).toContain('refused before parsing');
    expect(run.stderr).not.toContain('worker_out_of_memory');
    expect(run.code).toBe(1);
  });
});
