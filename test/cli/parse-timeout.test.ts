import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCliSandbox } from '../support/cli-sandbox.js';

/**
 * A wide GFM table is the slowest Markdown known to parse and chunk; this
 * one (200 columns, 72,000 rows, about 56 MB, under the text size limit)
 * takes well over a second of either on this machine. `--timeout` bounds the
 * work of any file: past it the worker is ended and the file fails with
 * `parse_timeout`. The limit counts the worker's start too (loading the
 * parsers), which can only make this file's timeout come sooner.
 */
const sandbox = useCliSandbox('cairn-timeout-', {
  setup: (dir) => {
    const cols = 200;
    const row = (cell: (i: number) => string) =>
      `|${Array.from({ length: cols }, (_, i) => cell(i)).join('|')}|\n`;
    const body = Array.from({ length: 72_000 }, (_, r) =>
      row((i) => `c${(r * cols + i) % 97}`),
    ).join('');
    writeFileSync(
      join(dir, 'wide.md'),
      `# Wide\n\n${row((i) => `h${i}`)}${row(() => '---')}${body}`,
    );
    writeFileSync(join(dir, 'small.md'), '# Small\n\n| a | b |\n|---|---|\n| 1 | 2 |\n');
  },
});

const cairn = (args: string[]) => sandbox.cairn(args);

describe('--timeout', () => {
  it('ends parse and chunk of a wide table with parse_timeout, exit 1', () => {
    for (const command of ['parse', 'chunk']) {
      const run = cairn([command, 'wide.md', '--timeout', '1', '--json']);
      expect(JSON.parse(run.stderr).error).toMatchObject({
        code: 'parse_timeout',
        details: { source: 'wide.md', timeout_ms: 1000 },
      });
      expect(run.code).toBe(1);
    }
  });

  // the limit also counts a fresh worker's start (loading the parsers), which a loaded machine
  // can stretch past seconds: the small file's outcome is not asserted, only that the run goes on
  it('fails that file in ingest, and the run goes on to the next', () => {
    const run = cairn([
      'ingest',
      'wide.md',
      'small.md',
      '--db',
      't.db',
      '--timeout',
      '5',
      '--json',
    ]);
    const summary = JSON.parse(run.stdout);
    expect(summary.files).toBe(2);
    expect(summary.documents).toHaveLength(2);
    const wide = summary.documents.find((d: { source_url: string }) => d.source_url === 'wide.md');
    expect(wide.error.code).toBe('parse_timeout');
    expect(run.code).toBe(1);
  });

  it('refuses a value that is not whole seconds, exit 2', () => {
    const run = cairn(['parse', 'small.md', '--timeout', '0.5']);
    expect(run.stderr).toContain('--timeout must be a whole number of seconds');
    expect(run.code).toBe(2);
  });
});
