import { describe, expect, it } from 'vitest';
import { parseAnswerJson } from '../../src/cite/parse-answer-json.js';
import { validateAnswer } from '../../src/cite/validate-answer.js';
import { ANSWER, ANSWER_FIXTURES, ITEM, SEGMENTED } from './answer-fixtures.js';

const roundTrip = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('validateAnswer', () => {
  it("accepts the seed's answer and a segmented one; every citation unverified without a store", () => {
    const single = validateAnswer(roundTrip(ANSWER));
    expect(single.ok).toBe(true);
    expect(single.segments).toBe(1);
    expect(single.citations).toEqual([
      {
        segment: 0,
        index: 0,
        path: '/citations/0',
        snippet_id: ITEM.snippet_id,
        status: 'unverified',
        reason: 'not_checked_against_store',
        detail: null,
        resolved_snippet_id: null,
        hops: [],
        warnings: [],
      },
      expect.objectContaining({
        index: 1,
        path: '/citations/1',
        reason: 'not_checked_against_store',
      }),
    ]);
    const segmented = validateAnswer(roundTrip(SEGMENTED));
    expect(segmented.ok).toBe(true);
    expect(segmented.citations.map((c) => c.path)).toEqual([
      '/segments/0/citations/0',
      '/segments/1/citations/0',
    ]);
  });

  it.each(ANSWER_FIXTURES.map((f) => [f.name, f.code, f] as const))(
    'reports %s as %s',
    (_n, code, fixture) => {
      const result = validateAnswer(roundTrip(fixture.answer), fixture.options);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.issues.map((i) => i.code)).toContain(code);
    },
  );

  it('marks a broken citation invalid_citation and locates its issue', () => {
    const answer = roundTrip({
      segments: [
        SEGMENTED.segments[0],
        { citations: [ITEM, { ...ITEM, offsets: { start: 9, end: 3, unit: 'char' } }], text: 'b' },
      ],
    });
    const result = validateAnswer(answer);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toHaveLength(1);
    expect(result.issues[0]).toMatchObject({
      code: 'bad_offsets',
      segment: 1,
      index: 1,
      path: '/segments/1/citations/1/offsets',
    });
    expect(result.issues[0]!.message).toMatch(/\(segment 1, citation 1, snippet "handbook_2024/);
    expect(result.citations.map((c) => c.reason)).toEqual([
      'not_checked_against_store',
      'not_checked_against_store',
      'invalid_citation',
    ]);
  });

  it('checks the full payload profile when asked', () => {
    const result = validateAnswer(roundTrip(ANSWER), { profile: 'payload' });
    expect(!result.ok && result.issues.map((i) => i.code)).toContain('missing_index_hash');
  });

  it('takes parseAnswerJson output end to end', () => {
    const parsed = parseAnswerJson(JSON.stringify(ANSWER));
    expect(parsed.ok && validateAnswer(parsed.value).ok).toBe(true);
  });

  it('takes an answer with 40,000 citations and 200,000 issues without overflowing the stack', () => {
    // a 10 MB answer of {} citations: collecting its issues must not overflow the call stack
    const answer = { citations: Array.from({ length: 40_000 }, () => ({})), answer: 'a' };
    const result = validateAnswer(answer, { max_citations: 40_000 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.length).toBeGreaterThanOrEqual(200_000);
    expect(result.citations).toHaveLength(40_000);
  });
});

describe('validateAnswer past max_citations', () => {
  it('too many segments, or too many citations across them, is one too_many_items issue', () => {
    const segments = validateAnswer(
      { segments: Array.from({ length: 5 }, () => ({ citations: [ITEM], text: 'x' })) },
      { max_citations: 4 },
    );
    expect(segments.ok ? [] : segments.issues.map((i) => [i.code, i.path])).toEqual([
      ['too_many_items', '/segments'],
    ]);
    const cited = validateAnswer(
      {
        segments: [
          { citations: [ITEM, ITEM, ITEM], text: 'x' },
          { citations: [ITEM, ITEM], text: 'y' },
        ],
      },
      { max_citations: 4 },
    );
    expect(cited.ok ? [] : cited.issues.map((i) => [i.code, i.path, i.message])).toEqual([
      [
        'too_many_items',
        '',
        '5 citations: more than the 4 one input may hold (max_citations); nothing else was checked',
      ],
    ]);
    expect(validateAnswer(SEGMENTED, { max_citations: 4 }).ok).toBe(validateAnswer(SEGMENTED).ok);
  });
});
