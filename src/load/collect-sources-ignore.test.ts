import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { collectSources } from './collect-sources.js';

let dir: string;

function file(path: string, text = '# Title\n\nBody.\n'): void {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), text);
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cairn-ignore-'));
  file('corpus/a.md');
  file('corpus/notes.txt', 'plain');
  file('corpus/pdf/files.json', '{"files": ["x.pdf"]}');
  file('corpus/pdf/readme.md');
  file('corpus/drafts/wip.md');
  file('corpus/drafts/keep.md');
  file('corpus/deep/er/c.md');
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const urls = async (inputs: string[], exclude?: string[]) =>
  (await collectSources(inputs, { cwd: dir, ...(exclude ? { exclude } : {}) })).map(
    (f) => f.source_url,
  );

describe('leaving files out of a walk', () => {
  test('--exclude takes gitignore patterns: a base name anywhere, a path from the folder walked, a folder', async () => {
    expect(await urls(['corpus'])).toContain('corpus/pdf/files.json');
    expect(await urls(['corpus'], ['*.json'])).not.toContain('corpus/pdf/files.json');
    // relative to the folder named, and to the working directory
    expect(await urls(['corpus'], ['pdf/files.json'])).toEqual(
      await urls(['corpus'], ['corpus/pdf/files.json']),
    );
    expect(await urls(['corpus'], ['pdf/files.json'])).not.toContain('corpus/pdf/files.json');
    expect(await urls(['corpus'], ['drafts/'])).toEqual([
      'corpus/a.md',
      'corpus/deep/er/c.md',
      'corpus/notes.txt',
      'corpus/pdf/files.json',
      'corpus/pdf/readme.md',
    ]);
    // a negation takes a file back in
    expect(await urls(['corpus'], ['*.md', '!keep.md'])).toEqual([
      'corpus/drafts/keep.md',
      'corpus/notes.txt',
      'corpus/pdf/files.json',
    ]);
    // named files and glob matches are filtered too
    expect(await urls(['corpus/a.md', 'corpus/notes.txt'], ['*.txt'])).toEqual(['corpus/a.md']);
    expect(await urls(['corpus/**/*.md'], ['deep'])).not.toContain('corpus/deep/er/c.md');
  });

  test('.cairnignore in a folder applies below it, deeper files refine outer ones', async () => {
    writeFileSync(
      join(dir, 'corpus', '.cairnignore'),
      '# machine lists\n*.json\ndrafts/*\n!drafts/keep.md\n',
    );
    writeFileSync(join(dir, 'corpus', 'deep', '.cairnignore'), 'er/\n');
    expect(await urls(['corpus'])).toEqual([
      'corpus/a.md',
      'corpus/drafts/keep.md',
      'corpus/notes.txt',
      'corpus/pdf/readme.md',
    ]);
    // the folder named has its own rules: nothing left to read below it
    await expect(urls(['corpus/deep'])).rejects.toMatchObject({ code: 'file_not_found' });
  });

  test('a folder left with nothing to read is file_not_found', async () => {
    await expect(
      collectSources(['corpus/deep'], { cwd: dir, exclude: ['*.md'] }),
    ).rejects.toMatchObject({
      code: 'file_not_found',
    });
  });
});
