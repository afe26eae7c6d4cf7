import { describe, expect, test } from 'vitest';
import { CITATION, ID_7, ID_8 } from '../../test/cite/cite-fixtures.js';
import { projectCitation, projectCitations } from './project-citation.js';

const { snippet_id, offsets, score_raw, k_pos, ...rest } = CITATION;

/** What seed 001's `lc_project` reads: flat `start`/`end`, `score`, `k`. */
const SEED_METADATA = {
  ...rest,
  snippet_id,
  start: offsets.start,
  end: offsets.end,
  score: score_raw,
  k: k_pos,
};

describe('projectCitation', () => {
  test("reads seed 001's adapter names: start/end as char offsets, score as score_raw, k as k_pos", () => {
    const projected = projectCitation({ metadata: SEED_METADATA, source_keys: [] });
    expect(projected).toEqual({ ok: true, citation: CITATION });
  });

  test('metadata wins over the framework ids, which fill only what it lacks', () => {
    const { index_hash, embed_model, ...lacking } = CITATION;
    const projected = projectCitation(
      { metadata: { ...lacking, chunk_id: ID_8 }, source_keys: [], id: 'uuid-1', score: 0.5 },
      { index_hash: 'faiss:live', embed_model: 'e5' },
    );
    expect(projected.ok).toBe(true);
    expect(projected.citation).toMatchObject({
      snippet_id: ID_8,
      index_hash: 'faiss:live',
      embed_model: 'e5',
      analyzer: CITATION.analyzer,
      score_raw: 0.5,
    });
  });

  test("the index facts passed as options win over exported metadata's: the index that returned the result is the one cited", () => {
    // a chunk exported from the store names the lexical index it was exported from
    const projected = projectCitation(
      { metadata: CITATION, source_keys: [], score: 0.25 },
      { index_hash: 'faiss:live', embed_model: 'e5', analyzer: 'faiss-cosine' },
    );
    expect(projected.ok).toBe(true);
    expect(projected.citation).toMatchObject({
      index_hash: 'faiss:live',
      embed_model: 'e5',
      analyzer: 'faiss-cosine',
      score_raw: 0.25,
    });
    // without options the exported facts stay
    expect(projectCitation({ metadata: CITATION, source_keys: [] }).citation).toMatchObject({
      index_hash: CITATION.index_hash,
      embed_model: CITATION.embed_model,
    });
  });

  test('a plain framework document: one missing_<field> for each thing the payload needs, and missing_score', () => {
    const projected = projectCitation({
      metadata: { source: 'notes/keys.md', author: 'x' },
      source_keys: ['source'],
    });
    expect(projected.ok).toBe(false);
    if (projected.ok) return;
    expect(projected.issues.map((issue) => [issue.code, issue.path])).toEqual([
      ['missing_doc_id', '/doc_id'],
      ['missing_section_id', '/section_id'],
      ['missing_snippet_id', '/snippet_id'],
      ['missing_offsets', '/offsets'],
      ['missing_tokens', '/tokens'],
      ['missing_index_hash', '/index_hash'],
      ['missing_embed_model', '/embed_model'],
      ['missing_analyzer', '/analyzer'],
      ['missing_rev', '/rev'],
      ['missing_score', ''],
    ]);
    expect(projected.citation).toEqual({ source_url: 'notes/keys.md' });
  });

  test('values are never coerced: a string token count and a NaN score are wrong_type', () => {
    const projected = projectCitation({
      metadata: { ...CITATION, tokens: '188' },
      source_keys: [],
      score: Number.NaN,
    });
    expect(projected.ok).toBe(false);
    if (projected.ok) return;
    expect(projected.issues.map((issue) => [issue.code, issue.path])).toEqual([
      ['wrong_type', '/tokens'],
      ['wrong_type', '/score_raw'],
    ]);
  });

  test('snippet_ids: any accepts an id that is not a chunk ID', () => {
    const metadata = { ...CITATION, snippet_id: undefined };
    const source = { metadata, source_keys: [], id: '0b6e1c3a-uuid' };
    const strict = projectCitation(source);
    expect(strict.ok ? [] : strict.issues.map((issue) => issue.code)).toEqual([
      'malformed_snippet_id',
    ]);
    expect(projectCitation(source, { snippet_ids: 'any' }).ok).toBe(true);
  });
});

describe('projectCitations', () => {
  test('positions are k_pos unless the metadata has one; issues carry their index and path', () => {
    const { k_pos: _k, ...unranked } = CITATION;
    const projected = projectCitations([
      { metadata: unranked, source_keys: [] },
      { metadata: { ...unranked, snippet_id: ID_8, k_pos: 9 }, source_keys: [] },
      { metadata: { ...unranked, offsets: { start: 5, end: 5, unit: 'char' } }, source_keys: [] },
    ]);
    expect(projected.citations.map((c) => c.k_pos)).toEqual([1, 9, 3]);
    expect(projected.ok).toBe(false);
    if (projected.ok) return;
    expect(projected.issues.map((i) => [i.code, i.path, i.index, i.snippet_id])).toEqual([
      ['bad_offsets', '/2/offsets', 2, ID_7],
    ]);
  });
});
