import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCairnError } from '../../src/errors.js';
import { parseDocument } from '../../src/parse/parse-document.js';
import type { CairnDocument } from '../../src/types.js';
import { corpusFiles } from '../corpora.js';
import { nastyText } from '../support/arbitraries.js';
import { assertDocumentInvariants, sliceCodePoints } from '../support/assert-document.js';
import { cpuMs } from '../support/cpu-time.js';

const parseJsonBytes = (
  bytes: Uint8Array,
  chunk_threshold_chars?: number,
): Promise<CairnDocument> =>
  parseDocument({
    bytes,
    source_url: 'data.json',
    format: 'json',
    ...(chunk_threshold_chars === undefined ? {} : { options: { chunk_threshold_chars } }),
  });
const parseJsonText = (text: string, threshold?: number) =>
  parseJsonBytes(Buffer.from(text, 'utf8'), threshold);

async function errorOf(
  run: () => Promise<unknown>,
): Promise<{ code: string; message: string; details: Record<string, unknown> }> {
  try {
    await run();
  } catch (error) {
    if (isCairnError(error))
      return { code: error.code, message: error.message, details: error.details };
    throw error;
  }
  throw new Error('expected a CairnError, got success');
}

/** RFC 6901 resolution written here, apart from the library's pointer code. */
function resolvePointer(value: unknown, pointer: string): unknown {
  if (pointer === '') return value;
  let current = value;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(current)) current = current[Number(token)];
    else if (current !== null && typeof current === 'object' && Object.hasOwn(current, token)) {
      current = (current as Record<string, unknown>)[token];
    } else throw new Error(`pointer ${pointer} does not resolve at ${token}`);
  }
  return current;
}

/** Every string at or over `threshold` code points, in own-key order, by plain recursion (test values are shallow). */
function longStrings(value: unknown, threshold: number): string[] {
  if (typeof value === 'string') return Array.from(value).length >= threshold ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((v) => longStrings(v, threshold));
  if (value !== null && typeof value === 'object') {
    return Object.keys(value).flatMap((k) =>
      longStrings((value as Record<string, unknown>)[k], threshold),
    );
  }
  return [];
}

const wellFormed = (text: string): string =>
  (text as string & { toWellFormed(): string }).toWellFormed();

const key = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom('a/b', '~', '~1', '~0/', '/', '', '__proto__', 'constructor', '0', '10', 'é😀'),
);
const leafString = fc.oneof(nastyText(30), fc.constantFrom('\ud800', 'x\udc00y', '\ud83d\ude00'));
const { tree } = fc.letrec<{ tree: unknown }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leafString,
    fc.oneof(
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.constant(null),
    ),
    fc.array(tie('tree'), { maxLength: 5 }),
    // Object.fromEntries defines own properties, so a "__proto__" key is data as JSON.parse makes it
    fc
      .array(fc.tuple(key, tie('tree')), { maxLength: 5 })
      .map((entries) => Object.fromEntries(entries)),
  ),
}));
/** JSON text in the layouts found in the wild: compact, indented, indented with CRLF. */
const jsonText = fc
  .tuple(tree, fc.constantFrom('compact', 'indent', 'crlf'))
  .map(([value, layout]) => {
    if (layout === 'compact') return JSON.stringify(value);
    const text = JSON.stringify(value, null, 2);
    // JSON.stringify escapes newlines inside strings, so every raw \n here is whitespace
    return layout === 'crlf' ? text.replaceAll('\n', '\r\n') : text;
  });

describe('JSON parser: properties', () => {
  it('makes every long string a unit whose text is the value at its pointer', async () => {
    const seen = { units: 0, deep: 0, escaped: 0, lone: 0 };
    await fc.assert(
      fc.asyncProperty(jsonText, fc.integer({ min: 1, max: 24 }), async (text, threshold) => {
        const doc = await parseJsonText(text, threshold);
        assertDocumentInvariants(doc);
        const value = JSON.parse(text);
        const expected = longStrings(value, threshold).map(wellFormed);
        const chars = Array.from(doc.canonical);
        expect(doc.blocks.map((b) => sliceCodePoints(chars, b.span))).toEqual(expected);
        expect(doc.canonical).toBe(expected.join('\n\n'));
        expect(doc.json_nodes.map((n) => n.json_pointer)).toEqual(
          doc.blocks.map((b) => b.json_pointer),
        );
        for (const block of doc.blocks) {
          expect(block.type).toBe('json_string');
          const at = resolvePointer(value, block.json_pointer!);
          expect(typeof at).toBe('string');
          expect(sliceCodePoints(chars, block.span)).toBe(wellFormed(at as string));
        }
        expect(doc.json_nodes.map((n) => n.span)).toEqual(doc.blocks.map((b) => b.span));
        expect(await parseJsonText(text, threshold)).toEqual(doc);
        seen.units += doc.blocks.length;
        for (const block of doc.blocks) {
          if (block.json_pointer!.split('/').length > 3) seen.deep++;
          if (/~[01]/.test(block.json_pointer!)) seen.escaped++;
        }
        if (doc.canonical.includes('\ufffd')) seen.lone++;
      }),
      // the coverage counts below need at least this many cases
      { numRuns: Math.max(300, fc.readConfigureGlobal().numRuns ?? 0) },
    );
    // the generator must reach what the property is about
    expect(seen.units).toBeGreaterThan(150);
    expect(seen.deep).toBeGreaterThan(40);
    expect(seen.escaped).toBeGreaterThan(30);
    expect(seen.lone).toBeGreaterThan(5);
  });
});

