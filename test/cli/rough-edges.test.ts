import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCliSandbox } from '../support/cli-sandbox.js';

const ESC_NAME = 'a\x1b]0;owned\x07\x1b[2J.md';

/** Content that retitles the terminal (OSC), clears it (CSI), rings the bell, and reverses text. */
const HOSTILE_TEXT =
  '# Lanterns \x1b]0;owned\x07 over \u202emarsh\n\nHerons count the tide \x1b[2J while lanterns flicker \x07 over the \u202ereeds.\n';
const HOSTILE_NAME = 'lantern\u202edm.txt.md';
const RAW = ['\x1b', '\x07', '\u202e'];

const sandbox = useCliSandbox('cairn-rough-', {
  setup: (dir) => {
    mkdirSync(join(dir, 'docs'));
    // a Latin-1 file name: 0xFF is no UTF-8 byte
    writeFileSync(Buffer.from(join(dir, 'docs/caf\xff.md'), 'latin1'), '# Cafe\n\nText.\n');
    writeFileSync(join(dir, 'docs', ESC_NAME), '# Escape\n\nSome text.\n');
    mkdirSync(join(dir, 'bad'));
    writeFileSync(join(dir, 'bad', ESC_NAME), Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]));
    writeFileSync(join(dir, 'empty.jsonl'), '');
    mkdirSync(join(dir, 'hostile'));
    writeFileSync(join(dir, 'hostile', HOSTILE_NAME), HOSTILE_TEXT);
  },
});

const cairn = (args: string[]) => sandbox.cairn(args);

describe('a file name that is not UTF-8', () => {
  it('is reported as such, not as a missing file, when a folder is ingested', () => {
    const run = cairn(['ingest', 'docs', '--db', 'names.db', '--json']);
    const summary = JSON.parse(run.stdout);
    const failed = summary.documents.filter((f: { status: string }) => f.status === 'failed');
    expect(failed).toHaveLength(1);
    expect(failed[0].error.code).toBe('file_unreadable');
    expect(failed[0].error.message).toContain('not valid UTF-8');
  });

  it('named on the command line: file_unreadable, exit 2', () => {
    const run = cairn(['parse', 'docs/caf\ufffd.md']);
    expect(run.stderr).toContain('file_unreadable');
    expect(run.stderr).toContain('not valid UTF-8');
    expect(run.code).toBe(2);
  });
});

describe('terminal escapes in file names', () => {
  it('are printed escaped by ingest, in its failures and its summary', () => {
    const run = cairn(['ingest', 'bad', '--db', 'esc.db']);
    expect(run.code).toBe(1);
    expect(`${run.stdout}${run.stderr}`).toContain('a\\u001b]0;owned\\u0007\\u001b[2J.md');
    expect(run.stdout).not.toContain('\x1b');
    expect(run.stderr).not.toContain('\x1b');
  });

  it('are printed escaped by show', () => {
    expect(cairn(['ingest', 'docs', '--db', 'show.db']).code).toBe(1);
    const run = cairn(['show', `docs/${ESC_NAME}`, '--db', 'show.db']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('docs/a\\u001b]0;owned\\u0007\\u001b[2J.md');
    expect(run.stdout).not.toContain('\x1b');
    expect(run.stdout).not.toContain('\x07');
  });
});

describe('terminal escapes in file content', () => {
  it('are printed escaped by parse, chunk, list and search (their human-readable output)', () => {
    const file = `hostile/${HOSTILE_NAME}`;
    expect(cairn(['ingest', 'hostile', '--db', 'hostile.db']).code).toBe(0);
    const runs = {
      parse: cairn(['parse', file]),
      chunk: cairn(['chunk', file]),
      list: cairn(['list', '--db', 'hostile.db']),
      search: cairn(['search', 'herons tide lanterns', '--db', 'hostile.db', '--no-trace']),
    };
    for (const [name, run] of Object.entries(runs)) {
      expect(run.code, `${name}: ${run.stderr}`).toBe(0);
      // the content reaches the output, escaped
      expect(run.stdout, name).toContain(name === 'list' ? 'lantern\\u202edm' : '\\u202e');
      for (const raw of RAW) {
        expect(run.stdout.includes(raw), `${name} stdout ${JSON.stringify(raw)}`).toBe(false);
        expect(run.stderr.includes(raw), `${name} stderr ${JSON.stringify(raw)}`).toBe(false);
      }
    }
  });
});

describe('an empty corpus file', () => {
  it('is reported as empty, exit 1', () => {
    const run = cairn(['validate', 'corpus', 'empty.jsonl']);
    expect(run.stdout).toContain('empty_corpus');
    expect(run.code).toBe(1);
  });
});
