import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CairnError } from '../errors.js';
import { chunkIdAlias } from './chunk-id-alias.js';
import type { ChunkIdParts } from './chunk-id-parts.js';
import { compareChunkIds } from './compare-chunk-ids.js';
import { formatChunkId } from './format-chunk-id.js';
import { isChunkId, parseChunkId } from './parse-chunk-id.js';

const base: ChunkIdParts = {
  doc_uid: 'docA',
  rev: '8c1e9a02',
  sect_path: '1.2.3',
  page: 2,
  block: 7,
  part: 0,
  insert: '',
};

const separators = fc.constantFrom(
  '|',
  '=',
  '%',
  '#',
  ' ',
  '\n',
  '\u202e',
  '\ufeff',
  '|r=',
  '%7C',
  '.',
  '-',
  '+',
);
const docUid = fc
  .array(
    fc.oneof(
      separators,
      fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }),
      fc.constantFrom('é', '😀', '中'),
    ),
    {
      minLength: 1,
      maxLength: 8,
    },
  )
  .map((pieces) => pieces.join(''))
  .filter((text) => text.length > 0);
const ordinal = fc.oneof(fc.nat(120), fc.nat(20_000), fc.maxSafeNat());
const sectPath = fc.oneof(
  fc.constant(''),
  fc.array(ordinal, { minLength: 1, maxLength: 7 }).map((ordinals) => ordinals.join('.')),
  ordinal.map((page) => `p${page}`),
);
const chunkIdParts: fc.Arbitrary<ChunkIdParts> = fc.record({
  doc_uid: docUid,
  rev: fc.stringMatching(/^[0-9a-f]{8,40}$/),
  sect_path: sectPath,
  page: ordinal,
  block: ordinal,
  part: ordinal,
  insert: fc.oneof(fc.constant(''), fc.stringMatching(/^\d{0,6}[1-9]$/)),
});

function expectMalformed(action: () => unknown, component: string, pattern?: RegExp): void {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(CairnError);
    expect((error as CairnError).code).toBe('malformed_chunk_id');
    expect((error as CairnError).details.component).toBe(component);
    if (pattern) expect((error as CairnError).message).toMatch(pattern);
    return;
  }
  throw new Error('expected malformed_chunk_id');
}

describe('formatChunkId', () => {
  it('writes the seed example with padded, terminated components', () => {
    expect(formatChunkId(base)).toBe('docA|r=8c1e9a02|s=01.02.03-|p=002|b=007');
    expect(formatChunkId({ ...base, sect_path: '' })).toBe('docA|r=8c1e9a02|s=-|p=002|b=007');
    expect(formatChunkId({ ...base, sect_path: 'p5', page: 5, block: 4 })).toBe(
      'docA|r=8c1e9a02|s=p005|p=005|b=004',
    );
    expect(formatChunkId({ ...base, sect_path: '1.10', page: 0, block: 1000 })).toBe(
      'docA|r=8c1e9a02|s=01.10-|p=000|b=a1000',
    );
    expect(formatChunkId({ ...base, part: 2, insert: '5' })).toBe(
      'docA|r=8c1e9a02|s=01.02.03-|p=002|b=007.02+5',
    );
    expect(formatChunkId({ ...base, sect_path: '100', rev: '8c1e9a02ffee' })).toBe(
      'docA|r=8c1e9a02ffee|s=a100-|p=002|b=007',
    );
  });

  it('percent-encodes separators, escapes and invisible characters in the doc_uid', () => {
    expect(formatChunkId({ ...base, doc_uid: 'a|b=c%d#e f\u202eg/é' })).toBe(
      'a%7Cb%3Dc%25d%23e%20f%E2%80%AEg/é|r=8c1e9a02|s=01.02.03-|p=002|b=007',
    );
  });

  it('names the bad component', () => {
    expectMalformed(() => formatChunkId({ ...base, doc_uid: '' }), 'doc_uid', /empty/);
    expectMalformed(() => formatChunkId({ ...base, doc_uid: 'a\ud800' }), 'doc_uid', /surrogate/);
    expectMalformed(() => formatChunkId({ ...base, rev: '8C1E9A02' }), 'rev');
    expectMalformed(() => formatChunkId({ ...base, rev: 'abc' }), 'rev');
    expectMalformed(() => formatChunkId({ ...base, sect_path: '1.02' }), 'sect_path');
    expectMalformed(() => formatChunkId({ ...base, sect_path: '1..2' }), 'sect_path');
    expectMalformed(() => formatChunkId({ ...base, sect_path: 'p' }), 'sect_path');
    expectMalformed(() => formatChunkId({ ...base, page: -1 }), 'page');
    expectMalformed(() => formatChunkId({ ...base, block: 1.5 }), 'block');
    expectMalformed(() => formatChunkId({ ...base, part: 2 ** 53 }), 'part');
    expectMalformed(() => formatChunkId({ ...base, insert: '50' }), 'insert');
    expectMalformed(() => formatChunkId({ ...base, insert: 'x' }), 'insert');
  });
});

