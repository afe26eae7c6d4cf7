import { describe, expect, it } from 'vitest';
import { cpuMs } from '../../../test/support/cpu-time.js';
import { findDeepListLine } from './find-deep-list-line.js';

const staircase = (depth: number, eol = '\n', step = '  ', marker = '-'): string =>
  Array.from({ length: depth }, (_, i) => `${step.repeat(i)}${marker} x`).join(eol);

describe('findDeepListLine', () => {
  it('finds the first item nested deeper than the limit by indentation', () => {
    const text = staircase(40);
    expect(findDeepListLine(text, 32)).toBe(text.indexOf(`${'  '.repeat(32)}- x`));
    expect(findDeepListLine(staircase(32), 32)).toBe(-1);
    for (const eol of ['\r\n', '\r'])
      expect(findDeepListLine(staircase(40, eol), 32)).toBeGreaterThan(0);
    expect(findDeepListLine(staircase(40, '\n', '   ', '1.'), 32)).toBeGreaterThan(0);
    expect(findDeepListLine(staircase(40, '\n', '\t'), 32)).toBeGreaterThan(0);
  });

  it('counts block quote markers in front of the items', () => {
    const quoted = staircase(20)
      .split('\n')
      .map((line) => `${'> '.repeat(15)}${line}`)
      .join('\n');
    expect(findDeepListLine(quoted, 32)).toBeGreaterThan(0);
    expect(findDeepListLine(quoted, 40)).toBe(-1);
  });

  it('leaves siblings, code indented into an item and new lists at column 0 alone', () => {
    const siblings = `- a\n${'  - b\n'.repeat(10_000)}`;
    expect(findDeepListLine(siblings, 32)).toBe(-1);
    // each line is indented 4+ columns into the item before: indented code, not a nested list
    const code = Array.from({ length: 40 }, (_, i) => `${'      '.repeat(i)}- x`).join('\n');
    expect(findDeepListLine(code, 32)).toBe(-1);
    const lists = Array.from({ length: 40 }, () => staircase(5)).join('\n\npara\n\n');
    expect(findDeepListLine(lists, 32)).toBe(-1);
    expect(findDeepListLine('- - -\n***\n1986. A year\n-not a list', 32)).toBe(-1);
  });

  it('stays linear on long lines of quote markers and spaces', () => {
    // CPU time, not the wall clock: a loaded machine must not decide; quadratic work here is minutes
    const started = cpuMs();
    findDeepListLine(`${'> '.repeat(200_000)}x\n${' '.repeat(200_000)}x`, 32);
    expect(cpuMs() - started).toBeLessThan(1000);
  });
});
