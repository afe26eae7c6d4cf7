import { describe, expect, it } from 'vitest';
import { CairnError } from '../errors.js';
import { fileError } from './file-error.js';

const errno = (code: string): NodeJS.ErrnoException =>
  Object.assign(new Error(`${code}: failed`), { code });

describe('fileError', () => {
  it('maps ENOENT to file_not_found and anything else to file_unreadable, keeping the cause', () => {
    const missing = errno('ENOENT');
    expect(fileError(missing, 'a.md')).toMatchObject({
      code: 'file_not_found',
      message: 'Cannot read a.md: ENOENT',
      details: { source: 'a.md' },
      cause: missing,
    });
    expect(fileError(errno('EACCES'), 'a.md')).toMatchObject({
      code: 'file_unreadable',
      message: 'Cannot read a.md: EACCES',
    });
  });

  it("words the message as the caller asks, the reason being the errno code or the error's text", () => {
    const options = { missing: 'No such file: a.md', unreadable: (why: string) => `a.md: ${why}` };
    expect(fileError(errno('ENOENT'), 'a.md', options).message).toBe('No such file: a.md');
    expect(fileError(errno('EISDIR'), 'a.md', options).message).toBe('a.md: EISDIR');
    expect(fileError(new Error('odd'), 'a.md', options).message).toBe('a.md: Error: odd');
  });

  it('passes a CairnError through unchanged', () => {
    const own = new CairnError('file_unreadable', 'a.md is not a regular file');
    expect(fileError(own, 'a.md')).toBe(own);
  });
});
