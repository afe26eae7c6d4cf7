import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditAnswer } from '../../../src/cite/audit/audit-answer.js';
import { anthropicAnswer } from '../../../src/eval/run-claims-eval.js';
import type { ChunkRow } from '../../../src/store/types.js';
import { type AuditStore, openAuditStore } from './audit-store.js';

let fixture: AuditStore;
let ownership: ChunkRow[];

beforeAll(async () => {
  fixture = await openAuditStore();
  ownership = await fixture.live('ch04-01-what-is-ownership.md');
});
afterAll(async () => fixture.dispose());

const chunkWith = (words: string): ChunkRow => {
  const found = ownership.find((c) => c.text.includes(words));
  if (found === undefined) throw new Error(`no chunk holds ${words}`);
  return found;
};

/** An Anthropic answer whose one text block cites `quote` with a block range. */
function withBlocks(claim: string, chunk: ChunkRow, quote: string, start: number, end: number) {
  const answer = JSON.parse(anthropicAnswer(claim, chunk.chunk_id, quote));
  Object.assign(answer.content[0].citations[0], { start_block_index: start, end_block_index: end });
  return JSON.stringify(answer);
}

describe('claims in an audited answer', () => {
  const rule = 'When the owner goes out of scope, the value will be dropped.';

  it('verifies a genuine cited_text under a one-block range written [i, i]', async () => {
    const report = await auditAnswer(fixture.store, withBlocks(rule, chunkWith(rule), rule, 0, 0));
    expect(report.citations[0]).toMatchObject({ status: 'verified', code: 'quote_verified' });
  });

  it('verifies a genuine cited_text under a one-block range written [i, i + 1)', async () => {
    const report = await auditAnswer(fixture.store, withBlocks(rule, chunkWith(rule), rule, 0, 1));
    expect(report.citations[0]).toMatchObject({ status: 'verified', code: 'quote_verified' });
  });

  it('still refuses a block range that runs backwards', async () => {
    const report = await auditAnswer(fixture.store, withBlocks(rule, chunkWith(rule), rule, 2, 1));
    expect(report.citations[0]).toMatchObject({ status: 'unverified', code: 'offsets_mismatch' });
  });

  it('supports a restatement and contradicts a flipped one, citing the same genuine quote', async () => {
    const chunk = chunkWith(rule);
    const faithful = await auditAnswer(
      fixture.store,
      anthropicAnswer(
        'When its owner goes out of scope, the value is dropped.',
        chunk.chunk_id,
        rule,
      ),
    );
    const flipped = await auditAnswer(
      fixture.store,
      anthropicAnswer(
        'When the owner goes out of scope, the value will not be dropped.',
        chunk.chunk_id,
        rule,
      ),
    );
    expect(faithful.citations[0]!.status).toBe('verified');
    expect(flipped.citations[0]!.status).toBe('verified');
    expect(faithful.claims.map((c) => c.support)).toEqual(['supported']);
    expect(flipped.claims[0]).toMatchObject({ support: 'contradicted' });
    expect(flipped.claims[0]!.reasons.map((r) => r.code)).toContain('negation_flipped');
  });

  it('does not pass a sentence that cites a genuine quote but says something else', async () => {
    const chunk = chunkWith(rule);
    const report = await auditAnswer(
      fixture.store,
      anthropicAnswer(
        'Channels are always faster than mutexes, and Mutex<T> is deprecated.',
        chunk.chunk_id,
        rule,
      ),
    );
    expect(report.citations[0]!.status).toBe('verified');
    expect(report.claims[0]!.support).not.toBe('supported');
    expect(report.claim_summary).toMatchObject({ claims: 1, supported: 0 });
  });

  it('reports a claim beside its passage with both texts and their offsets', async () => {
    const chunk = chunkWith(rule);
    const report = await auditAnswer(
      fixture.store,
      anthropicAnswer(
        'When the owner goes out of scope, the value will never be dropped.',
        chunk.chunk_id,
        rule,
      ),
    );
    const reason = report.claims[0]!.reasons.find((r) => r.code === 'negation_flipped')!;
    expect(reason.claim_text).toContain('never');
    expect(reason.passage_text).toContain('dropped');
    expect(reason.passage_start).toBeGreaterThanOrEqual(chunk.char_start);
    expect(reason.passage_end).toBeLessThanOrEqual(chunk.char_end);
    expect(reason.chunk_id).toBe(chunk.chunk_id);
  });

  it('marks a statement with no citation uncited and leaves an introduction out', async () => {
    const chunk = chunkWith(rule);
    const answer = JSON.parse(anthropicAnswer(rule, chunk.chunk_id, rule));
    answer.content.unshift({ type: 'text', text: 'Here is what the sources say:\n' });
    answer.content.push({
      type: 'text',
      text: ' Rust compiles to machine code without a garbage collector.',
    });
    const report = await auditAnswer(fixture.store, JSON.stringify(answer));
    expect(report.claims.map((c) => [c.support, c.citations])).toEqual([
      ['supported', [0]],
      ['uncited', []],
    ]);
  });
});
