import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { corpusPath } from '../corpora.js';
import { type Bundle, bundleEntries } from '../store/support/bundle-entries.js';
import { runCli } from '../store/support/run-cli.js';

let bundle: Bundle;
let dir: string;

beforeAll(async () => {
  bundle = await bundleEntries({
    cli: 'test/store/support/cli-entry.ts',
    'ingest-worker': 'src/ingest/ingest-worker.ts',
  });
  dir = mkdtempSync(join(tmpdir(), 'cairn-search-cli-'));
  mkdirSync(join(dir, 'book'));
  for (const name of ['ch04-01-what-is-ownership.md', 'ch16-01-threads.md']) {
    copyFileSync(corpusPath('rustbook', name), join(dir, 'book', name));
  }
});

afterAll(() => {
  bundle?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function cairn(...args: string[]) {
  return runCli(bundle.file('cli'), dir, args);
}

describe('cairn search', () => {
  test('prints hits with their citation and a highlighted snippet, and traces the query', () => {
    expect(cairn('ingest', 'book', '--workers', '0').code).toBe(0);
    const run = cairn('search', 'ownership rules', '-k', '3');
    expect(run.code).toBe(0);
    // the rerank score, under 1: a query that is no who, where, when or how-many question has no answer cue
    expect(run.stdout).toMatch(/^1\. 0\.\d{3} {2}book\/ch04-01-what-is-ownership\.md {2}§/);
    expect(run.stdout).toMatch(/\[\d+, \d+\) rev [0-9a-f]{12} {2}\d+ tokens/);
    expect(run.stdout).toMatch(/\[(ownership|Ownership|rules)\]/);
    expect(run.stdout).toContain('3 hits for "ownership rules"');
    const log = readFileSync(join(dir, '.cairn', 'traces.log'), 'utf8')
      .trim()
      .split('\n');
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(/^ts=\S+ qid=q-[0-9a-f]{12} seg=1 .* store=sqlite index_hash=lex:/);
  });

  test('--json prints the result with the payload; hostile and blank queries behave', () => {
    const json = cairn('search', 'NEAR( "thread', '--json', '--chunker', 'default');
    expect(json.code).toBe(0);
    const result = JSON.parse(json.stdout);
    expect(result.terms).toEqual(['near', 'thread']);
    expect(result.hits[0]).toMatchObject({ embed_model: 'none', offsets: { unit: 'char' } });
    const blank = cairn('search', '  ');
    expect(blank.code).toBe(2);
    expect(blank.stderr).toContain('empty_query');
    const pinned = cairn('search', 'thread', '--analyzer', 'pg-fts:english');
    expect(pinned.code).toBe(2);
    expect(pinned.stderr).toContain('analyzer_mismatch');
    const engineOrder = cairn('search', 'thread', '--rerank', 'none', '--json', '--no-trace-log');
    expect(JSON.parse(engineOrder.stdout).hits[0].rerank_score).toBeNull();
    expect(result.hits[0].rerank_score).toBeGreaterThan(0);
    const badRerank = cairn('search', 'thread', '--rerank', 'sideways', '--no-trace-log');
    expect(badRerank.code).toBe(2);
    expect(badRerank.stderr).toContain('invalid_option');
    const none = cairn('search', '"', '--no-trace-log');
    expect(none.code).toBe(0);
    expect(none.stdout).toContain('0 hits');
    // one line for each search that ran with a log: none for the failures or --no-trace-log
    const lines = readFileSync(join(dir, '.cairn', 'traces.log'), 'utf8')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(2);
  });

  test('a --trace-log that cannot be written does not fail the search: it warns (trace_log_unwritable), exit 0', () => {
    const run = cairn('search', 'ownership', '--trace-log', 'book', '--json');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.hits.length).toBeGreaterThan(0);
    expect(result.trace_warning).toMatchObject({ code: 'trace_log_unwritable' });
    expect(result.trace_warning.message).toContain('EISDIR');
    expect(run.stderr).toContain('cairn: warning:');
    expect(run.stderr).not.toContain('unexpected error');
  });

  test.skipIf(process.platform !== 'linux')(
    'a --trace-log in a folder that cannot be made (under /proc) warns at once, not never',
    () => {
      const run = cairn('search', 'ownership', '--trace-log', '/proc/cairn-nope/x.log', '--json');
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout).trace_warning).toMatchObject({
        code: 'trace_log_unwritable',
      });
    },
  );

  test('--no-trace writes no rag_traces row and no log line; --keep-traces bounds the table', () => {
    const count = () => JSON.parse(cairn('stats', '--json').stdout).traces as number;
    const before = count();
    const run = cairn('search', 'ownership', '--no-trace', '--json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).traced).toBe(false);
    expect(count()).toBe(before);
    for (let i = 0; i < 3; i++) cairn('search', 'ownership', '--keep-traces', '2');
    expect(count()).toBe(2);
    const bad = cairn('search', 'ownership', '--keep-traces', 'forever');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('invalid_option');
  });

  test('-q fuses several queries into one ranking; --queries-from reads them from a model response', () => {
    const run = cairn(
      'search',
      'ownership rules',
      '-q',
      'spawn a new thread',
      '--json',
      '--no-trace-log',
    );
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.queries).toEqual(['ownership rules', 'spawn a new thread']);
    const found = new Set(
      result.hits.flatMap((h: { queries: { index: number }[] }) => h.queries.map((q) => q.index)),
    );
    expect(found).toEqual(new Set([0, 1]));
    const text = cairn(
      'search',
      '-q',
      'ownership rules',
      '-q',
      'spawn a new thread',
      '--no-trace-log',
    );
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/found by q\d #\d+/);
    expect(text.stdout).toContain('2 queries fused: q1 "ownership rules", q2 "spawn a new thread"');
    // an Anthropic Messages response to cairn prompt --style search-queries
    writeFileSync(
      join(dir, 'response.json'),
      JSON.stringify({
        type: 'message',
        role: 'assistant',
        content: [{ type: 'text', text: '["ownership rules", "spawn a new thread"]' }],
      }),
    );
    const read = cairn('search', '--queries-from', 'response.json', '--json', '--no-trace-log');
    expect(read.code).toBe(0);
    expect(JSON.parse(read.stdout).hits.map((h: { snippet_id: string }) => h.snippet_id)).toEqual(
      result.hits.map((h: { snippet_id: string }) => h.snippet_id),
    );
    const none = cairn('search', '--no-trace-log');
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('invalid_option');
    writeFileSync(join(dir, 'empty.json'), '[]');
    const empty = cairn('search', '--queries-from', 'empty.json', '--no-trace-log');
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('empty_query');
  });

  test('escape sequences in a document reach the terminal escaped, in snippet and heading', () => {
    writeFileSync(
      join(dir, 'book', 'escapes.md'),
      '# Colour \x1b[31mcodes\x1b[0m\n\nA zebracorn \x1b]0;title\x07 \x9b2J sentence.\n',
    );
    expect(cairn('ingest', 'book', '--workers', '0').code).toBe(0);
    const run = cairn('search', 'zebracorn', '--no-trace-log');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('[zebracorn]');
    expect(run.stdout).toContain('Colour \\u001b[31mcodes\\u001b[0m');
    expect(run.stdout).not.toMatch(/\p{Cc}(?<!\n)/u);
    // the citation keeps the text as stored
    const json = JSON.parse(cairn('search', 'zebracorn', '--json', '--no-trace-log').stdout);
    expect(json.hits[0].text).toContain('\x1b]0;title\x07');
  });
});
