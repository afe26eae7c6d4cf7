import { describe, expect, it } from 'vitest';
import { cpuMs } from '../../../test/support/cpu-time.js';
import { findJsonDepthExcess } from './json-depth.js';

describe('findJsonDepthExcess', () => {
  it('finds the bracket that opens one level too many', () => {
    expect(findJsonDepthExcess('[[[]]]', 3)).toBe(-1);
    expect(findJsonDepthExcess('[[[]]]', 2)).toBe(2);
    expect(findJsonDepthExcess('{"a":{"b":[1]}}', 2)).toBe(10);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(findJsonDepthExcess('["[[[[", "\\"[[[[", "\\\\", []]', 1)).toBe(25);
    expect(findJsonDepthExcess('["[[[[", "\\"[[[[", "\\\\"]', 1)).toBe(-1);
  });

  it('scans a million levels in linear time', () => {
    const text = '['.repeat(1e6) + ']'.repeat(1e6);
    const started = cpuMs();
    expect(findJsonDepthExcess(text, 10_000)).toBe(10_000);
    expect(findJsonDepthExcess(text, 1e6)).toBe(-1);
    expect(cpuMs() - started).toBeLessThan(2000);
  });
});
