import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/support/temp-dir.js';
import { readSourceFile } from './read-source-file.js';

describe('readSourceFile', () => {
  const dir = tempDir('cairn-read-source-');
  const file = join(dir, 'a.md');
  writeFileSync(file, '# A\n');

  it("returns a regular file's bytes, within the limit or with none given", async () => {
    expect(Buffer.from(await readSourceFile(file)).toString()).toBe('# A\n');
    expect((await readSourceFile(file, { max_bytes: 4 })).byteLength).toBe(4);
  });

  it('refuses a missing path, a folder, a FIFO and a file over the limit with typed errors', async () => {
    await expect(readSourceFile(join(dir, 'gone.md'))).rejects.toMatchObject({
      code: 'file_not_found',
      message: `No such file: ${join(dir, 'gone.md')}`,
    });
    mkdirSync(join(dir, 'folder'));
    await expect(readSourceFile(join(dir, 'folder'))).rejects.toMatchObject({
      code: 'file_unreadable',
      message: `${join(dir, 'folder')} is not a regular file`,
    });
    execFileSync('mkfifo', [join(dir, 'pipe.md')]);
    await expect(readSourceFile(join(dir, 'pipe.md'))).rejects.toMatchObject({
      code: 'file_unreadable',
    });
    await expect(readSourceFile(file, { max_bytes: 3 })).rejects.toMatchObject({
      code: 'input_too_large',
      details: { source: file, bytes: 4, max_bytes: 3 },
    });
    await expect(readSourceFile(file, { max_bytes: -1 })).rejects.toMatchObject({
      code: 'invalid_option',
    });
  });
});