describe('JSON parser: real data', () => {
  const files = corpusFiles('ecfr-json', ['.json']);
  // string nodes of at least 200 code points per file, pinned so that an extraction change shows
  const AT_200: Record<string, number> = {
    'title-15-chapter-I.json': 358,
    'title-15-chapter-II.json': 675,
    'title-15-chapter-III.json': 333,
    'title-15-chapter-IV.json': 164,
    'title-15-chapter-VIII.json': 75,
    'title-15-chapter-XI.json': 86,
    'title-15-chapter-XIII.json': 2,
    'title-15-chapter-XIV.json': 14,
    'title-15-chapter-XV.json': 93,
    'title-15-chapter-XX.json': 396,
  };

  it('finds all 10 files of ecfr-json', () => {
    expect(files.map((f) => basename(f)).sort()).toEqual(Object.keys(AT_200).sort());
  });

  it.each(files.map((f) => [basename(f), f]))(
    'parses %s at thresholds 200 and 10000',
    async (name, path) => {
      const bytes = readFileSync(path);
      const low = await parseJsonBytes(bytes, 200);
      assertDocumentInvariants(low);
      expect(low.blocks).toHaveLength(AT_200[name]!);
      const value = JSON.parse(bytes.toString('utf8'));
      const chars = Array.from(low.canonical);
      for (const block of low.blocks) {
        expect(sliceCodePoints(chars, block.span)).toBe(resolvePointer(value, block.json_pointer!));
      }
      // no eCFR string reaches the seed's default of 10000 (the longest has 2244 code points)
      const byDefault = await parseJsonBytes(bytes);
      expect(byDefault.blocks).toEqual([]);
      expect(byDefault.canonical).toBe('');
    },
  );
});

