import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createOpenAIEmbedder } from '../../src/embed/openai-embedder.js';
import { search } from '../../src/search/search.js';
import { openStore } from '../../src/store/open-store.js';
import { corpusPath } from '../corpora.js';
import type { Bundle } from '../store/support/bundle-entries.js';
import { runCli } from '../store/support/run-cli.js';
import type { StandIn } from './stand-in-embeddings-server.js';
import { type BookFixture, bookFixture } from './support/book-fixture.js';

const KILLS = 20;
/** Texts per request: small, so that the kills fall at many points of one run over a small corpus. */
const BATCH = 4;
const CHAPTERS = 40;

let fixture: BookFixture;
let bundle: Bundle;
let dir: string;
let server: StandIn;

beforeAll(async () => {
  const chapters = readdirSync(corpusPath('rustbook'))
    .filter((name) => name.startsWith('ch'))
    .slice(0, CHAPTERS);
  fixture = await bookFixture('cairn-embed-crash-', chapters, 32);
  ({ bundle, dir, server } = fixture);
});

afterAll(() => fixture?.dispose());

const SPEC = () => `openai:stand-in-model@${server.base_url}`;
const EMBED_MODEL = 'openai:stand-in-model:32';

/**
 * `cairn embed` in a child process, killed with SIGKILL `delayMs` after the
 * stand-in server has answered its `afterResponses`-th request of this run
 * (the first is the embedder's probe), or run to its end without one.
 */
function embedUntilKilled(kill?: {
  afterResponses: number;
  delayMs: number;
}): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    const child: ChildProcess = spawn(
      process.execPath,
      [
        bundle.file('cli'),
        'embed',
        '--embedder',
        SPEC(),
        '--batch-size',
        String(BATCH),
        '--concurrency',
        '1',
        '--no-progress',
      ],
      {
        cwd: dir,
        env: { ...process.env, CAIRN_DB: '', CAIRN_EMBED_API_KEY: 'k' },
        stdio: 'ignore',
      },
    );
    const first = server.requests;
    server.after_response = (requests) => {
      if (kill === undefined || requests - first !== kill.afterResponses) return;
      const stop = () => child.kill('SIGKILL');
      if (kill.delayMs === 0) stop();
      else setTimeout(stop, kill.delayMs);
    };
    child.on('exit', (code, signal) => {
      server.after_response = undefined;
      resolve({ code, signal });
    });
  });
}

/**
 * What search can see must be whole sets: every vector row's set is marked,
 * and every mark has one vector row per chunk of its set. Returns the marks.
 */
function checkWholeSets(db: Database.Database): number {
  const unmarked = db
    .prepare(
      'SELECT COUNT(*) AS n FROM chunk_vectors cv WHERE NOT EXISTS (SELECT 1 FROM vector_sets vs ' +
        'WHERE vs.version_id = cv.version_id AND vs.chunker_id = cv.chunker_id AND vs.embed_model = cv.embed_model)',
    )
    .get() as { n: number };
  expect(unmarked.n).toBe(0);
  const partial = db
    .prepare(
      'SELECT COUNT(*) AS n FROM vector_sets vs JOIN chunk_sets s ON s.version_id = vs.version_id AND s.chunker_id = vs.chunker_id ' +
        'WHERE vs.chunk_count <> s.chunk_count OR vs.chunk_count <> (SELECT COUNT(*) FROM chunk_vectors cv ' +
        'WHERE cv.version_id = vs.version_id AND cv.chunker_id = vs.chunker_id AND cv.embed_model = vs.embed_model)',
    )
    .get() as { n: number };
  expect(partial.n).toBe(0);
  expect(db.pragma('foreign_key_check')).toEqual([]);
  expect(db.pragma('quick_check', { simple: true })).toBe('ok');
  return (db.prepare('SELECT COUNT(*) AS n FROM vector_sets').get() as { n: number }).n;
}

describe('kill -9 during cairn embed', () => {
  test(`${KILLS} kills at points spread over the run leave whole sets only; a re-run finishes with one vector per chunk`, async () => {
    expect(runCli(bundle.file('cli'), dir, ['ingest', 'book']).code).toBe(0);
    const file = join(dir, '.cairn', 'cairn.db');
    const landed: number[] = [];
    let sets = 0;
    let queries = 0;
    for (let i = 0; i < KILLS; i++) {
      // 2..9 answers into the run, 0..6 ms after the answer: in flight, in a cache write, in a set's write
      const run = await embedUntilKilled({
        afterResponses: 2 + ((i * 3) % 8),
        delayMs: [0, 1, 3, 6][i % 4]!,
      });
      if (run.signal === 'SIGKILL') landed.push(i);
      const db = new Database(file);
      try {
        const marked = checkWholeSets(db);
        expect(marked).toBeGreaterThanOrEqual(sets);
        sets = marked;
      } finally {
        db.close();
      }
      if (sets > 0) {
        // search sees only the marked sets' chunks
        const store = await openStore({ db: file });
        try {
          const embedder = await createOpenAIEmbedder({
            model: 'stand-in-model',
            base_url: server.base_url,
            dimensions: 32,
          });
          const result = await search(store, 'ownership and borrowing', {
            mode: 'vector',
            embedder,
            trace: false,
            k: 10,
          });
          queries++;
          expect(result.hits.length).toBeGreaterThan(0);
        } finally {
          await store.close();
        }
      }
    }
    // every kill fell inside a run: the corpus outlasts them
    expect(landed).toHaveLength(KILLS);
    const before = server.texts;
    const last = await embedUntilKilled();
    expect(last.code).toBe(0);
    const db = new Database(file);
    try {
      checkWholeSets(db);
      const perChunk = db
        .prepare(
          'SELECT c.id, (SELECT COUNT(*) FROM chunk_vectors cv WHERE cv.chunk_row_id = c.id AND cv.embed_model = ?) AS n ' +
            'FROM chunks c JOIN documents d ON d.id = c.document_id AND d.current_version_id = c.version_id',
        )
        .all(EMBED_MODEL) as { id: number; n: number }[];
      expect(perChunk.length).toBeGreaterThan(300);
      expect(perChunk.filter((row) => row.n !== 1)).toEqual([]);
      const total = db.prepare('SELECT COUNT(*) AS n FROM chunk_vectors').get() as { n: number };
      expect(total.n).toBe(perChunk.length);
      // a kill costs at most the texts of the set it fell in (the cache is written per set, under
      // 256 texts); the rest came from the cache. Each run also sent one probe, each search its query.
      const distinct = db.prepare('SELECT COUNT(*) AS n FROM embeddings').get() as { n: number };
      const largest = db.prepare('SELECT MAX(chunk_count) AS n FROM chunk_sets').get() as {
        n: number;
      };
      expect(server.texts - before).toBeLessThan(distinct.n);
      expect(server.texts).toBeLessThanOrEqual(
        distinct.n + KILLS * largest.n + (KILLS + 1) + queries,
      );
    } finally {
      db.close();
    }
  }, 240_000);
});
