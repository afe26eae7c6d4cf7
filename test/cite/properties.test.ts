import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAnswerJson } from '../../src/cite/parse-answer-json.js';
import { validateAnswer } from '../../src/cite/validate-answer.js';
import { validateCitations } from '../../src/cite/validate-citations.js';
import { ANSWER } from './answer-fixtures.js';
import { CITATION } from './cite-fixtures.js';

describe('cite validator properties', () => {
  it('never throw on arbitrary JSON values, and every issue has a code, a path and a message', () => {
    const value = fc.oneof(
      fc.jsonValue(),
      fc.record({ citations: fc.array(fc.jsonValue(), { maxLength: 3 }) }),
      fc
        .record({ field: fc.constantFrom(...Object.keys(CITATION)), value: fc.jsonValue() })
        .map(({ field, value }) => [{ ...CITATION, [field]: value }]),
      fc
        .record({
          field: fc.constantFrom('citations', 'answer', 'segments', 'ΔS'),
          value: fc.jsonValue(),
        })
        .map(({ field, value }) => ({ ...ANSWER, [field]: value })),
    );
    fc.assert(
      fc.property(value, (v) => {
        for (const result of [validateCitations(v), validateAnswer(v)]) {
          if (result.ok) continue;
          expect(result.issues.length).toBeGreaterThan(0);
          for (const issue of result.issues) {
            expect(issue.code).toMatch(/^[a-z_]+$/);
            expect(typeof issue.message).toBe('string');
            expect(issue.path === '' || issue.path.startsWith('/')).toBe(true);
          }
        }
      }),
    );
  });

  it('parseAnswerJson agrees with JSON.parse on any JSON text, and never throws on any string', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const text = JSON.stringify(v);
        const result = parseAnswerJson(text);
        // fast-check generates prototype keys on purpose: those, and only those, are refused
        if (result.ok)
          expect(result).toEqual({ ok: true, value: JSON.parse(text), trailing_text: null });
        else expect(result.issues.every((i) => i.code === 'forbidden_key')).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        let native = true;
        try {
          JSON.parse(text);
        } catch {
          native = false;
        }
        const result = parseAnswerJson(text);
        // JSON.parse accepts duplicate and prototype keys; the rest must agree
        if (result.ok) expect(native).toBe(true);
        else if (
          result.issues[0]!.code === 'malformed_json' ||
          result.issues[0]!.code === 'trailing_content'
        )
          expect(native).toBe(false);
      }),
    );
  });

  it('validators do not depend on key order, except cite-first', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(Object.entries(CITATION), { minLength: Object.keys(CITATION).length }),
        (entries) => {
          expect(validateCitations([Object.fromEntries(entries)])).toEqual({ ok: true });
        },
      ),
    );
  });
});
