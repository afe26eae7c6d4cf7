import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditAnswer } from '../../../src/cite/audit/audit-answer.js';
import { AUDIT_LIMITS } from '../../../src/cite/audit/audit-limits.js';
import { readGeminiAnswer } from '../../../src/cite/shapes/read-gemini.js';
import type { ChunkRow, ChunkStore } from '../../../src/store/types.js';
import { type AuditStore, CHAPTERS, openAuditStore } from './audit-store.js';
import { buildAnswer } from './shape-fixtures.js';

/**
 * The audit's cost is bounded per request: an answer past a bound is
 * refused before the store is read at all, counted as calls on the real
 * store; a Gemini answer's supports x chunk indices are counted before any
 * citation is built, counted as reads of its grounding chunks.
 */
let s: AuditStore;
let A: ChunkRow;
let sourceUrl: string;
let rev: string;

beforeAll(async () => {
  s = await openAuditStore();
  A = (await s.live(CHAPTERS[0]!)).find((c) => c.text.split(/\s+/u).length >= 24)!;
  sourceUrl = (await s.store.getDocumentById(A.document_id))!.source_url;
  rev = (await s.store.listVersions(A.document_id)).find((v) => v.id === A.version_id)!.rev;
}, 120_000);

afterAll(async () => {
  await s?.dispose();
});

/** The real store, every method call counted. */
function counted(store: ChunkStore): { store: ChunkStore; calls: () => number } {
  let calls = 0;
  const proxy = new Proxy(store, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls++;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { store: proxy, calls: () => calls };
}

/** A cairn answer citing chunk A once per quote. */
function cairnAnswer(quotes: string[]): string {
  const one = JSON.parse(
    buildAnswer('cairn', { chunk: A, source_url: sourceUrl, rev, quote: 'x' }).answer,
  );
  const template = one.citations[0];
  one.citations = quotes.map((quote) => ({ ...template, quote }));
  return JSON.stringify(one);
}

/** Words in no chunk: each such quote would be searched for across the store. */
const fabricated = (i: number, chars: number) =>
  `marsh lantern ${i} `.repeat(Math.ceil(chars / 16)).slice(0, chars);

describe('an audit past its bounds is refused before the store is read', () => {
  test('within the bounds the audit reads the store (the counter counts)', async () => {
    const { store, calls } = counted(s.store);
    const report = await auditAnswer(store, cairnAnswer([fabricated(0, 200)]));
    expect(report.citations).toHaveLength(1);
    expect(calls()).toBeGreaterThan(0);
  });

  const cases: [string, () => string[], Record<string, number>][] = [
    [
      'more citations than the bound',
      () => Array.from({ length: AUDIT_LIMITS.max_citations + 1 }, (_, i) => fabricated(i, 40)),
      { citations: AUDIT_LIMITS.max_citations + 1 },
    ],
    [
      'one quote longer than the bound',
      () => [fabricated(1, 100), fabricated(2, AUDIT_LIMITS.max_quote_chars + 1)],
      { citation: 1, quote_chars: AUDIT_LIMITS.max_quote_chars + 1 },
    ],
    [
      'quotes each within the bound whose total is past it',
      () =>
        Array.from(
          { length: Math.floor(AUDIT_LIMITS.max_quoted_chars / AUDIT_LIMITS.max_quote_chars) + 1 },
          (_, i) => fabricated(i, AUDIT_LIMITS.max_quote_chars),
        ),
      { limit: AUDIT_LIMITS.max_quoted_chars },
    ],
  ];
  for (const [name, quotes, details] of cases) {
    test(`${name}: input_too_large, no store call`, async () => {
      const { store, calls } = counted(s.store);
      const error = await auditAnswer(store, cairnAnswer(quotes())).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'input_too_large', details });
      expect(calls()).toBe(0);
    });
  }
});

describe("a Gemini answer's supports x chunk indices", () => {
  test('80 supports of 10,000 indices each: refused before one grounding chunk is read', () => {
    let reads = 0;
    const chunks = new Proxy(
      Array.from({ length: 10_000 }, (_, i) => ({
        retrievedContext: { title: `chunk ${i}`, uri: `https://docs.example/${i}` },
      })),
      {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^\d+$/u.test(key)) reads++;
          return Reflect.get(target, key, receiver);
        },
      },
    );
    const indices = Array.from({ length: 10_000 }, (_, i) => i);
    const response = {
      candidates: [
        {
          content: { parts: [{ text: 'An answer that names every chunk.' }] },
          groundingMetadata: {
            groundingChunks: chunks,
            groundingSupports: Array.from({ length: 80 }, () => ({
              segment: { text: 'An answer that names every chunk.' },
              groundingChunkIndices: indices,
            })),
          },
        },
      ],
    };
    expect(() => readGeminiAnswer(response)).toThrow(
      expect.objectContaining({
        code: 'input_too_large',
        details: expect.objectContaining({ citations: 800_000 }),
      }),
    );
    expect(reads).toBe(0);
  });
});
