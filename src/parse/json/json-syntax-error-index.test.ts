import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bisectJsonErrorIndex16, jsonSyntaxErrorIndex16 } from './json-syntax-error-index.js';

function syntaxErrorOf(text: string): SyntaxError | null {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    return error as SyntaxError;
  }
}

describe('jsonSyntaxErrorIndex16', () => {
  it('reads the position from the message, or the end of input', () => {
    expect(jsonSyntaxErrorIndex16('[1 2]', syntaxErrorOf('[1 2]')!)).toBe(3);
    expect(jsonSyntaxErrorIndex16('[1, ', syntaxErrorOf('[1, ')!)).toBe(4);
  });

  it('finds the unexpected token V8 gives no position for', () => {
    const text =
      '{"a": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,\n x, 13, 14, 15, 16, 17, 18, 19, 20]}';
    const error = syntaxErrorOf(text)!;
    expect(error.message).not.toMatch(/position/);
    expect(jsonSyntaxErrorIndex16(text, error)).toBe(text.indexOf('x'));
    expect(jsonSyntaxErrorIndex16('{"a": tx}', syntaxErrorOf('{"a": tx}')!)).toBe(7);
    expect(jsonSyntaxErrorIndex16('😀', syntaxErrorOf('😀')!)).toBe(0);
  });

  it('bisects to the same index V8 reports, on JSON broken at random', () => {
    const broken = fc
      .tuple(
        fc.json(),
        fc.nat(),
        fc.constantFrom('x', ',', '}', ']', '"', ':', '\n', '1', '-', 't', '\\', '😀'),
      )
      .map(([json, at, inserted]) => {
        const i = at % (json.length + 1);
        return json.slice(0, i) + inserted + json.slice(i);
      });
    let compared = 0;
    fc.assert(
      fc.property(broken, (text) => {
        const error = syntaxErrorOf(text);
        const at = error && /at position (\d+)/.exec(error.message);
        if (!at) return;
        compared++;
        expect(bisectJsonErrorIndex16(text)).toBe(Number(at[1]));
      }),
      // the coverage counts below need at least this many cases
      { numRuns: Math.max(500, fc.readConfigureGlobal().numRuns ?? 0) },
    );
    expect(compared).toBeGreaterThan(100);
  });
});
