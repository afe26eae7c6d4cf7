import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { corpusPath } from '../corpora.js';
import { type Bundle, bundleEntries } from './support/bundle-entries.js';
import { runCli } from './support/run-cli.js';

let bundle: Bundle;
let dir: string;

beforeAll(async () => {
  bundle = await bundleEntries({
    cli: 'test/store/support/cli-entry.ts',
    'ingest-worker': 'src/ingest/ingest-worker.ts',
  });
  dir = mkdtempSync(join(tmpdir(), 'cairn-cli-'));
  mkdirSync(join(dir, 'book'));
  for (const name of ['ch04-00-understanding-ownership.md', 'ch06-00-enums.md']) {
    copyFileSync(corpusPath('rustbook', name), join(dir, 'book', name));
  }
  writeFileSync(join(dir, 'book', 'broken.md'), Buffer.from([0x41, 0xff, 0x0a]));
});

afterAll(() => {
  bundle?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** `cairn <args>` in the test folder, on the default database `.cairn/cairn.db`. */
function cairn(...args: string[]) {
  return runCli(bundle.file('cli'), dir, args);
}

describe('cairn ingest / show / resolve', () => {
  let firstId: string;

  test('ingest prints a summary, reports the broken file with its code, exits 1, and offers an ID to show', () => {
    const run = cairn('ingest', 'book');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/Ingested 3 files \(.*\) into .*\.cairn\/cairn\.db/);
    expect(run.stdout).toContain('2 created, 0 updated, 0 unchanged, 1 failed');
    expect(run.stdout).toContain('failed: book/broken.md: invalid_utf8');
    const offered = /Show a chunk: npx cairn show '(.+)'/.exec(run.stdout);
    expect(offered).not.toBeNull();
    firstId = offered![1]!;
    // plain progress lines go to stderr, never to stdout
    expect(run.stderr).toContain('book/broken.md: invalid_utf8');
  });

  test('a run whose every file failed says nothing was ingested', () => {
    const run = cairn('ingest', 'book/broken.md', '--db', 'broken-only.db');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^Ingested nothing: the file failed/);
    expect(run.stdout).not.toMatch(/Ingested 1 file/);
    expect(run.stdout).toContain('failed: book/broken.md: invalid_utf8');
  });

  test('show <chunk_id> prints the chunk with its span in context', () => {
    const run = cairn('show', firstId);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`chunk    ${firstId}`);
    expect(run.stdout).toMatch(/span {5}\[0, \d+\) code points/);
    expect(run.stdout).toContain('>>>');
    const json = JSON.parse(cairn('show', firstId, '--json').stdout);
    expect(json.status).toBe('live');
    const source = readFileSync(join(dir, json.document.source_url), 'utf8');
    expect(Array.from(source).slice(json.chunk.char_start, json.chunk.char_end).join('')).toBe(
      json.chunk.text,
    );
  });

  test('show <document> lists its current chunks; by path or by doc_uid', () => {
    const byPath = cairn('show', 'book/ch06-00-enums.md');
    expect(byPath.code).toBe(0);
    expect(byPath.stdout).toMatch(/book\/ch06-00-enums.md {2}doc_uid \w+ {2}version 1 of 1/);
    const json = JSON.parse(cairn('show', 'book/ch06-00-enums.md', '--json').stdout);
    expect(json.chunks.length).toBeGreaterThan(0);
    const byUid = JSON.parse(cairn('show', json.document.doc_uid, '--json').stdout);
    expect(byUid.chunks).toEqual(json.chunks);
  });

  test('after an edit, resolve follows an old ID to the live chunk, and resolve and show exit 1 for deleted text; a second ingest skips unchanged files', () => {
    const path = join(dir, 'book', 'ch04-00-understanding-ownership.md');
    const before = JSON.parse(
      cairn('show', 'book/ch04-00-understanding-ownership.md', '--json').stdout,
    );
    writeFileSync(
      path,
      `# A new title that replaces the old\n\nA whole new text, nothing like before.\n`,
    );
    const run = JSON.parse(cairn('ingest', 'book', '--json').stdout);
    expect(run).toMatchObject({ updated: 1, unchanged: 1, failed: 1 });
    const old = before.chunks[0].chunk_id;
    const resolved = cairn('resolve', old, '--json');
    const json = JSON.parse(resolved.stdout);
    // the whole text was replaced: the ID leads to its nearest survivor, which is not its text
    expect(json).toMatchObject({ status: 'live', text_deleted: true });
    expect(json.hops.length).toBeGreaterThan(0);
    expect(json.hops[0]).toMatchObject({ from: old, kind: 'deleted' });
    expect(resolved.code).toBe(1);
    // show says the same with its exit code, in text and in JSON
    const shown = cairn('show', old);
    expect(shown.stdout).toContain(`the text ${old} named was deleted`);
    expect(shown.code).toBe(1);
    expect(cairn('show', old, '--json').code).toBe(1);
    const text = cairn('resolve', old).stdout;
    expect(text).toContain(`redirect ${old} ->`);
    expect(text).toContain(`the text ${old} named was deleted`);
  });

  test("chunk --db derives another chunker's chunks from the stored texts, once", () => {
    const first = cairn('chunk', '--db', '.cairn/cairn.db', '--chunker', 'char', '--json');
    expect(first.code).toBe(0);
    const summary = JSON.parse(first.stdout);
    expect(summary.chunker_id).toMatch(/^char@/);
    expect(summary).toMatchObject({ versions: 2, chunked: 2, present: 0 });
    expect(summary.chunks_written).toBeGreaterThan(0);
    const again = JSON.parse(
      cairn('chunk', '--db', '.cairn/cairn.db', '--chunker', 'char', '--json').stdout,
    );
    expect(again).toMatchObject({ versions: 2, chunked: 0, present: 2, chunks_written: 0 });
    const both = cairn('chunk', 'book/ch06-00-enums.md', '--db', '.cairn/cairn.db');
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('invalid_option');
  });

  test("a stored document with nothing to cite is named, with the threshold that left a JSON file empty; show names a JSON chunk's pointer", () => {
    writeFileSync(
      join(dir, 'short.json'),
      JSON.stringify({ title: 'Short', body: 'Only a few words.' }),
    );
    const run = cairn('ingest', 'short.json', '--db', 'json.db');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      'no chunks: short.json: no string node of 10000 characters or more (see --threshold)',
    );
    const allowed = cairn('ingest', 'short.json', '--db', 'allowed.db', '--allow-empty');
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toContain('no chunks: short.json');
    const lower = cairn('ingest', 'short.json', '--db', 'json.db', '--threshold', '5');
    expect(lower.stdout).not.toContain('no chunks:');
    // show names the string node a JSON chunk lies in
    const id = /Show a chunk: npx cairn show '(.+)'/.exec(lower.stdout)![1]!;
    const shown = cairn('show', id, '--db', 'json.db');
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/^pointer {2}\/(title|body)$/m);
  });

  test('--format on a file whose text is stored unchanged says that the stored format stays', () => {
    writeFileSync(join(dir, 'notes.md'), '# Notes\n\nSome text to keep.\n');
    expect(cairn('ingest', 'notes.md', '--db', 'format.db').code).toBe(0);
    const again = cairn('ingest', 'notes.md', '--db', 'format.db', '--format', 'text', '--json');
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout).documents[0]).toMatchObject({
      status: 'unchanged',
      kept_format: 'markdown',
    });
    const text = cairn('ingest', 'notes.md', '--db', 'format.db', '--format', 'text').stdout;
    expect(text).toContain('kept as markdown: notes.md: its text is stored unchanged');
    // the same format as stored, or none given: nothing to say
    for (const args of [['--format', 'markdown'], []])
      expect(cairn('ingest', 'notes.md', '--db', 'format.db', ...args).stdout).not.toContain(
        'kept as',
      );
  });

  test('a size flag the chunker would ignore is refused, naming the one it takes', () => {
    const file = 'book/ch06-00-enums.md';
    const chars = cairn('chunk', file, '--chunker', 'char', '--max-tokens', '100');
    expect(chars.code).toBe(2);
    expect(chars.stderr).toContain('--max-tokens does not apply to the char chunker');
    expect(chars.stderr).toContain('--max-chars');
    const tokens = cairn('chunk', file, '--chunker', 'token', '--max-chars', '100');
    expect(tokens.code).toBe(2);
    expect(tokens.stderr).toContain('--max-chars does not apply to the token chunker');
    // sentence packs under either budget
    expect(cairn('chunk', file, '--chunker', 'sentence', '--max-chars', '300').code).toBe(0);
  });

  test('malformed and unknown IDs, and a chunker the store lacks, are clear typed errors', () => {
    const malformed = cairn('resolve', 'abc|r=xyz|s=-|p=000|b=001');
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toContain('malformed_chunk_id');
    const unknown = cairn('resolve', 'nosuchdoc|r=0123abcd|s=-|p=000|b=001', '--json');
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stderr).error.code).toBe('chunk_not_found');
    // an ID whose document is stored but whose rev is wrong: the error shows a current ID to compare with
    const [docUid] = firstId.split('|');
    const wrongRev = cairn('resolve', `${docUid}|r=deadbeef|s=01-|p=000|b=001`, '--json');
    expect(wrongRev.code).toBe(1);
    const error = JSON.parse(wrongRev.stderr).error;
    expect(error.code).toBe('chunk_not_found');
    expect(error.message).toContain(`its document ${docUid} (book/`);
    expect(error.details.current_example).toMatch(new RegExp(`^${docUid}\\|r=[0-9a-f]{8}\\|`));
    expect(error.details.current_example).not.toContain('r=deadbeef');
    const noDoc = cairn('show', 'no/such/file.md');
    expect(noDoc.code).toBe(1);
    expect(noDoc.stderr).toContain('document_not_found');
    // a --chunker the store has no chunks of is unknown_chunker naming the stored ones (exit 2), as search says
    for (const args of [
      ['resolve', firstId],
      ['show', firstId],
      ['show', 'book/ch06-00-enums.md'],
    ]) {
      const typo = cairn(...args, '--chunker', 'strucure', '--json');
      expect(typo.code, args.join(' ')).toBe(2);
      expect(JSON.parse(typo.stderr).error).toMatchObject({
        code: 'unknown_chunker',
        details: {
          stored_chunkers: expect.arrayContaining([expect.stringMatching(/^structure@/)]),
        },
      });
    }
  });

  test('show reads an argument with "|" as a chunk ID: a malformed one is malformed_chunk_id, as resolve says, unless a document is stored under that path', () => {
    const id = `${firstId.split('|')[0]}|r=zzzz|s=01-|p=000|b=001`;
    const shown = cairn('show', id);
    const resolved = cairn('resolve', id);
    expect(shown.code).toBe(1);
    expect(shown.stderr).toMatch(/^cairn: malformed_chunk_id: /);
    expect(shown.stderr).toBe(resolved.stderr);
    mkdirSync(join(dir, 'odd'));
    copyFileSync(corpusPath('rustbook', 'ch06-00-enums.md'), join(dir, 'odd', 'a|b.md'));
    expect(cairn('ingest', 'odd/a|b.md').code).toBe(0);
    const byPath = cairn('show', 'odd/a|b.md');
    expect(byPath.stderr).toBe('');
    expect(byPath.stdout).toMatch(/^odd\/a\|b\.md {2}doc_uid /);
  });

  test('show with an empty target or a bad --context is a usage error (exit 2), before any store is read', () => {
    for (const target of ['', '  ']) {
      const run = cairn('show', target, '--db', 'no/such/dir/x.db');
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^cairn: invalid_option: /);
    }
    // so is a --context that is not a whole number, for a document as for a chunk ID
    for (const target of ['book/ch06-00-enums.md', 'no/such/file.md']) {
      const run = cairn('show', target, '--context', 'abc');
      expect(run.code, target).toBe(2);
      expect(run.stderr).toBe(
        'cairn: invalid_option: --context must be a whole number, got "abc"\n',
      );
    }
  });

  test('show, search and chunk --db on a folder without a database say so (exit 2) instead of creating one', () => {
    const empty = mkdtempSync(join(tmpdir(), 'cairn-empty-'));
    try {
      const child = spawnSync(process.execPath, [bundle.file('cli'), 'show', 'x.md'], {
        cwd: empty,
        encoding: 'utf8',
        env: { ...process.env, CAIRN_DB: '' },
      });
      expect(child.status).toBe(2);
      expect(child.stderr).toContain('store_unavailable');
      expect(() => readFileSync(join(empty, '.cairn', 'cairn.db'))).toThrow();
      // search writes traces and late chunking writes chunks, but neither creates a store
      for (const args of [
        ['search', 'ownership'],
        ['chunk', '--db', 'typo/cairn.db', '--chunker', 'char'],
      ]) {
        const run = spawnSync(process.execPath, [bundle.file('cli'), ...args], {
          cwd: empty,
          encoding: 'utf8',
          env: { ...process.env, CAIRN_DB: '' },
        });
        expect(run.status, args.join(' ')).toBe(2);
        expect(run.stderr).toContain('store_unavailable: No database at');
        expect(readdirSync(empty)).toEqual([]);
      }
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('cairn ingest summary', () => {
  test('past 20 failed files the summary says how many more there are', () => {
    const root = mkdtempSync(join(tmpdir(), 'cairn-cli-failed-'));
    try {
      for (let i = 0; i < 23; i++)
        writeFileSync(join(root, `broken-${String(i).padStart(2, '0')}.md`), Buffer.from([0xff]));
      const run = runCli(bundle.file('cli'), root, [
        'ingest',
        '.',
        '--db',
        'x.db',
        '--no-progress',
      ]);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('0 created, 0 updated, 0 unchanged, 23 failed');
      expect(run.stdout.match(/^ {2}failed: broken-/gm)).toHaveLength(20);
      expect(run.stdout).toContain('  failed: 3 more (--json lists every file)');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('cairn ingest and folders it cannot read', () => {
  test('a folder below an input that cannot be listed is a failed entry (exit 1), a named one file_unreadable (exit 2)', () => {
    const root = mkdtempSync(join(tmpdir(), 'cairn-cli-unreadable-'));
    try {
      mkdirSync(join(root, 'docs', 'locked'), { recursive: true });
      copyFileSync(corpusPath('rustbook', 'ch06-00-enums.md'), join(root, 'docs', 'enums.md'));
      copyFileSync(
        corpusPath('rustbook', 'ch18-00-oop.md'),
        join(root, 'docs', 'locked', 'oop.md'),
      );
      chmodSync(root, 0o777);
      chmodSync(join(root, 'docs'), 0o755);
      chmodSync(join(root, 'docs', 'locked'), 0o000);
      // root reads any folder whatever its mode: run as an ordinary user then
      const as = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
      const run = (...args: string[]) =>
        spawnSync(process.execPath, [bundle.file('cli'), 'ingest', ...args, '--db', 'x.db'], {
          cwd: root,
          encoding: 'utf8',
          env: { ...process.env, CAIRN_DB: '' },
          ...as,
        });
      const walked = run('docs', '--json');
      expect(walked.status, walked.stderr).toBe(1);
      const summary = JSON.parse(walked.stdout);
      expect(summary).toMatchObject({ created: 1, failed: 1 });
      expect(
        summary.documents.find((d: { status: string }) => d.status === 'failed'),
      ).toMatchObject({
        source_url: 'docs/locked',
        error: { code: 'file_unreadable', message: 'Cannot read folder docs/locked: EACCES' },
      });
      const named = run('docs/locked');
      expect(named.status).toBe(2);
      expect(named.stderr).toContain('file_unreadable: Cannot read folder docs/locked: EACCES');
      // cairn ids check walks folders the same way: the locked one fails the check
      const check = (path: string) =>
        spawnSync(process.execPath, [bundle.file('cli'), 'ids', 'check', path, '--json'], {
          cwd: root,
          encoding: 'utf8',
          ...as,
        });
      const checked = check('docs');
      expect(checked.status, checked.stderr).toBe(1);
      expect(JSON.parse(checked.stdout).files).toEqual([
        expect.objectContaining({
          path: 'docs/locked',
          ok: false,
          error: { code: 'file_unreadable', message: 'Cannot read folder docs/locked: EACCES' },
        }),
        expect.objectContaining({ path: 'docs/enums.md', ok: true }),
      ]);
      expect(check('docs/locked').status).toBe(2);
    } finally {
      chmodSync(join(root, 'docs', 'locked'), 0o755);
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('cairn ingest into a folder it may not write', () => {
  test('a database whose folder cannot be made or written is store_readonly (exit 2), saying which folder', () => {
    const root = mkdtempSync(join(tmpdir(), 'cairn-cli-rofolder-'));
    try {
      copyFileSync(corpusPath('rustbook', 'ch06-00-enums.md'), join(root, 'enums.md'));
      chmodSync(root, 0o555);
      // root writes any folder whatever its mode: run as an ordinary user then
      const as = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
      const run = (...args: string[]) =>
        spawnSync(process.execPath, [bundle.file('cli'), 'ingest', 'enums.md', ...args], {
          cwd: root,
          encoding: 'utf8',
          env: { ...process.env, CAIRN_DB: '' },
          ...as,
        });
      const made = run();
      expect(made.status, made.stderr).toBe(2);
      expect(made.stderr).toContain(
        `cairn: store_readonly: Cannot make the folder ${join(root, '.cairn')} for the database`,
      );
      const created = run('--db', 'new.db');
      expect(created.status, created.stderr).toBe(2);
      expect(created.stderr).toContain(
        `cairn: store_readonly: Cannot create the database ${join(root, 'new.db')}: its folder is read-only`,
      );
      expect(readdirSync(root)).toEqual(['enums.md']);
    } finally {
      chmodSync(root, 0o755);
      rmSync(root, { recursive: true, force: true });
    }
  });

  test.skipIf(process.platform !== 'linux')(
    'a database folder that cannot be made under /proc fails at once (Node recursive mkdir never returns there)',
    () => {
      const run = spawnSync(
        process.execPath,
        [
          bundle.file('cli'),
          'ingest',
          corpusPath('rustbook', 'ch06-00-enums.md'),
          '--db',
          '/proc/cairn-nope/x.db',
        ],
        { encoding: 'utf8', timeout: 20_000, env: { ...process.env, CAIRN_DB: '' } },
      );
      expect(run.error).toBeUndefined();
      expect(run.status, run.stderr).toBe(2);
      expect(run.stderr).toContain(
        'cairn: store_unavailable: Cannot make the folder /proc/cairn-nope for the database /proc/cairn-nope/x.db (ENOENT)',
      );
    },
  );
});

describe('cairn ingest and Ctrl-C', () => {
  test('SIGINT stops the run between files: a summary of what was stored, the interrupted code, exit 130, promptly', async () => {
    const db = join(dir, 'interrupted.db');
    const child = spawn(
      process.execPath,
      [bundle.file('cli'), 'ingest', corpusPath('ecfr', 'title-12'), '--db', db, '--workers', '1'],
      { cwd: dir },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (data) => {
      stdout += String(data);
    });
    child.stderr.on('data', (data) => {
      stderr += String(data);
    });
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    // The handler is set before the store is opened: once the database file exists, Ctrl-C is
    // the command's to handle. Title 12 (16 MB, 17 files) takes seconds more: the signal lands mid-run.
    const started = Date.now();
    while (!existsSync(db) && Date.now() - started < 20_000)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    child.kill('SIGINT');
    const code = await exited;
    expect(code, stderr).toBe(130);
    expect(stderr).toContain('cairn: interrupted: stopping after the file being written');
    expect(stderr).toMatch(/cairn: interrupted: Interrupted after \d+ of 17 files/);
    const done = /Stopped after (\d+) of 17 files/.exec(stdout);
    expect(done, stdout).not.toBeNull();
    expect(Number(done![1])).toBeLessThan(17);
    // Ctrl-C is no error: the summary says so rather than pointing at an error below it
    expect(stdout).toContain('interrupted by Ctrl-C');
    expect(stdout).not.toContain('error below');
    // the store holds exactly the files the summary counts, and a rerun skips them
    const rerun = runCli(bundle.file('cli'), dir, [
      'ingest',
      corpusPath('ecfr', 'title-12', 'chapter-0.md'),
      '--db',
      db,
      '--json',
    ]);
    expect(JSON.parse(rerun.stdout).unchanged).toBe(Number(done![1]) > 0 ? 1 : 0);
  }, 60_000);
});

describe('cairn commands, each loaded when named', () => {
  test('the root help lists every command, and a command names its own options', () => {
    const root = cairn('--help');
    expect(root.code).toBe(0);
    const commands = 'parse chunk ingest show resolve search ids eval serve export validate';
    for (const name of commands.split(' '))
      expect(root.stdout).toMatch(new RegExp(`^  ${name}\\b`, 'm'));
    const show = cairn('show', '--help');
    expect(show.code).toBe(0);
    expect(show.stdout).toContain('--context <chars>');
    const validate = cairn('validate', '--help');
    expect(validate.stdout).toMatch(/^ {2}corpus\b/m);
    expect(validate.stdout).toMatch(/^ {2}citations\b/m);
  });

  test('output into a pipe its reader has closed ends the command quietly', async () => {
    const child = spawn(process.execPath, [bundle.file('cli'), '--help'], { cwd: dir });
    // closed before the CLI has started, so its first write finds no reader
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (data) => {
      stderr += String(data);
    });
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  test('a mistyped command is a usage error that suggests the right one', () => {
    const typo = cairn('shwo', 'x');
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("unknown command 'shwo'");
    expect(typo.stderr).toContain('show');
  });
});
