import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tooManyParameters } from './check-parameters.js';
import { readSrcFiles, type SrcFile, signatures } from './read-src-files.js';

/**
 * The style guide asks for options objects: a call with five arguments in a
 * row says nothing of which is which, and a sixth is added where it is
 * easiest, not where it belongs. The check lists every offence, so that one
 * run shows all there is to mend.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('the functions of src/', () => {
  const files = readSrcFiles(ROOT);
  const all = files.flatMap(signatures);

  it('reads the tree: functions in every form', () => {
    expect(all.length).toBeGreaterThan(1000);
  });

  it('no function takes more than four positional parameters', () => {
    expect(tooManyParameters(all)).toEqual([]);
  });
});

/** The check over made-up sources, so that a clean run above means a clean tree, not a blind check. */
describe('the parameter check itself', () => {
  const file = (path: string, lines: string[]): SrcFile => ({ path, text: lines.join('\n') });

  it('counts functions, methods, arrows, function expressions, constructors and method signatures', () => {
    const src = file('src/chunk/x.ts', [
      'export function five(a, b, c, d, e) {}',
      'function four(a, b, c, d) {}',
      'class Packer {',
      '  constructor(a, b, c, d, e, f) {}',
      '  pack(a: number, b = 2, c?: number, d?: number, e?: number): void {}',
      '}',
      'interface Sink { push(a: number, b: number, c: number, d: number, e: number): void; }',
      'const arrow = (a, b, c, d, e) => a;',
      'const expr = function (a, b, c, d, e) {};',
      'const table = { cell: (a, b, c, d, e) => a };',
      'run((a, b, c, d, e) => a);',
      'type Callback = (a, b, c, d, e) => void;',
    ]);
    expect(tooManyParameters(signatures(src))).toEqual([
      'src/chunk/x.ts:1 five 5',
      'src/chunk/x.ts:4 Packer.constructor 6',
      'src/chunk/x.ts:5 Packer.pack 5',
      'src/chunk/x.ts:7 Sink.push 5',
      'src/chunk/x.ts:8 arrow 5',
      'src/chunk/x.ts:9 expr 5',
      'src/chunk/x.ts:10 cell 5',
      'src/chunk/x.ts:11 (anonymous) 5',
    ]);
  });

  it('counts a rest parameter as one, a destructured one as one, and `this` as none', () => {
    const src = file('src/ids/y.ts', [
      'function rest(a, b, c, ...more: number[]) {}',
      'function restFive(a, b, c, d, ...more: number[]) {}',
      'function destructured({ a, b, c, d, e }, [f, g]) {}',
      'function bound(this: Window, a, b, c, d) {}',
    ]);
    expect(signatures(src).map((s) => [s.line, s.name, s.parameters])).toEqual([
      [1, 'rest', 4],
      [2, 'restFive', 5],
      [3, 'destructured', 2],
      [4, 'bound', 4],
    ]);
    expect(tooManyParameters(signatures(src))).toEqual(['src/ids/y.ts:2 restFive 5']);
  });
});
