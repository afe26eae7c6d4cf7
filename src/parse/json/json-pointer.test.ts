import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCairnError } from '../../errors.js';
import { formatJsonPointer, parseJsonPointer } from './json-pointer.js';

/** Tokens rich in the two characters RFC 6901 escapes, and in escape look-alikes. */
const token = fc.oneof(
  fc.string(),
  fc
    .array(fc.constantFrom('~', '/', '0', '1', '~0', '~1', '~01', 'a', '😀', ''), { maxLength: 8 })
    .map((p) => p.join('')),
);

describe('formatJsonPointer / parseJsonPointer', () => {
  it('gives the RFC 6901 section 5 pointers', () => {
    expect(formatJsonPointer([])).toBe('');
    expect(formatJsonPointer(['foo', 0])).toBe('/foo/0');
    expect(formatJsonPointer([''])).toBe('/');
    expect(formatJsonPointer(['a/b'])).toBe('/a~1b');
    expect(formatJsonPointer(['m~n'])).toBe('/m~0n');
    expect(formatJsonPointer(['~1'])).toBe('/~01');
    expect(formatJsonPointer([' ', 'k"l'])).toBe('/ /k"l');
  });

  it('decodes ~01 to ~1, never to /', () => {
    expect(parseJsonPointer('/~01')).toEqual(['~1']);
    expect(parseJsonPointer('/a~1b/m~0n//')).toEqual(['a/b', 'm~n', '', '']);
  });

  it('round-trips any tokens', () => {
    fc.assert(
      fc.property(fc.array(token, { maxLength: 6 }), (tokens) => {
        expect(parseJsonPointer(formatJsonPointer(tokens))).toEqual(tokens);
      }),
    );
  });

  it('round-trips any valid pointer the other way', () => {
    fc.assert(
      fc.property(fc.array(token, { maxLength: 6 }), (tokens) => {
        const pointer = formatJsonPointer(tokens);
        expect(formatJsonPointer(parseJsonPointer(pointer))).toBe(pointer);
      }),
    );
  });

  it.each([['a'], ['/a~'], ['/a~2'], ['/~/x']])(
    'refuses %j with invalid_json_pointer',
    (pointer) => {
      let caught: unknown;
      try {
        parseJsonPointer(pointer);
      } catch (error) {
        caught = error;
      }
      expect(isCairnError(caught, 'invalid_json_pointer')).toBe(true);
    },
  );
});
