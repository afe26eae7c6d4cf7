import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultChunkerRegistry } from '../../src/chunk/chunker-registry.js';
import type { Chunker } from '../../src/chunk/types.js';
import { runIdsCheck } from '../../src/cli/commands/ids.js';
import { corpusPath } from '../corpora.js';
import { tempDir } from '../support/temp-dir.js';

function io(getChunker?: (id: string) => Chunker) {
  const out = { stdout: '', stderr: '' };
  return {
    out,
    io: {
      stdout: { write: (text: string) => (out.stdout += text) },
      stderr: { write: (text: string) => (out.stderr += text) },
      ...(getChunker ? { getChunker } : {}),
    },
  };
}

/** The default chunker, except that every second call shifts its chunks' parts: unstable output. */
function flakyChunker(): Chunker {
  const real = defaultChunkerRegistry().get('default');
  let calls = 0;
  return {
    ...real,
    chunker_id: real.chunker_id,
    chunk: (input) => {
      const chunks = real.chunk(input);
      calls++;
      return calls % 2 === 0
        ? chunks.map((chunk) => ({ ...chunk, block_part: (chunk.block_part ?? 0) + 1 }))
        : chunks;
    },
  };
}

describe('cairn ids check', () => {
  const chapter = corpusPath('rustbook', 'ch04-01-what-is-ownership.md');

  it('exits 0 on a clean file and says so', async () => {
    const { out, io: streams } = io();
    expect(await runIdsCheck(chapter, {}, streams)).toBe(0);
    expect(out.stdout).toMatch(
      /^1 file, \d+ chunks: chunk IDs unique, in reading order, stable on re-ingest\n$/,
    );
    expect(out.stderr).toBe('');
  });

  it('exits 1 when re-ingest is unstable, naming the issue; --json gives the report', async () => {
    const { out, io: streams } = io(() => flakyChunker());
    expect(await runIdsCheck(chapter, { json: true }, streams)).toBe(1);
    const report = JSON.parse(out.stdout);
    expect(report.ok).toBe(false);
    expect(report.files[0].issues[0].code).toBe('unstable_reingest');
  });

  it('walks a directory with progress on stderr, and a file that fails to parse fails the run', async () => {
    const dir = tempDir('cairn-ids-');
    writeFileSync(join(dir, 'a.md'), '# Title\n\nSome text.\n');
    writeFileSync(join(dir, 'b.md'), Buffer.from([0x23, 0x20, 0xff, 0xfe, 0x0a]));
    writeFileSync(join(dir, 'notes.xyz'), 'ignored');
    const { out, io: streams } = io();
    expect(await runIdsCheck(dir, {}, streams)).toBe(1);
    expect(out.stderr).toMatch(/\[1\/2\] .*a\.md: 1 chunk, ok/);
    expect(out.stderr).toMatch(/\[2\/2\] .*b\.md: 0 chunks, error invalid_utf8/);
    expect(out.stdout).toMatch(/b\.md: invalid_utf8: /);
    expect(out.stdout).toMatch(/2 files, 1 chunk: 1 with issues/);
  });

  it('walks a directory as ingest does: a dangling link, .git and hidden files are passed over', async () => {
    const dir = tempDir('cairn-ids-walk-');
    writeFileSync(join(dir, 'a.md'), '# Title\n\nSome text.\n');
    symlinkSync(join(dir, 'gone.md'), join(dir, 'dangling.md'));
    mkdirSync(join(dir, '.git'));
    writeFileSync(join(dir, '.git', 'HEAD.md'), '# Not a source\n');
    writeFileSync(join(dir, '.hidden.md'), '# Not a source\n');
    const { out, io: streams } = io();
    expect(await runIdsCheck(dir, {}, streams)).toBe(0);
    expect(out.stderr).toMatch(/^\[1\/1\] .*a\.md: 1 chunk, ok/);
    expect(out.stdout).toMatch(/^1 file, 1 chunk: chunk IDs unique/);
  });

  it('a file that gives no chunk says why, and a run without chunks says it checked none', async () => {
    const dir = tempDir('cairn-ids-empty-');
    writeFileSync(join(dir, 'short.json'), JSON.stringify({ title: 'Short strings only' }));
    const { out, io: streams } = io();
    expect(await runIdsCheck(dir, {}, streams)).toBe(0);
    expect(out.stdout).toBe(
      `${join(dir, 'short.json')}: no chunks: no string node of 10000 characters or more (see --threshold)\n` +
        '1 file, 0 chunks: no chunk to check\n',
    );
  });

  it('exits 2 on a missing path or an unknown chunker', async () => {
    const missing = io();
    expect(await runIdsCheck('/no/such/place.md', {}, missing.io)).toBe(2);
    expect(missing.out.stderr).toMatch(/file_not_found/);
    const unknown = io();
    expect(await runIdsCheck(chapter, { chunker: 'nope' }, unknown.io)).toBe(2);
    expect(unknown.out.stderr).toMatch(/unknown_chunker/);
    const threshold = io();
    expect(await runIdsCheck(chapter, { threshold: '0' }, threshold.io)).toBe(2);
    expect(threshold.out.stderr).toMatch(/--threshold must be a positive integer/);
  });

  it('exits 2 on a named file that cannot be read, as every command does (not 1, as for a parse failure)', async () => {
    // `cairn ids check /dev/null` reads no file: exit 1, "issues found", would claim it did
    const streams = io();
    expect(await runIdsCheck('/dev/null', {}, streams.io)).toBe(2);
    expect(streams.out.stdout).toMatch(/file_unreadable: \/dev\/null is not a regular file/);
    const dir = tempDir('cairn-ids-unsupported-');
    const notes = join(dir, 'notes.xyz');
    writeFileSync(notes, 'text');
    const unsupported = io();
    expect(await runIdsCheck(notes, {}, unsupported.io)).toBe(2);
    expect(unsupported.out.stdout).toMatch(/unsupported_format/);
  });

  it('says why a path cannot be read: a symbolic link loop is file_unreadable, not "No such file"', async () => {
    const dir = tempDir('cairn-ids-loop-');
    const loop = join(dir, 'loop.md');
    symlinkSync(loop, loop);
    const streams = io();
    expect(await runIdsCheck(loop, {}, streams.io)).toBe(2);
    expect(streams.out.stderr).toMatch(/^cairn: file_unreadable: Cannot read .*loop\.md: ELOOP/);
  });
});
