import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCanonicalDocId, isCanonicalEarId } from './is-canonical-ear-id.js';
import { normalizeEarId } from './normalize-ear-id.js';

const idOf = (input: string): string | null => {
  const result = normalizeEarId(input);
  return result.ok ? result.id : null;
};
const codeOf = (input: string): string | null => {
  const result = normalizeEarId(input);
  return result.ok ? null : result.code;
};

describe('normalizeEarId: the forms of seed 003', () => {
  it.each([
    ['15 CFR 736.2', 'EAR-736.2'],
    ['§ 736.2(b)', 'EAR-736.2(b)'],
    ['736.2(b)', 'EAR-736.2(b)'],
    ['EAR-736.2(b)', 'EAR-736.2(b)'],
    ['EAR-736.2(B)', 'EAR-736.2(b)'],
    ['EAR-736.2(b)#p0001', 'EAR-736.2(b)#p0001'],
  ])('%s -> %s', (input, expected) => {
    expect(idOf(input)).toBe(expected);
  });
});

describe('normalizeEarId: other citation spellings', () => {
  it.each([
    ['15 C.F.R. 736.2(b)(1)', 'EAR-736.2(b)(1)'],
    ['15 CFR § 746.1(a)(2)', 'EAR-746.1(a)(2)'],
    ['15 cfr part 736', 'EAR-736'],
    ['§736.2', 'EAR-736.2'],
    ['  § 736.2 (b) (1)  ', 'EAR-736.2(b)(1)'],
    ['ear-744.21(b)(3)(IV)(A)', 'EAR-744.21(b)(3)(iv)(a)'],
    ['EAR 736.2', 'EAR-736.2'],
    ['EAR-736.2(b)#P0001', 'EAR-736.2(b)#p0001'],
    ['EAR-736.2#chunk:2.a_b-c', 'EAR-736.2#chunk:2.a_b-c'],
    ['736.2(b)(10)', 'EAR-736.2(b)(10)'],
  ])('%s -> %s', (input, expected) => {
    expect(idOf(input)).toBe(expected);
  });

  it('reports the section_id and the suffix apart', () => {
    expect(normalizeEarId('§ 736.2(B)#P0003')).toEqual({
      ok: true,
      id: 'EAR-736.2(b)#p0003',
      section_id: 'EAR-736.2(b)',
      suffix: 'p0003',
    });
    expect(normalizeEarId('736.2')).toEqual({
      ok: true,
      id: 'EAR-736.2',
      section_id: 'EAR-736.2',
      suffix: null,
    });
  });
});

describe('normalizeEarId: rejections are typed, never thrown', () => {
  it.each([
    ['', 'empty_id'],
    ['   ', 'empty_id'],
    ['EAR-73.2', 'bad_part'],
    ['EAR-7360.2', 'bad_part'],
    ['15 CFR 73', 'bad_part'],
    ['736.2((b)', 'bad_designator'],
    ['736.2(b', 'bad_designator'],
    ['736.2()', 'bad_designator'],
    ['736.2(1a)', 'bad_designator'],
    ['736.2(b))', 'malformed_id'],
    ['736.2b', 'malformed_id'],
    ['736.2(b) of the EAR', 'malformed_id'],
    ['§§ 742.2', 'malformed_id'],
    ['EAR-', 'malformed_id'],
    ['FAR 52.204', 'malformed_id'],
    ['22 CFR 120.1', 'not_ear'],
    ['EAR-736.2#', 'bad_suffix'],
    ['EAR-736.2#-p1', 'bad_suffix'],
    ['EAR-736.2#p 1', 'bad_suffix'],
    ['EAR-736.2#p1#p2', 'bad_suffix'],
    ['EAR-736.2#pé', 'bad_suffix'],
    [`736.2${'(a)'.repeat(100)}`, 'malformed_id'],
  ])('%j is rejected with %s', (input, code) => {
    const result = normalizeEarId(input);
    expect(result.ok).toBe(false);
    expect(codeOf(input)).toBe(code);
    if (!result.ok) expect(result.message.length).toBeGreaterThan(0);
  });
});

describe('isCanonicalEarId / isCanonicalDocId', () => {
  it('accepts the canonical forms only', () => {
    expect(isCanonicalEarId('EAR-736.2(b)')).toBe(true);
    expect(isCanonicalEarId('EAR-736')).toBe(true);
    expect(isCanonicalEarId('EAR-736.2(b)#p0001')).toBe(false);
    expect(isCanonicalDocId('EAR-736.2(b)#p0001')).toBe(true);
    for (const bad of [
      'EAR-736.2(B)',
      'EAR-73.2',
      '736.2',
      'EAR-736.2 (b)',
      'EAR-736.2#P1',
      42,
      null,
    ]) {
      expect(isCanonicalDocId(bad)).toBe(false);
    }
  });
});

const designator = fc.oneof(
  fc.stringMatching(/^[a-z]{1,4}$/),
  fc.integer({ min: 0, max: 999 }).map(String),
);
const canonicalId = fc
  .record({
    part: fc.integer({ min: 0, max: 999 }).map((n) => String(n).padStart(3, '0')),
    dots: fc.array(fc.integer({ min: 0, max: 99 }), { maxLength: 2 }),
    designators: fc.array(designator, { maxLength: 5 }),
    suffix: fc.option(fc.stringMatching(/^[a-z0-9][a-z0-9:._-]{0,8}$/), { nil: undefined }),
  })
  .map(
    ({ part, dots, designators, suffix }) =>
      `EAR-${part}${dots.map((d) => `.${d}`).join('')}${designators.map((d) => `(${d})`).join('')}${
        suffix === undefined ? '' : `#${suffix}`
      }`,
  );

describe('normalizeEarId: properties', () => {
  it('every canonical id is a fixed point', () => {
    fc.assert(
      fc.property(canonicalId, (id) => {
        expect(isCanonicalDocId(id)).toBe(true);
        expect(idOf(id)).toBe(id);
      }),
    );
  });

  it('upper-cased designators and the citation spellings normalize back to the canonical id', () => {
    fc.assert(
      fc.property(canonicalId, fc.constantFrom('15 CFR ', '§ ', '', 'ear-'), (id, prefix) => {
        const [head, suffix] = id.split('#') as [string, string | undefined];
        const spelled = `${prefix}${head.slice(4).toUpperCase()}${suffix === undefined ? '' : `#${suffix.toUpperCase()}`}`;
        expect(idOf(spelled)).toBe(id);
      }),
    );
  });

  it('the predicate holds exactly for the ids that normalize to themselves', () => {
    const noisy = fc.oneof(
      fc.string({ maxLength: 30 }),
      canonicalId.chain((id) =>
        fc
          .tuple(
            fc.nat({ max: id.length }),
            fc.constantFrom('(', ')', ' ', 'B', '#', '.', '9', '§', ''),
          )
          .map(([at, insert]) => `${id.slice(0, at)}${insert}${id.slice(at)}`),
      ),
    );
    fc.assert(
      fc.property(noisy, (input) => {
        const result = normalizeEarId(input);
        expect(isCanonicalDocId(input)).toBe(result.ok && result.id === input);
        if (result.ok) {
          expect(isCanonicalDocId(result.id)).toBe(true);
          expect(isCanonicalEarId(result.section_id)).toBe(true);
          expect(idOf(result.id)).toBe(result.id);
        }
      }),
    );
  });
});
