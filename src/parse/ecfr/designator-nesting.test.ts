import { describe, expect, it } from 'vitest';
import { readDesignators } from './designator.js';
import { DesignatorNesting, MAX_DEPTH } from './designator-nesting.js';

/** The dotted path each designator gets, fed in order with one token of lookahead. */
function nest(...designators: string[]): string[] {
  const tokens = designators.map((d) => readDesignators(d, 0).tokens[0]!);
  const nesting = new DesignatorNesting();
  const path: string[] = [];
  return tokens.map((token, i) => {
    const { level, kind } = nesting.place(token, tokens, i + 1);
    path.length = level;
    path.push(`${token.text}:${kind}`);
    return path.join('');
  });
}

describe('DesignatorNesting', () => {
  it('nests the CFR scheme (a) > (1) > (i) > (A)', () => {
    expect(nest('(a)', '(1)', '(i)', '(A)', '(B)', '(ii)', '(2)', '(b)')).toEqual([
      '(a):letter',
      '(a):letter(1):number',
      '(a):letter(1):number(i):roman',
      '(a):letter(1):number(i):roman(A):upper',
      '(a):letter(1):number(i):roman(B):upper',
      '(a):letter(1):number(ii):roman',
      '(a):letter(2):number',
      '(b):letter',
    ]);
  });

  it('reads (i) after (h) as a letter and under a number as a roman', () => {
    expect(nest('(h)', '(i)', '(j)').at(1)).toBe('(i):letter');
    expect(nest('(h)', '(1)', '(i)', '(ii)').at(2)).toBe('(h):letter(1):number(i):roman');
  });

  it('lets the next designator decide when both readings fit', () => {
    // (h)(1) then (i): roman under (1) if (ii) follows, the letter after (h) if (j) follows
    expect(nest('(h)', '(1)', '(i)', '(ii)').at(2)).toBe('(h):letter(1):number(i):roman');
    expect(nest('(h)', '(1)', '(i)', '(j)').at(2)).toBe('(i):letter');
    // (u)(1)(iv) then (v): roman if (vi) follows, the letter if (w) follows
    expect(nest('(u)', '(1)', '(iv)', '(v)', '(vi)').at(3)).toBe('(u):letter(1):number(v):roman');
    expect(nest('(u)', '(1)', '(iv)', '(v)', '(w)').at(3)).toBe('(v):letter');
  });

  it('reads a last (i) after (h)(2) as the letter: the CFR never divides a paragraph into one part', () => {
    expect(nest('(h)', '(1)', '(2)', '(i)')).toEqual([
      '(h):letter',
      '(h):letter(1):number',
      '(h):letter(2):number',
      '(i):letter',
    ]);
    // a roman (i) is read when its (ii) comes, however far after its own children
    expect(nest('(h)', '(5)', '(i)', '(A)', '(B)', '(C)', '(D)', '(ii)', '(6)').slice(2)).toEqual([
      '(h):letter(5):number(i):roman',
      '(h):letter(5):number(i):roman(A):upper',
      '(h):letter(5):number(i):roman(B):upper',
      '(h):letter(5):number(i):roman(C):upper',
      '(h):letter(5):number(i):roman(D):upper',
      '(h):letter(5):number(ii):roman',
      '(h):letter(6):number',
    ]);
  });

  it('nests a list lettered afresh under a roman when the numbering above it goes on after', () => {
    // 15 CFR 760.3(i)(1)(ii)(a) and (b), then (i)(2)
    expect(
      nest('(h)', '(1)', '(2)', '(i)', '(1)', '(i)', '(ii)', '(a)', '(b)', '(2)').slice(3),
    ).toEqual([
      '(i):letter',
      '(i):letter(1):number',
      '(i):letter(1):number(i):roman',
      '(i):letter(1):number(ii):roman',
      '(i):letter(1):number(ii):roman(a):letter',
      '(i):letter(1):number(ii):roman(b):letter',
      '(i):letter(2):number',
    ]);
  });

  it('follows drafting that skips a level, as definitions do', () => {
    expect(nest('(a)', '(i)', '(ii)', '(A)', '(b)')).toEqual([
      '(a):letter',
      '(a):letter(i):roman',
      '(a):letter(ii):roman',
      '(a):letter(ii):roman(A):upper',
      '(b):letter',
    ]);
    expect(nest('(h)', '(i)', '(ii)').at(1)).toBe('(h):letter(i):roman');
  });

  it('continues after a reserved range and starts at numbers when a section does', () => {
    expect(nest('(b)', '(4)', '(5)-(6)', '(7)').slice(2)).toEqual([
      '(b):letter(5)-(6):number',
      '(b):letter(7):number',
    ]);
    expect(nest('(1)', '(2)', '(i)', '(3)')).toEqual([
      '(1):number',
      '(2):number',
      '(2):number(i):roman',
      '(3):number',
    ]);
  });

  it('starts afresh after reset', () => {
    const nesting = new DesignatorNesting();
    const token = (d: string) => readDesignators(d, 0).tokens[0]!;
    nesting.place(token('(a)'));
    nesting.place(token('(1)'));
    nesting.reset();
    expect(nesting.place(token('(a)')).level).toBe(0);
  });
});

describe('DesignatorNesting on repeated and hostile sequences', () => {
  it('takes a repeated designator for a sibling, not a child', () => {
    expect(nest('(a)', '(1)', '(i)', '(A)', '(a)', '(1)')).toEqual([
      '(a):letter',
      '(a):letter(1):number',
      '(a):letter(1):number(i):roman',
      '(a):letter(1):number(i):roman(A):upper',
      '(a):letter',
      '(a):letter(1):number',
    ]);
  });

  it('never nests deeper than MAX_DEPTH whatever the sequence', () => {
    const nesting = new DesignatorNesting();
    const pool = ['(a)', '(1)', '(i)', '(A)', '(_1_)', '(_i_)', '(b)', '(2)', '(z)', '(ii)'];
    let deepest = 0;
    for (let i = 0; i < 5000; i++) {
      const token = readDesignators(pool[(i * 7 + (i >> 3)) % pool.length]!, 0).tokens[0]!;
      deepest = Math.max(deepest, nesting.place(token).level);
    }
    expect(deepest).toBeLessThan(MAX_DEPTH);
  });
});
