import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alignChunkIds, type PreviousChunk } from '../../src/ids/align-chunk-ids.js';
import { mintChunkIds } from '../../src/ids/mint-chunk-ids.js';
import { validateChunkIds } from '../../src/ids/validate-chunk-ids.js';
import { paragraphDocument } from './paragraph-document.js';

const WORDS =
  'alpha beta gamma delta heap stack owner borrow slice string vector thread closure trait match'.split(
    ' ',
  );
const sentence = fc
  .array(fc.constantFrom(...WORDS), { minLength: 4, maxLength: 14 })
  .map((words) => `${words.join(' ')}.`);
const heading = fc.integer({ min: 1, max: 9 }).map((n) => `${n}. Part ${'ABCDEFGHI'[n - 1]}`);

type Edit =
  | { op: 'insert'; at: number; text: string }
  | { op: 'delete'; at: number }
  | { op: 'edit'; at: number; word: string }
  | { op: 'move'; from: number; to: number };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({
    op: fc.constant('insert' as const),
    at: fc.nat(),
    text: fc.oneof(sentence, heading),
  }),
  fc.record({ op: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('edit' as const), at: fc.nat(), word: fc.constantFrom(...WORDS) }),
  fc.record({ op: fc.constant('move' as const), from: fc.nat(), to: fc.nat() }),
);

function apply(paragraphs: string[], step: Edit): string[] {
  const out = [...paragraphs];
  const n = out.length;
  if (step.op === 'insert') out.splice(step.at % (n + 1), 0, step.text);
  else if (n > 1 && step.op === 'delete') out.splice(step.at % n, 1);
  else if (n > 0 && step.op === 'edit')
    out[step.at % n] = out[step.at % n]!.replace(/\w+/, step.word);
  else if (n > 1 && step.op === 'move')
    out.splice(step.to % (n - 1), 0, ...out.splice(step.from % n, 1));
  return out;
}

/** Paragraphs over ten words are two chunks (parts of one block), so part keys take part too. */
const split = { split_over_words: 10 };

describe('re-ingest over random edit histories', () => {
  it('keeps IDs unique, ordered, never reused; redirects land on live chunks; identical input changes nothing', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(sentence, heading), { minLength: 1, maxLength: 25 }),
        fc.array(fc.array(edit, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 8 }),
        (start, history) => {
          let paragraphs = start;
          const first = paragraphDocument(paragraphs, 'notes', split);
          const ids = mintChunkIds(first.doc, first.chunks);
          let previous: PreviousChunk[] = first.chunks.map((chunk, k) => ({
            chunk_id: ids[k]!,
            text: chunk.text,
          }));
          const everUsed = new Set(ids);
          for (const steps of history) {
            paragraphs = steps.reduce(apply, paragraphs);
            const { doc, chunks } = paragraphDocument(paragraphs, 'notes', split);
            const result = alignChunkIds(previous, doc, chunks, { retired_ids: everUsed });
            expect(alignChunkIds(previous, doc, chunks, { retired_ids: everUsed })).toEqual(result);
            expect(validateChunkIds({ ids: result.ids })).toEqual({ ok: true });
            const live = new Set(result.ids);
            const old = new Set(previous.map((chunk) => chunk.chunk_id));
            for (const id of result.ids) {
              // A new ID is never one that was used before, unless it is kept.
              if (!old.has(id)) expect(everUsed.has(id)).toBe(false);
            }
            for (const redirect of result.redirects) {
              expect(live.has(redirect.to)).toBe(true);
              expect(live.has(redirect.from)).toBe(false);
            }
            // Every old ID is live or redirected (the new version is never empty here).
            for (const id of old)
              expect(live.has(id) || result.redirects.some((r) => r.from === id)).toBe(true);
            if (result.change !== 'major') {
              expect(result.ids.filter((id) => old.has(id))).toHaveLength(result.stats.kept);
            }
            const again = alignChunkIds(
              result.ids.map((chunk_id, k) => ({ chunk_id, text: chunks[k]!.text })),
              doc,
              chunks,
            );
            expect(again.change).toBe('none');
            expect(again.ids).toEqual(result.ids);
            expect(again.redirects).toEqual([]);
            for (const id of result.ids) everUsed.add(id);
            previous = result.ids.map((chunk_id, k) => ({ chunk_id, text: chunks[k]!.text }));
          }
        },
      ),
    );
  });
});
