import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_TEXT_CHARS } from '../../src/parse/parse-input.js';
import { useCliSandbox } from '../support/cli-sandbox.js';

/**
 * One character over the default content limit, in every command, with a
 * 64 MB worker heap: parsed first, this file would not fit (micromark takes
 * many times a file's size), so the refusal has to come before the parse.
 */
const HEAP = { CAIRN_WORKER_HEAP_MB: '64' };
const sandbox = useCliSandbox('cairn-size-', {
  setup: (dir) => {
    const line = 'word '.repeat(15).concat('\n\n');
    const body = line.repeat(Math.ceil(MAX_TEXT_CHARS / line.length));
    writeFileSync(join(dir, 'big.md'), `# Big\n\n${body}`);
  },
});
const cairn = (args: string[]) => sandbox.cairn(args, HEAP);

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