describe('parseChunkId', () => {
  it('round-trips arbitrary components: parse(format(x)) equals x', () => {
    fc.assert(
      fc.property(chunkIdParts, (parts) => {
        const id = formatChunkId(parts);
        expect(parseChunkId(id)).toEqual(parts);
        expect(id.split('|')).toHaveLength(5);
        expect(id).not.toContain('#');
      }),
    );
  });

  it('accepts only canonical spellings: anything it returns formats back to the same string', () => {
    const idLike = fc
      .tuple(chunkIdParts, fc.nat(), fc.string({ unit: 'binary-ascii', maxLength: 3 }))
      .map(([parts, at, noise]) => {
        const id = formatChunkId(parts);
        const k = at % (id.length + 1);
        return id.slice(0, k) + noise + id.slice(k + noise.length);
      });
    fc.assert(
      fc.property(fc.oneof(idLike, fc.string()), (text) => {
        let parts: ChunkIdParts;
        try {
          parts = parseChunkId(text);
        } catch (error) {
          expect((error as CairnError).code).toBe('malformed_chunk_id');
          return;
        }
        expect(formatChunkId(parts)).toBe(text);
      }),
    );
  });

  it('says what is wrong', () => {
    const ok = 'docA|r=8c1e9a02|s=01.02.03-|p=002|b=007';
    expect(isChunkId(ok)).toBe(true);
    expectMalformed(() => parseChunkId('docA'), 'layout', /no "\|"/);
    expectMalformed(() => parseChunkId('docA|r=8c1e9a02|s=01-|b=007'), 'layout');
    expectMalformed(() => parseChunkId('|r=8c1e9a02|s=01-|p=002|b=007'), 'doc_uid', /empty/);
    expectMalformed(
      () => parseChunkId('doc%41|r=8c1e9a02|s=01-|p=002|b=007'),
      'doc_uid',
      /written as itself/,
    );
    expectMalformed(
      () => parseChunkId('doc%7c|r=8c1e9a02|s=01-|p=002|b=007'),
      'doc_uid',
      /upper-case/,
    );
    expectMalformed(() => parseChunkId('doc%C3|r=8c1e9a02|s=01-|p=002|b=007'), 'doc_uid', /UTF-8/);
    expectMalformed(
      () => parseChunkId('do c|r=8c1e9a02|s=01-|p=002|b=007'),
      'doc_uid',
      /unescaped U\+0020/,
    );
    expectMalformed(
      () => parseChunkId('doc=|r=8c1e9a02|s=01-|p=002|b=007'),
      'doc_uid',
      /unescaped "="/,
    );
    expectMalformed(() => parseChunkId('docA|r=8C1E9A02|s=01-|p=002|b=007'), 'rev');
    expectMalformed(
      () => parseChunkId('docA|r=8c1e9a02|s=1.2-|p=002|b=007'),
      'sect_path',
      /2 digits/,
    );
    expectMalformed(
      () => parseChunkId('docA|r=8c1e9a02|s=01.02|p=002|b=007'),
      'sect_path',
      /ended by "-"/,
    );
    expectMalformed(() => parseChunkId('docA|r=8c1e9a02|s=01-02|p=002|b=007'), 'sect_path');
    expectMalformed(() => parseChunkId('docA|r=8c1e9a02|s=|p=002|b=007'), 'sect_path');
    expectMalformed(
      () => parseChunkId('docA|r=8c1e9a02|s=p05|p=002|b=007'),
      'sect_path',
      /3 digits/,
    );
    expectMalformed(() => parseChunkId('docA|r=8c1e9a02|s=01-|p=2|b=007'), 'page');
    expectMalformed(
      () => parseChunkId('docA|r=8c1e9a02|s=01-|p=0020|b=007'),
      'page',
      /unexpected "0"/,
    );
    expectMalformed(() => parseChunkId('docA|r=8c1e9a02|s=01-|p=002|b=7'), 'block');
    expectMalformed(
      () => parseChunkId('docA|r=8c1e9a02|s=01-|p=002|b=a0999'),
      'block',
      /start with 0/,
    );
    expectMalformed(
      () => parseChunkId('docA|r=8c1e9a02|s=01-|p=002|b=007.00'),
      'part',
      /without a suffix/,
    );
    expectMalformed(
      () => parseChunkId('docA|r=8c1e9a02|s=01-|p=002|b=007+50'),
      'insert',
      /not ending in 0/,
    );
    expectMalformed(
      () => parseChunkId('docA|r=8c1e9a02|s=01-|p=002|b=007x'),
      'block',
      /unexpected "x"/,
    );
    expect(isChunkId('docA|r=8c1e9a02|s=01-|p=002|b=007|')).toBe(false);
  });
});

describe('chunkIdAlias', () => {
  it('gives the seed alias', () => {
    expect(chunkIdAlias(formatChunkId({ ...base, sect_path: '2.4.1' }))).toBe(
      '#s02-04-01#p002-b007',
    );
    expect(chunkIdAlias({ ...base, sect_path: '' })).toBe('#s-#p002-b007');
    expect(chunkIdAlias({ ...base, sect_path: 'p5', page: 5 })).toBe('#sp005#p005-b007');
    expect(chunkIdAlias({ ...base, part: 1, insert: '25' })).toBe('#s01-02-03#p002-b007.01+25');
    expect(() => chunkIdAlias('nope')).toThrow(CairnError);
  });
});

describe('compareChunkIds', () => {
  it('is byte order of the UTF-8 encoding', () => {
    const text = fc.string({ unit: 'binary', maxLength: 8 });
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(Math.sign(compareChunkIds(a, b))).toBe(
          Math.sign(Buffer.compare(Buffer.from(a), Buffer.from(b))),
        );
      }),
    );
    expect(compareChunkIds('\uffff', '😀')).toBe(-1);
    expect('\uffff' < '😀').toBe(false); // why the comparator exists
  });
});
