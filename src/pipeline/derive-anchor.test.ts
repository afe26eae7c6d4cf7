import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { clipSentence, deriveAnchor } from './derive-anchor.js';

describe('deriveAnchor', () => {
  test('takes the first sentence of the first line that is not a heading', () => {
    expect(deriveAnchor('## Ownership\n\nEach value has an owner. There can be only one.')).toBe(
      'Each value has an owner.',
    );
    expect(deriveAnchor('Title\n=====\n\n- a list item, first. More')).toBe('a list item, first.');
    expect(deriveAnchor('(a) Scope. This part applies to exports.')).toBe(
      'This part applies to exports.',
    );
    expect(deriveAnchor('# Only a heading')).toBeNull();
    expect(deriveAnchor('---\n\n***')).toBeNull();
  });

  test('skips designators, section signs, list markers and fenced code (the documented rule)', () => {
    expect(
      deriveAnchor('      (a)(1) No U.S. person may export any Schedule 3 chemical. More.'),
    ).toBe('No U.S. person may export any Schedule 3 chemical.');
    expect(deriveAnchor('      (a)  (1) A license is required for Iraq. Then.')).toBe(
      'A license is required for Iraq.',
    );
    expect(deriveAnchor('  § 745.1   Advance notification of exports.\n\nBody.')).toBe(
      'Advance notification of exports.',
    );
    expect(
      deriveAnchor('```rust\nlet s = String::from("hello");\n```\nThe string moves. Next.'),
    ).toBe('The string moves.');
    expect(deriveAnchor('~~~\ncode only\n~~~')).toBeNull();
    expect(deriveAnchor('- 1. (i) Nested markers go. Then more.')).toBe('Nested markers go.');
    expect(deriveAnchor('See e.g. the rules. Then.')).toBe('See e.g. the rules.');
  });

  test('is deterministic: the same text gives the same anchor', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        expect(deriveAnchor(text)).toBe(deriveAnchor(text));
      }),
    );
  });

  test('copes with CRLF and long lines', () => {
    expect(deriveAnchor('# H\r\n\r\nText after CRLF. Next.')).toBe('Text after CRLF.');
    const long = deriveAnchor(`${'word '.repeat(200)}end.`)!;
    expect(Array.from(long).length).toBe(160);
    expect(long.endsWith('…')).toBe(true);
  });

  test('property: the anchor is null or a non-empty single line of at most 160 code points', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (text) => {
        const anchor = deriveAnchor(text);
        if (anchor === null) return;
        expect(anchor.length).toBeGreaterThan(0);
        expect(Array.from(anchor).length).toBeLessThanOrEqual(160);
        expect(/[\n\r]/.test(anchor)).toBe(false);
      }),
    );
  });
});

describe('clipSentence', () => {
  /** The definition, over an array of code points. */
  const byPoints = (sentence: string): string => {
    const points = Array.from(sentence);
    return points.length <= 160 ? sentence : `${points.slice(0, 159).join('')}…`;
  };

  test('property: keeps a sentence of at most 160 code points, else its first 159 and `…`', () => {
    const unit = fc.constantFrom('a', ' ', 'é', '😀', '\ud800', '\udc00', '東');
    fc.assert(
      fc.property(fc.array(unit, { minLength: 150, maxLength: 330 }), (units) => {
        const sentence = units.join('');
        expect(clipSentence(sentence)).toBe(byPoints(sentence));
      }),
    );
  });
});