describe('JSON parser: bad and odd input', () => {
  it('gives the position, line and column of a syntax error V8 names no position for', async () => {
    const text = '{\n  "a": [1,\n 2,,]}';
    const error = await errorOf(() => parseJsonText(text));
    expect(error).toMatchObject({
      code: 'malformed_json',
      details: { source: 'data.json', position: 16, byte_offset: 16, line: 3, column: 4 },
    });
  });

  it('counts code points for position and column, UTF-8 bytes for byte_offset', async () => {
    const text = '{"é😀":\r\n  "x", "b": tx}';
    const error = await errorOf(() => parseJsonText(text));
    const at16 = text.lastIndexOf('x');
    expect(error).toMatchObject({
      code: 'malformed_json',
      details: {
        position: Array.from(text.slice(0, at16)).length,
        byte_offset: Buffer.byteLength(text.slice(0, at16)),
        line: 2,
        column: 14,
      },
    });
  });

  it('counts a UTF-8 BOM in byte_offset, not in position', async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a": 1,}')]);
    const error = await errorOf(() => parseJsonBytes(bytes));
    expect(error).toMatchObject({
      code: 'malformed_json',
      details: { position: 8, byte_offset: 11, column: 9 },
    });
  });

  it('says what is wrong in one line, without echoing the input (a terminal escape here)', async () => {
    const error = await errorOf(() => parseJsonText('x\u001b[2J\nmore'));
    expect(error.message).toBe(
      "Malformed JSON in data.json at line 1 column 1: Unexpected token 'x'",
    );
    const tail = await errorOf(() => parseJsonText('[1,\n2 3]'));
    expect(tail.message).toBe(
      "Malformed JSON in data.json at line 2 column 3: Expected ',' or ']' after array element",
    );
    const lines = await errorOf(() => parseJsonText('{"a": 1}\n{"b": 2}'));
    expect(lines.message).toBe(
      'Malformed JSON in data.json at line 2 column 1: Unexpected non-whitespace character after JSON',
    );
  });

  it.each([['['], ['{"a": "unterminated'], ['[1] [2]'], ['nul'], ['{"a" 1}'], ["{'a': 1}"]])(
    'refuses %j as malformed_json with a position',
    async (text) => {
      const error = await errorOf(() => parseJsonText(text));
      expect(error.code).toBe('malformed_json');
      expect(error.details.position).toBeGreaterThanOrEqual(0);
      expect(error.details.position).toBeLessThanOrEqual(text.length);
    },
  );

  it.each([
    ['arrays', '['.repeat(1e6) + ']'.repeat(1e6)],
    ['objects', `${'{"a":'.repeat(1e6)}1${'}'.repeat(1e6)}`],
  ])('refuses 1,000,000 nested %s as json_too_deep, quickly', async (_, text) => {
    const started = cpuMs();
    const error = await errorOf(() => parseJsonText(text));
    expect(error).toMatchObject({ code: 'json_too_deep', details: { max_depth: 10_000, line: 1 } });
    expect(cpuMs() - started).toBeLessThan(5000);
  });

  it('accepts nesting up to the limit, with the full pointer', async () => {
    const text = `${'['.repeat(10_000)}"${'x'.repeat(20)}"${']'.repeat(10_000)}`;
    const doc = await parseJsonText(text, 20);
    expect(doc.blocks).toHaveLength(1);
    expect(doc.blocks[0]!.json_pointer).toBe('/0'.repeat(10_000));
  });

  it('extracts a __proto__ key as data at /__proto__ and pollutes no prototype', async () => {
    const big = 'p'.repeat(10_000);
    const doc = await parseJsonText(
      `{"__proto__": "${big}", "b": {"__proto__": {"polluted": "${big}"}}}`,
    );
    expect(doc.blocks.map((b) => b.json_pointer)).toEqual(['/__proto__', '/b/__proto__/polluted']);
    expect(doc.canonical).toBe(`${big}\n\n${big}`);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('replaces a lone surrogate escape with U+FFFD, one code point for one', async () => {
    const doc = await parseJsonText('["\\ud800abc", "xy\\udc00", "\\ud83d\\ude00ok"]', 3);
    expect(doc.canonical).toBe('\ufffdabc\n\nxy\ufffd\n\n😀ok');
    expect(doc.blocks.map((b) => [b.span.start, b.span.end])).toEqual([
      [0, 4],
      [6, 9],
      [11, 14],
    ]);
    assertDocumentInvariants(doc);
  });

  it('orders units by JSON.parse own-key order: index-like keys first (a known deviation from source order)', async () => {
    const doc = await parseJsonText('{"b": "bbbb", "10": "tttt", "a": "aaaa", "2": "2222"}', 4);
    expect(doc.blocks.map((b) => b.json_pointer)).toEqual(['/2', '/10', '/b', '/a']);
  });

  it('gives a duplicate key the last value, as JSON.parse does, and keeps the first one after', async () => {
    const doc = await parseJsonText('{"a": "first", "a": "second"}', 4);
    expect(doc.canonical).toBe('second\n\nfirst');
    expect(doc.json_nodes.map((n) => n.json_pointer)).toEqual(['/a', '/a']);
    expect(doc.warnings).toMatchObject([{ code: 'duplicate_json_key', json_pointer: '/a' }]);
  });

  it('takes a top-level string as the unit at the empty pointer', async () => {
    const doc = await parseJsonText('"hello world"', 5);
    expect(doc.blocks).toMatchObject([{ type: 'json_string', json_pointer: '' }]);
    expect(doc.json_nodes).toMatchObject([{ json_pointer: '', span: { start: 0, end: 11 } }]);
  });

  it('refuses invalid UTF-8 with the byte offset, and zip bytes as binary', async () => {
    const bad = Buffer.concat([
      Buffer.from('{"a": "é'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}'),
    ]);
    expect(await errorOf(() => parseJsonBytes(bad))).toMatchObject({
      code: 'invalid_utf8',
      details: { byte_offset: 9 },
    });
    const zip = Buffer.from('504b030414000000080000002100', 'hex');
    expect(await errorOf(() => parseJsonBytes(zip))).toMatchObject({
      code: 'binary_input',
      details: { detected: 'zip' },
    });
  });

  it.each([
    ['zero bytes', Buffer.alloc(0)],
    ['whitespace', Buffer.from(' \r\n\t\n')],
    ['a BOM', Buffer.from([0xef, 0xbb, 0xbf])],
  ])('gives an empty model for %s', async (_, bytes) => {
    const doc = await parseJsonBytes(bytes);
    expect(doc).toMatchObject({
      canonical: '',
      blocks: [],
      sections: [],
      json_nodes: [],
      length: 0,
    });
  });

  it.each([[0], [-5], [2.5]])(
    'refuses chunk_threshold_chars %s as invalid_option',
    async (threshold) => {
      expect(await errorOf(() => parseJsonText('{}', threshold))).toMatchObject({
        code: 'invalid_option',
      });
    },
  );
});
