import { describe, expect, it } from 'vitest';
import { validateCitations } from '../../src/cite/validate-citations.js';
import { CITATION, CLEAN_PAYLOADS, ID_7, ID_8, RULE_FIXTURES, with_ } from './cite-fixtures.js';

describe('validateCitations', () => {
  it.each(CLEAN_PAYLOADS.map((f) => [f.name, f] as const))('accepts %s', (_n, fixture) => {
    const input = JSON.parse(JSON.stringify(fixture.input));
    expect(validateCitations(input)).toEqual({ ok: true });
  });

  it.each(RULE_FIXTURES.map((f) => [f.name, f.code, f] as const))(
    'reports %s as %s',
    (_n, code, fixture) => {
      const input = JSON.parse(JSON.stringify(fixture.input));
      const result = validateCitations(input, fixture.options);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.issues.map((i) => i.code)).toContain(code);
      for (const issue of result.issues) {
        expect(issue.message.length).toBeGreaterThan(0);
        expect(issue.path.startsWith('/') || issue.path === '').toBe(true);
      }
    },
  );

  it("points into a search result's hits", () => {
    const result = validateCitations({
      hits: [CITATION, with_({ offsets: { start: 1500, end: 1400, unit: 'char' } })],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => [i.code, i.path])).toEqual([
      ['bad_offsets', '/hits/1/offsets'],
    ]);
  });

  it('says where bad offsets are, in the one message format', () => {
    const result = validateCitations({
      citations: [CITATION, CITATION, with_({ offsets: { start: 1500, end: 1400, unit: 'char' } })],
    });
    expect(result).toEqual({
      ok: false,
      issues: [
        {
          code: 'bad_offsets',
          field: 'offsets',
          expected: '0 <= start < end',
          received: '1500..1400',
          path: '/citations/2/offsets',
          segment: null,
          index: 2,
          snippet_id: ID_7,
          message: `Bad offsets: expected 0 <= start < end, received 1500..1400 (citation 2, snippet "${ID_7}")`,
        },
      ],
    });
  });

  it('names the text length when it knows it', () => {
    const result = validateCitations([CITATION], { text_lengths: { handbook_2024: 2500 } });
    expect(!result.ok && result.issues[0]!.message).toContain(
      'expected 0 <= start < end <= 2500, received 2310..2688',
    );
  });

  it('finds the document of a citation without doc_id through its chunk ID', () => {
    const { doc_id: _d, ...noDoc } = CITATION;
    const result = validateCitations([noDoc], {
      profile: 'answer',
      text_lengths: { handbook_2024: 100 },
    });
    expect(!result.ok && result.issues.map((i) => i.code)).toEqual(['bad_offsets']);
  });

  it('offsets without a unit say "no unit", not "unit nothing"', () => {
    const result = validateCitations([with_({ offsets: { start: 0, end: 5 } })]);
    expect(!result.ok && result.issues.map((i) => i.message)).toEqual([
      expect.stringMatching(/^Bad offsets: expected unit "char", received no unit \(citation 0/),
    ]);
  });

  it('lifts the section fence when asked, or for whitelisted sections', () => {
    const mixed = [CITATION, with_({ section_id: 'glossary' })];
    expect(validateCitations(mixed).ok).toBe(false);
    expect(validateCitations(mixed, { allow_cross_section_reuse: true }).ok).toBe(true);
    expect(validateCitations(mixed, { cross_section_whitelist: ['glossary'] }).ok).toBe(true);
  });

  it('fences off the same section path of another document: cairn section ids are per document', () => {
    const otherDoc = with_({
      doc_id: 'manual_2025',
      snippet_id: 'manual_2025|r=0a1b2c3d|s=02.04.01-|p=014|b=007',
      rev: '0a1b2c3',
    });
    const result = validateCitations([CITATION, otherDoc]);
    expect(!result.ok && result.issues.map((i) => [i.code, i.path])).toEqual([
      ['cross_section_reuse', '/1/section_id'],
    ]);
    expect(!result.ok && result.issues[0]!.message).toBe(
      'Cross-section reuse: expected section_id "policies/security/keys" of document "handbook_2024" (of citation 0), received section_id "policies/security/keys" of document "manual_2025" (citation 1, snippet "manual_2025|r=0a1b2c3d|s=02.04.01-|p=014|b=007")',
    );
    expect(validateCitations([CITATION, otherDoc], { allow_cross_section_reuse: true }).ok).toBe(
      true,
    );
    // the document read from the chunk ID when doc_id is absent
    const { doc_id: _d, ...noDoc } = otherDoc;
    expect(validateCitations([CITATION, noDoc], { profile: 'answer' }).ok).toBe(false);
  });

  it('accepts the live index hash, analyzer and rev when they match', () => {
    const options = {
      index_hash: CITATION.index_hash,
      analyzer: CITATION.analyzer,
      revs: { handbook_2024: CITATION.rev },
      ranked: true,
      require_k_pos: true,
    };
    expect(validateCitations([CITATION], options)).toEqual({ ok: true });
  });

  it('orders reranked hits by rerank_score first, then by the seed tie-break', () => {
    const reranked = [
      with_({ snippet_id: ID_8, score_norm: 0.5, rerank_score: 0.9 }),
      with_({ score_norm: 1, rerank_score: 0.7 }),
    ];
    expect(validateCitations(reranked, { ranked: true })).toEqual({ ok: true });
    const swapped = [reranked[1], reranked[0]];
    const result = validateCitations(swapped, { ranked: true });
    expect(!result.ok && result.issues.map((i) => i.code)).toEqual(['bad_order']);
    const tied = [
      with_({ snippet_id: ID_8, score_norm: 0.5, rerank_score: 0.9 }),
      with_({ score_norm: 1, rerank_score: 0.9 }),
    ];
    const tieResult = validateCitations(tied, { ranked: true });
    expect(!tieResult.ok && tieResult.issues.map((i) => i.code)).toEqual(['bad_order']);
  });

  it('accepts any snippet_id when told so', () => {
    expect(
      validateCitations([with_({ snippet_id: 'hb24-sec-keys-0007' })], { snippet_ids: 'any' }).ok,
    ).toBe(true);
  });

  it('gives each missing field its own code', () => {
    const result = validateCitations([{}]);
    expect(!result.ok && result.issues.map((i) => i.code)).toEqual([
      'missing_doc_id',
      'missing_section_id',
      'missing_snippet_id',
      'missing_source_url',
      'missing_offsets',
      'missing_tokens',
      'missing_index_hash',
      'missing_embed_model',
      'missing_analyzer',
      'missing_rev',
      'missing_score',
    ]);
  });

  it('reads only own properties: a citation inheriting every field is empty', () => {
    const inherited = Object.create(CITATION);
    const result = validateCitations([inherited]);
    expect(!result.ok && result.issues[0]!.code).toBe('missing_doc_id');
  });

  it('clips what an issue quotes: a huge first section_id is not copied into every later issue', () => {
    // quoted whole, 4 MB of input gives 11,010 issues of 4 MB each: too long for --json to write
    const huge = 's'.repeat(1_000_000);
    const list = [
      with_({ section_id: huge }),
      ...Array.from({ length: 50 }, (_, i) => with_({ section_id: `t${i}` })),
    ];
    const result = validateCitations(list, { snippet_ids: 'any' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.filter((i) => i.code === 'cross_section_reuse')).toHaveLength(50);
    for (const issue of result.issues) expect(JSON.stringify(issue).length).toBeLessThan(2000);
  });
});

describe('validateCitations on a list past max_citations', () => {
  it('reports one too_many_items issue and checks nothing else; at the limit it checks every citation', () => {
    // checked one by one, three million {} in a 10 MB list give tens of millions of issues
    const over = validateCitations(
      Array.from({ length: 10_001 }, () => ({})),
      {},
    );
    expect(over).toEqual({
      ok: false,
      issues: [
        expect.objectContaining({
          code: 'too_many_items',
          items: 'citations',
          count: 10_001,
          limit: 10_000,
          path: '',
        }),
      ],
    });
    const at = validateCitations({ citations: [CITATION, CITATION, {}] }, { max_citations: 3 });
    const codes = at.ok ? [] : at.issues.map((i) => i.code);
    expect(codes).toContain('missing_snippet_id');
    expect(codes).not.toContain('too_many_items');
    const past = validateCitations({ citations: [CITATION, CITATION, {}] }, { max_citations: 2 });
    expect(past.ok ? [] : past.issues.map((i) => [i.code, i.path, i.message])).toEqual([
      [
        'too_many_items',
        '/citations',
        '3 citations: more than the 2 one input may hold (max_citations); nothing else was checked',
      ],
    ]);
  });
});
