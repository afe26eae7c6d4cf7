import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { makeSampleDocs } from '../../test/support/sample-docs.js';
import { collectSources } from './collect-sources.js';

let dir: string;
let docs: string;

beforeEach(() => {
  ({ dir, docs } = makeSampleDocs('cairn-collect-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('collectSources', () => {
  test('follows symbolic links to files and folders, and walks a folder reached twice once', async () => {
    const linked = join(dir, 'linked');
    mkdirSync(linked);
    symlinkSync(join(docs, 'book', 'ch06-00-enums.md'), join(linked, 'enums.md'));
    symlinkSync(join(docs, 'book'), join(linked, 'book'));
    // a link back up the tree, and one that points nowhere
    symlinkSync(linked, join(linked, 'loop'));
    symlinkSync(join(dir, 'gone.md'), join(linked, 'gone.md'));
    const found = await collectSources(['linked'], { cwd: dir });
    const book = (await collectSources(['docs/book'], { cwd: dir })).map((f) =>
      f.source_url.replace('docs/book/', 'linked/book/'),
    );
    expect(found.map((f) => f.source_url)).toEqual([...book, 'linked/enums.md'].sort());
  });

  test('walks folders for supported formats, expands globs (walking the folders they name), sorts, and refuses what names nothing', async () => {
    writeFileSync(join(docs, 'image.png'), 'not a document');
    mkdirSync(join(docs, '.git'));
    writeFileSync(join(docs, '.git', 'HEAD.md'), 'hidden');
    const walked = await collectSources(['docs'], { cwd: dir });
    expect(walked.map((f) => f.source_url)).toHaveLength(6);
    expect(
      walked.every((f) => !f.source_url.includes('.git') && !f.source_url.endsWith('.png')),
    ).toBe(true);
    const globbed = await collectSources(['docs/**/*.md'], { cwd: dir });
    expect(globbed.map((f) => f.source_url)).toEqual(
      walked.filter((f) => f.source_url.endsWith('.md')).map((f) => f.source_url),
    );
    // a glob that names a folder walks it, as the shell's expansion of it would
    const folders = await collectSources(['doc*'], { cwd: dir });
    expect(folders.map((f) => f.source_url)).toEqual(walked.map((f) => f.source_url));
    expect((await collectSources(['docs/b*'], { cwd: dir })).map((f) => f.source_url)).toEqual(
      walked.filter((f) => f.source_url.startsWith('docs/book/')).map((f) => f.source_url),
    );
    // the same files through an absolute glob and one written with a leading ./
    const absolute = await collectSources([`${docs}/**/*.md`], { cwd: dir });
    expect(absolute.map((f) => f.source_url)).toEqual(globbed.map((f) => f.source_url));
    const dotted = await collectSources(['./docs/**/*.md'], { cwd: dir });
    expect(dotted.map((f) => f.source_url)).toEqual(globbed.map((f) => f.source_url));
    // a file named explicitly is taken, so an unsupported one is reported rather than dropped
    expect(
      (await collectSources(['docs/image.png'], { cwd: dir })).map((f) => f.source_url),
    ).toEqual(['docs/image.png']);
    await expect(collectSources(['nowhere'], { cwd: dir })).rejects.toMatchObject({
      code: 'file_not_found',
    });
    await expect(collectSources(['docs/*.nothing'], { cwd: dir })).rejects.toMatchObject({
      code: 'file_not_found',
    });
  });

  test('refuses a folder with nothing to ingest and a named path that is not a regular file or cannot be read', async () => {
    mkdirSync(join(dir, 'images'));
    writeFileSync(join(dir, 'images', 'a.png'), 'not a document');
    await expect(collectSources(['images'], { cwd: dir })).rejects.toMatchObject({
      code: 'file_not_found',
      message: expect.stringContaining('No supported files under images'),
    });
    // a FIFO would block the reader forever: refused before anything opens it
    execFileSync('mkfifo', [join(dir, 'pipe.md')]);
    await expect(collectSources(['pipe.md'], { cwd: dir })).rejects.toMatchObject({
      code: 'file_unreadable',
    });
    // a symbolic link loop is there but cannot be read: not "no such file"
    symlinkSync('loop-b.md', join(dir, 'loop-a.md'));
    symlinkSync('loop-a.md', join(dir, 'loop-b.md'));
    await expect(collectSources(['loop-a.md'], { cwd: dir })).rejects.toMatchObject({
      code: 'file_unreadable',
      message: 'Cannot read loop-a.md: ELOOP',
    });
    // a walk skips it, as it skips every entry that is not a file or a folder
    expect((await collectSources(['.'], { cwd: dir })).map((f) => f.source_url)).not.toContain(
      'pipe.md',
    );
  });
});
