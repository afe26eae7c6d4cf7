import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditAnswer } from '../../../src/cite/audit/audit-answer.js';
import type { ChunkRow } from '../../../src/store/types.js';
import { type AuditStore, CHAPTERS, openAuditStore } from './audit-store.js';
import { buildAnswer, type Shape } from './shape-fixtures.js';

let s: AuditStore;
let gc: ChunkRow;
let sourceUrl: string;
let rev: string;

beforeAll(async () => {
  s = await openAuditStore();
  gc = (await s.live(CHAPTERS[0]!)).find((c) => c.text.includes('Some languages have garbage'))!;
  const document = (await s.store.getDocumentById(gc.document_id))!;
  sourceUrl = document.source_url;
  rev = (await s.store.listVersions(gc.document_id)).find((v) => v.id === gc.version_id)!.rev;
}, 120_000);

afterAll(async () => {
  await s?.dispose();
});

const audit = (shape: Shape, quote: string) =>
  auditAnswer(
    s.store,
    buildAnswer(shape, { chunk: gc, source_url: sourceUrl, rev, quote, shift: 0 }).answer,
  );

describe('an elided quote must not skip a clause boundary of the stored text', () => {
  test('the Rust book: "..." over "; in other languages," would reverse the sentence; it is not verified', async () => {
    // the book: "Some languages have garbage collection that regularly looks for no-longer-used
    // memory as the program runs; in other languages, the programmer must explicitly allocate
    // and free the memory."
    const spliced =
      'Some languages have garbage collection ... the programmer must explicitly allocate and free the memory';
    for (const shape of ['cairn', 'anthropic', 'gemini'] as const) {
      const [c] = (await audit(shape, spliced)).citations;
      expect([c!.status, c!.code, c!.quote?.status, c!.quote?.detail], shape).toEqual([
        'unverified',
        'quote_not_found',
        'not_found',
        'elision_crosses_clause',
      ]);
    }
  });

  test('an elision inside one clause of the same sentence still verifies', async () => {
    const within =
      'Some languages have garbage collection ... looks for no-longer-used memory as the program runs';
    const [c] = (await audit('cairn', within)).citations;
    expect([c!.status, c!.quote?.status]).toEqual(['verified', 'elided']);
  });
});
