import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { makeFolderSync } from './make-folder.js';

const root = mkdtempSync(join(tmpdir(), 'cairn-make-folder-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

test('makes every missing folder on the way, and is quiet when they exist', () => {
  const deep = join(root, 'a', 'b', 'c');
  makeFolderSync(deep);
  expect(statSync(deep).isDirectory()).toBe(true);
  makeFolderSync(deep);
  makeFolderSync(root);
});

test('a file on the way is ENOTDIR', () => {
  const file = join(root, 'file');
  writeFileSync(file, 'x');
  expect(() => makeFolderSync(join(file, 'sub', 'deeper'))).toThrow(
    expect.objectContaining({ code: 'ENOTDIR' }),
  );
  expect(() => makeFolderSync(file)).toThrow(expect.objectContaining({ code: 'ENOTDIR' }));
});

test.skipIf(process.platform !== 'linux')(
  'a folder under /proc fails with ENOENT instead of never returning (as fs.mkdir recursive does)',
  () => {
    expect(() => makeFolderSync('/proc/cairn-nope/deeper')).toThrow(
      expect.objectContaining({ code: 'ENOENT' }),
    );
  },
);
