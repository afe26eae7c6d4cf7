import { describe, expect, it } from 'vitest';
import { isCairnError } from '../../src/errors.js';
import { MAX_MARKDOWN_NESTING } from '../../src/parse/markdown/check-markdown-nesting.js';
import { parseDocument } from '../../src/parse/parse-document.js';
import type { Format } from '../../src/types.js';
import { assertDocumentInvariants } from '../support/assert-document.js';
import { cpuMs, lowestRatio } from '../support/cpu-time.js';

const parse = (text: string, format: Format = 'markdown') =>
  parseDocument({ bytes: Buffer.from(text, 'utf8'), source_url: 'bad.md', format });

/** Parses, and returns the error code if the parser refused the input with a CairnError. */
async function outcome(text: string, format: Format = 'markdown'): Promise<string> {
  try {
    await parse(text, format);
    return 'parsed';
  } catch (error) {
    if (isCairnError(error)) return error.code;
    throw error;
  }
}

/** Per doubling of the input: about 2 when linear, 4 when quadratic. */
const GROWTH_LIMIT = 3;

async function bestTime(text: string, format: Format): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 5; run++) {
    const t0 = cpuMs();
    await outcome(text, format);
    best = Math.min(best, cpuMs() - t0);
  }
  return best;
}

/**
 * How much longer each doubling of the input takes, measured over two
 * doublings (n against 4n) so that one noisy timing on a loaded machine
 * weighs half as much: about 2 when linear, 4 when quadratic. n grows until
 * one parse takes 40 ms; each time is the best of 5 in CPU time. A result
 * over the limit is measured again (`lowestRatio`).
 */
async function growth(make: (n: number) => string, format: Format = 'markdown'): Promise<number> {
  let n = 20_000;
  let small = await bestTime(make(n), format);
  while (small < 40 && n < 2_000_000) {
    n *= 2;
    small = await bestTime(make(n), format);
  }
  const [quarter, full] = [make(n), make(4 * n)];
  return lowestRatio(
    async () => Math.sqrt((await bestTime(full, format)) / (await bestTime(quarter, format))),
    GROWTH_LIMIT,
    5,
  );
}

/** Markdown shapes that drive parsers into quadratic (or worse) time, n characters each. */
const HOSTILE: [string, (n: number) => string][] = [
  ['spaces in a link reference definition', (n) => `[a]:${' '.repeat(n)}x`],
  ['spaces before a link reference title', (n) => `[a]: <x> "${' '.repeat(n)}`],
  ['many link reference definitions', (n) => '[a]: x\n'.repeat(n / 7)],
  ['nested blockquotes >>>>', (n) => '>'.repeat(n)],
  ['nested lists - - - -', (n) => '- '.repeat(n / 2)],
  ['open brackets [[[[', (n) => '['.repeat(n)],
  ['balanced brackets [[[]]]', (n) => `${'['.repeat(n / 2)}${']'.repeat(n / 2)}`],
  ['unclosed links [a](', (n) => '[a]('.repeat(n / 4)],
  ['stars ****', (n) => '*'.repeat(n)],
  ['emphasis runs *a*a*a', (n) => '*a'.repeat(n / 2)],
  ['emphasis runs _a_a_a', (n) => '_a'.repeat(n / 2)],
  ['mixed emphasis **a*', (n) => '**a*'.repeat(n / 4)],
  ['unmatched delimiters a**b ... c*', (n) => `${'a**b'.repeat(n / 8)}${'c*'.repeat(n / 4)}`],
  ['backtick runs', (n) => '`a``'.repeat(n / 4)],
  ['unclosed html <a <a', (n) => '<a '.repeat(n / 3)],
  ['unclosed images ![![', (n) => '!['.repeat(n / 2)],
  [
    'table with many columns',
    (n) => `${'|a'.repeat(n / 6)}\n${'|-'.repeat(n / 6)}\n${'|b'.repeat(n / 6)}`,
  ],
  ['setext paragraph of many lines', (n) => `${'a\n'.repeat(n / 2)}=`],
  ['unclosed fences', (n) => '```\n'.repeat(n / 4)],
  ['math dollars', (n) => '$a'.repeat(n / 2)],
  ['unclosed math runs $$a$', (n) => `$${'$$a$'.repeat(n / 4)}`],
];

describe('hostile Markdown', () => {
  it.each(HOSTILE)(
    '%s: near-linear time',
    async (_name, make) => {
      expect(await growth(make)).toBeLessThan(GROWTH_LIMIT);
    },
    120_000,
  );

  // markdown-it's blockquote rule re-reads each quoted line once per level: linear in the lines
  it('quotes nested to the limit, many lines: near-linear time', async () => {
    const make = (n: number) => `${'> '.repeat(MAX_MARKDOWN_NESTING)}x\n`.repeat(n / 66);
    expect(await growth(make)).toBeLessThan(GROWTH_LIMIT);
  }, 240_000);

  it('eCFR: many designators and title-like lines in near-linear time', async () => {
    const make = (n: number) => `#### § § 1.1\n\n${'      (a) (1) (i) (A) x\n\n'.repeat(n / 26)}`;
    expect(await growth(make, 'ecfr')).toBeLessThan(GROWTH_LIMIT);
  }, 120_000);

  it('refuses nesting deeper than the limit with a typed error, parses up to it', async () => {
    expect(await outcome('>'.repeat(50_000))).toBe('markdown_too_deep');
    expect(await outcome('- '.repeat(25_000))).toBe('markdown_too_deep');
    expect(await outcome('- '.repeat(25_000), 'ecfr')).toBe('markdown_too_deep');
    const doc = await parse(`${'> '.repeat(MAX_MARKDOWN_NESTING)}deep\n`);
    expect(doc.blocks.map((b) => b.type)).toEqual(['quote']);
  });

  it('refuses lists nested too deep by indentation (one marker a line) at once', async () => {
    const staircase = (depth: number) =>
      Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}- x`).join('\n');
    // 1,500 levels (2.25 MB) take micromark 43 s: the depth is refused before it parses
    const t0 = cpuMs();
    expect(await outcome(staircase(1500))).toBe('markdown_too_deep');
    expect(cpuMs() - t0).toBeLessThan(2000);
    const doc = await parse(staircase(MAX_MARKDOWN_NESTING));
    expect(doc.blocks.map((b) => b.type)).toEqual(['list']);
  });

  it('parses a link reference definition with 50,000 spaces as text, not a hang', async () => {
    const doc = await parse(`[a]:${' '.repeat(50_000)}x\n`);
    assertDocumentInvariants(doc);
    expect(doc.blocks.map((b) => b.type)).toEqual(['definition']);
  });

  it('parses a 20 MB Markdown file that is one line', async () => {
    const line = 'Lorem *ipsum* dolor `sit` amet [consectetur](x) adipiscing elit, 😀 sed do. ';
    const text = line.repeat(Math.ceil(20_000_000 / line.length));
    const doc = await parse(text);
    expect(doc.blocks).toHaveLength(1);
    expect(doc.blocks[0]!.type).toBe('paragraph');
    // the text ends in one space, which is no part of the paragraph (CommonMark 4.8)
    expect(doc.blocks[0]!.span).toMatchObject({ start: 0, end: doc.length - 1 });
  }, 180_000);

  it('gives an empty model for an empty file, in both profiles', async () => {
    for (const format of ['markdown', 'ecfr'] as const) {
      const doc = await parse('', format);
      expect(doc.blocks).toEqual([]);
      expect(doc.sections).toEqual([]);
      expect(doc.length).toBe(0);
    }
  });
});
