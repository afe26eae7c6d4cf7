import { describe, expect, it } from 'vitest';
import { CairnError, ERROR_CODES } from '../errors.js';
import { exitCodeFor } from './report-error.js';

describe('exitCodeFor', () => {
  it('gives every store failure exit 2; a value the store cannot hold is the input, exit 1', () => {
    const store = ERROR_CODES.filter((code) => code.startsWith('store_'));
    const exits = Object.fromEntries(
      store.map((code) => [code, exitCodeFor(new CairnError(code, 'x'))]),
    );
    expect(exits).toEqual(
      Object.fromEntries(store.map((code) => [code, code === 'store_unsupported_value' ? 1 : 2])),
    );
  });

  it('gives input problems exit 1 and Ctrl-C 130', () => {
    expect(exitCodeFor(new CairnError('binary_input', 'x'))).toBe(1);
    expect(exitCodeFor(new CairnError('interrupted', 'x'))).toBe(130);
  });

  it('gives a file that cannot be read or found exit 2, and anything not a CairnError exit 1', () => {
    expect(exitCodeFor(new CairnError('file_unreadable', 'x'))).toBe(2);
    expect(exitCodeFor(new CairnError('file_not_found', 'x'))).toBe(2);
    expect(exitCodeFor(new Error('a bug'))).toBe(1);
  });
});
