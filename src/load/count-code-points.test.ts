import { describe, expect, it } from 'vitest';
import { countCodePoints } from './count-code-points.js';

describe('countCodePoints', () => {
  it('counts what decoding would give, for UTF-8 with and without a BOM and for UTF-16', () => {
    const text = 'a\u00e9\u4e2d\u{1f600}z';
    const utf8 = Buffer.from(text, 'utf8');
    expect(countCodePoints(utf8)).toBe([...text].length);
    expect(countCodePoints(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]))).toBe(5);
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(countCodePoints(le)).toBe(5);
    const be = Buffer.from(le);
    be.swap16();
    expect(countCodePoints(be)).toBe(5);
    expect(countCodePoints(new Uint8Array())).toBe(0);
  });
});
