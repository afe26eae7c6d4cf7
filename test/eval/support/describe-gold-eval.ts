import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type GoldEvalReport, runGoldEval } from '../../../src/eval/run-gold-eval.js';
import type { TemporaryStore } from '../../../src/store/open-store.js';
import type { ChunkStore } from '../../../src/store/types.js';
import { tempDir } from '../../support/temp-dir.js';
import { AFTER_FILES, FILES, loadScenarioGold, storeFiles, writeFiles } from './gold-scenario.js';

export interface GoldEvalBackend {
  store: ChunkStore;
  openTemporary: () => Promise<TemporaryStore>;
  dispose: () => Promise<void>;
}

/** The metrics of `cairn eval gold` on the hand-made scenario, pinned on one backend. */
export function describeGoldEval(open: () => Promise<GoldEvalBackend>): void {
  let backend: GoldEvalBackend;
  let report: GoldEvalReport;

  beforeAll(async () => {
    backend = await open();
    const dir = writeFiles(join(tempDir('cairn-gold-'), 'v1'), FILES);
    await storeFiles(backend.store, dir, ['own.md', 'borrow.md']);
    const after = writeFiles(join(tempDir('cairn-gold-'), 'v2'), AFTER_FILES);
    report = await runGoldEval(backend.store, await loadScenarioGold(backend.store), {
      k: 10,
      open_temporary: backend.openTemporary,
      after,
    });
  }, 60_000);

  afterAll(async () => {
    await backend?.dispose();
  });

  test('each question is ranked where its words are: q-heap and q-ref first, q-miss nowhere', () => {
    expect(report.per_question.map((q) => [q.id, q.rank])).toEqual([
      ['q-heap', 1],
      ['q-miss', null],
      ['q-ref', 1],
    ]);
    // the stack paraphrase finds The Stack only: the gold span is not in its hits
    expect(report.per_question[0]!.phrasings.map((p) => p.rank)).toEqual([1, 1, 1, null]);
  });

  test('hit@k and MRR over questions (2 of 3) and over phrasings (7 of 12)', () => {
    expect(report.overall.questions).toEqual({
      count: 3,
      hit_at_1: 2 / 3,
      hit_at_5: 2 / 3,
      hit_at_10: 2 / 3,
      mrr: 2 / 3,
    });
    expect(report.overall.phrasings).toMatchObject({
      count: 12,
      hit_at_1: 7 / 12,
      hit_at_10: 7 / 12,
      mrr: 7 / 12,
    });
  });

  test('coverage: every top hit inside the gold section for q-heap and q-ref, none for the miss', () => {
    expect(report.per_question.map((q) => q.coverage)).toEqual([1, 0, 1]);
    expect(report.overall.coverage).toBeCloseTo(2 / 3, 12);
  });

  test('agreement: the stack paraphrase makes q-heap divergent; q-ref is convergent; a miss is divergent', () => {
    expect(report.per_question.map((q) => q.lambda)).toEqual([
      'divergent',
      'divergent',
      'convergent',
    ]);
    expect(report.per_question[0]!.phrasings.map((p) => p.top_label)).toEqual([
      'Ownership > The Heap',
      'Ownership > The Heap',
      'Ownership > The Heap',
      'Ownership > The Stack',
    ]);
    expect(report.overall.convergent_share).toBeCloseTo(1 / 3, 12);
  });

  test('the miss is listed with its question and gold section', () => {
    expect(report.misses).toEqual([
      {
        id: 'q-miss',
        question: 'zebra xylophone quantum',
        section: 'Borrowing > Slices',
        retrieved_sections: [],
      },
    ]);
  });

  test('fused: each question and its paraphrases as one search; each phrasing position scored alone', async () => {
    const fused = await runGoldEval(backend.store, await loadScenarioGold(backend.store), {
      k: 10,
      fused: true,
    });
    // three of q-heap's four phrasings put The Heap first, so the fused ranking does
    expect(fused.per_question.map((q) => [q.id, q.fused_rank])).toEqual([
      ['q-heap', 1],
      ['q-miss', null],
      ['q-ref', 1],
    ]);
    expect(fused.overall.fused).toMatchObject({ count: 3, hit_at_1: 2 / 3, hit_at_5: 2 / 3 });
    // position 0 is the question as written; the stack paraphrase (position 3) misses q-heap's span
    expect(fused.overall.by_phrasing[0]).toEqual(fused.overall.questions);
    expect(fused.overall.by_phrasing[3]!.hit_at_1).toBeLessThan(fused.overall.fused!.hit_at_1!);
    // without the option there is no fused figure
    expect(report.overall.fused).toBeUndefined();
  });

  test('determinism: the store ingested in the other order ranks every phrasing alike', () => {
    expect(report.overall.determinism).toEqual({
      status: 'identical',
      documents: 2,
      queries: 12,
      differences: [],
    });
  });

  test('re-ingest: the heap hit, moved after Registers, is followed through its redirect and still covers; the reworded reference is lost', () => {
    const reingest = report.overall.reingest!;
    expect(reingest).toMatchObject({
      updated: 2,
      unchanged: 0,
      unmatched_files: [],
      hits_followed: 2,
      redirected: 1,
      still_cover: 1,
      share: 0.5,
    });
    expect(reingest.lost).toEqual([expect.objectContaining({ id: 'q-ref', reason: 'quote_gone' })]);
  });

  test('ΔS is null: lexical search embeds nothing', () => {
    expect(report.mode).toBe('lexical');
    expect(report.overall.delta_s.median).toBeNull();
    expect(report.overall.delta_s.share_at_most_0_45).toBeNull();
  });
}
