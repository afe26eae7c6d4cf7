import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { search } from '../../src/search/search.js';
import { HEADING_WEIGHT, tsRankWeights } from '../../src/store/heading-field.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkStore } from '../../src/store/types.js';
import { corpusPath } from '../corpora.js';
import {
  dropSchema,
  PG_URL,
  pgQuery,
  postgresSkipReason,
  uniqueSchema,
} from '../store/pg-support.js';

/**
 * A PostgreSQL search pays a round trip per statement, which SQLite, in
 * process, does not: the statements of one search are pinned here, counted
 * through the driver's statement hook. Its scores are BM25's over the
 * chunker's rows of every version, as counted straight from the table.
 */

const CHAPTERS = [
  'ch04-01-what-is-ownership.md',
  'ch04-02-references-and-borrowing.md',
  'ch16-01-threads.md',
];
const QUERY = 'ownership borrowing threads scope';

const skip = await postgresSkipReason();

describe.skipIf(skip !== null)('a PostgreSQL search', () => {
  const schema = uniqueSchema('cairn_rt');
  let dir: string;
  let store: ChunkStore;
  let statements: string[] | null = null;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cairn-round-trips-'));
    for (const chapter of CHAPTERS)
      copyFileSync(corpusPath('rustbook', chapter), join(dir, chapter));
    store = await openStore({
      db: PG_URL,
      schema,
      on_statement: (_n, sql) => statements?.push(sql),
    });
    expect((await ingestSources(store, CHAPTERS, { workers: 0, cwd: dir })).failed).toBe(0);
    // an old version and a removed document: their chunks still count for N and df, as in FTS5
    const edited = join(dir, CHAPTERS[2]!);
    writeFileSync(
      edited,
      `${readFileSync(edited, 'utf8')}\n\nOwnership moves into the spawned thread.\n`,
    );
    expect((await ingestSources(store, [CHAPTERS[2]!], { workers: 0, cwd: dir })).failed).toBe(0);
    await store.removeDocument((await store.getDocument(CHAPTERS[1]!))!.id);
  }, 120_000);

  afterAll(async () => {
    await store?.close();
    await dropSchema(schema);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('is four statements: the index state, the lexical query, the candidates headings, the hits sections', async () => {
    // the first search finds where the index is and records its manifest
    await search(store, QUERY, { k: 5, trace: false });
    statements = [];
    const result = await search(store, QUERY, { k: 5, trace: false });
    const read = statements;
    statements = null;
    // hits from both live documents: their sections are still one statement
    expect(new Set(result.hits.map((h) => h.doc_id)).size).toBe(2);
    expect(read).toHaveLength(4);
    expect(read[0]).toMatch(/FROM lexical_index/u);
    expect(read[0]).toMatch(/JOIN chunk_sets/u);
    expect(read[1]).toMatch(/plainto_tsquery/u);
    expect(read[2]).toMatch(/FROM sections/u);
    expect(read[3]).toMatch(/FROM sections/u);
    // one pass over the chunk table for the terms' counts, one for the ranking: none for N
    expect(read[1]!.match(/FROM chunks\b/gu)).toHaveLength(2);
  });

  test('scores each hit with N and each term document frequency as counted over the table', async () => {
    const result = await search(store, QUERY, { k: 10, rerank: 'none', trace: false });
    expect(result.hits.length).toBe(10);
    const t = `${schema}.`;
    const chunker = result.chunker_id;
    const [counted] = await pgQuery<{ n: number }>(
      `SELECT count(*)::float8 AS n FROM ${t}chunks WHERE chunker_id = $1`,
      [chunker],
    );
    const n = counted!.n;
    const weights = tsRankWeights(HEADING_WEIGHT);
    for (const hit of result.hits) {
      let expected = 0;
      for (const term of result.terms) {
        const [row] = await pgQuery<{ df: number; rank: number }>(
          `SELECT (SELECT count(*)::float8 FROM ${t}chunks x WHERE x.tsv @@ plainto_tsquery('english', $1) AND x.chunker_id = $2) AS df, ` +
            `(SELECT ts_rank($3::float4[], c.tsv, plainto_tsquery('english', $1), 1)::float8 FROM ${t}chunks c WHERE c.chunk_id = $4 AND c.chunker_id = $2 AND c.version_id = (SELECT current_version_id FROM ${t}documents WHERE doc_uid = $5)) AS rank`,
          [term, chunker, weights, hit.snippet_id, hit.doc_id],
        );
        expected += Math.log(1 + (n - row!.df + 0.5) / (row!.df + 0.5)) * row!.rank;
      }
      expect(hit.score_raw).toBeCloseTo(expected, 9);
    }
  });
});
