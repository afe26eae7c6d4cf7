import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCorpusValidator } from '../../src/corpus/create-corpus-validator.js';
import { validateCorpusText } from '../../src/corpus/validate-corpus-stream.js';
import { CLEAN_DOCS, toJsonl } from './corpus-fixtures.js';

describe('corpus validator properties', () => {
  it('never throws, and reports issues in line order within the file', () => {
    const line = fc.oneof(
      fc.string(),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.constantFrom(...CLEAN_DOCS.map((d) => JSON.stringify(d))),
      fc
        .record({
          field: fc.constantFrom('doc_id', 'parent_id', 'section_id', 'ordinal', 'chunk_kind'),
          value: fc.jsonValue(),
        })
        .map(({ field, value }) => JSON.stringify({ ...CLEAN_DOCS[2], [field]: value })),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const validator = createCorpusValidator();
        for (const l of lines) validator.pushLine(l);
        const result = validator.finish();
        expect(result.stats.lines).toBe(lines.length);
        if (!result.ok) {
          const at = result.issues.map((i) => i.line);
          expect(at).toEqual([...at].sort((a, b) => a - b));
          // an empty file has one issue, empty_corpus, reported at line 1
          for (const n of at) expect(n >= 1 && n <= Math.max(1, lines.length)).toBe(true);
          expect(result.stats.issues).toBe(result.issues.length);
        }
      }),
    );
  });

  it('judges a corpus the same in any line order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray(CLEAN_DOCS, { minLength: CLEAN_DOCS.length }),
        async (docs) => {
          expect((await validateCorpusText(toJsonl(docs))).ok).toBe(true);
        },
      ),
    );
  });

  it('reports a repeated line once, as a duplicate at the later line', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: CLEAN_DOCS.length - 1 }),
        fc.nat({ max: CLEAN_DOCS.length }),
        async (pick, at) => {
          const lines = [...CLEAN_DOCS];
          lines.splice(at, 0, CLEAN_DOCS[pick]!);
          const result = await validateCorpusText(toJsonl(lines));
          expect(result.ok).toBe(false);
          if (result.ok) return;
          const later = at <= pick ? pick + 2 : at + 1;
          expect(result.issues.map((i) => [i.code, i.line])).toEqual([['duplicate_doc_id', later]]);
        },
      ),
    );
  });
});
