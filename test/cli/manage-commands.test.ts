import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Document } from '@langchain/core/documents';
import { load } from '@langchain/core/load';
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
  dir = mkdtempSync(join(tmpdir(), 'cairn-manage-'));
  mkdirSync(join(dir, 'corpus', 'book'), { recursive: true });
  mkdirSync(join(dir, 'corpus', 'pdf'), { recursive: true });
  mkdirSync(join(dir, 'corpus', 'drafts'), { recursive: true });
  for (const name of ['ch04-01-what-is-ownership.md', 'ch16-01-threads.md', 'ch06-00-enums.md'])
    copyFileSync(corpusPath('rustbook', name), join(dir, 'corpus', 'book', name));
  // the real PDF corpus' listing: the file that became a document for good before --exclude
  copyFileSync(corpusPath('pdf', 'files.json'), join(dir, 'corpus', 'pdf', 'files.json'));
  writeFileSync(join(dir, 'corpus', 'drafts', 'wip.md'), '# Draft\n\nNot ready: ownership.\n');
  writeFileSync(join(dir, 'corpus', '.cairnignore'), '# work in progress\ndrafts/\n');
});

afterAll(() => {
  bundle?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function cairn(...args: string[]) {
  return runCli(bundle.file('cli'), dir, args);
}

const json = (run: { stdout: string }) => JSON.parse(run.stdout);

describe('managing a store from the CLI', () => {
  test('an ingest that fails before writing (a missing path, a bad flag) creates no store file', () => {
    const missing = cairn('ingest', 'nowhere', '--workers', '0');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('file_not_found');
    const badFlag = cairn('ingest', 'corpus', '--format', 'klingon');
    expect(badFlag.code).toBe(2);
    const badChunker = cairn('ingest', 'corpus', '--chunker', 'klingon');
    expect(badChunker.code).toBe(2);
    expect(badChunker.stderr).toContain('unknown_chunker');
    const excludedAll = cairn('ingest', 'corpus/book', '--exclude', '*.md');
    expect(excludedAll.code).toBe(2);
    expect(excludedAll.stderr).toContain('file_not_found');
    expect(existsSync(join(dir, '.cairn'))).toBe(false);
    // nor do the readers: list, stats and rm of a store that is not there
    for (const args of [
      ['list'],
      ['stats'],
      ['rm', 'x'],
      ['export', 'chunks'],
      ['traces', 'prune'],
    ]) {
      const run = cairn(...args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain('store_unavailable');
    }
    expect(existsSync(join(dir, '.cairn'))).toBe(false);
  });

  test('ingest --exclude and .cairnignore leave files out', () => {
    const run = cairn(
      'ingest',
      'corpus',
      '--exclude',
      'pdf/files.json',
      '--workers',
      '0',
      '--json',
    );
    expect(run.code).toBe(0);
    const urls = json(run).documents.map((d: { source_url: string }) => d.source_url);
    expect(urls).toEqual([
      'corpus/book/ch04-01-what-is-ownership.md',
      'corpus/book/ch06-00-enums.md',
      'corpus/book/ch16-01-threads.md',
    ]);
  });

  test('list and stats say what the store holds', () => {
    const list = cairn('list', '--json');
    expect(list.code).toBe(0);
    const listed = json(list);
    expect(listed.count).toBe(3);
    const doc = listed.documents[0];
    expect(doc).toMatchObject({
      source_url: 'corpus/book/ch04-01-what-is-ownership.md',
      format: 'markdown',
      version: 1,
      versions: 1,
      removed_at: null,
    });
    expect(Object.values(doc.chunks)[0]).toBeGreaterThan(0);
    expect(doc.bytes).toBeGreaterThan(1000);
    expect(doc.last_ingest).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(json(cairn('list', '--json', '--under', 'corpus/book/ch06-00-enums.md')).count).toBe(1);
    expect(json(cairn('list', '--json', '--under', './corpus/book/')).count).toBe(3);
    expect(json(cairn('list', '--json', '--format', 'pdf')).count).toBe(0);
    expect(cairn('list', '--format', 'klingon').code).toBe(2);
    const text = cairn('list');
    expect(text.stdout).toContain('corpus/book/ch16-01-threads.md');
    expect(text.stdout).toContain('3 documents in');
    const stats = json(cairn('stats', '--json'));
    const chunks = Object.values(stats.current_chunks).reduce(
      (a, b) => (a as number) + (b as number),
      0,
    );
    expect(stats).toMatchObject({
      backend: 'sqlite',
      documents: 3,
      removed_documents: 0,
      versions: 3,
    });
    expect(chunks).toBe(
      listed.documents.reduce(
        (n: number, d: { chunks: Record<string, number> }) => n + Object.values(d.chunks)[0]!,
        0,
      ),
    );
    expect(stats.store_bytes).toBeGreaterThan(0);
    expect(cairn('stats').stdout).toMatch(/documents {2}3/);
  });

  test('export chunks: every current chunk, with its citation payload, in three shapes', async () => {
    const stats = json(cairn('stats', '--json'));
    const total = Object.values(stats.current_chunks)[0] as number;
    const lines = cairn('export', 'chunks')
      .stdout.trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(total);
    const first = lines[0];
    expect(first).toMatchObject({
      doc_id: expect.any(String),
      snippet_id: expect.stringContaining('|'),
      source_url: 'corpus/book/ch04-01-what-is-ownership.md',
      offsets: { unit: 'char' },
      analyzer: expect.stringContaining('fts5'),
      index_hash: expect.any(String),
      embed_model: 'none',
      window: { pre: 0, post: 0 },
      format: 'markdown',
    });
    expect(first).not.toHaveProperty('score_raw');
    // the payload is the one search gives for the same chunk
    const hit = json(
      cairn(
        'search',
        first.text.split(/\s+/).slice(0, 8).join(' '),
        '--json',
        '--no-trace',
        '-k',
        '50',
      ),
    ).hits.find((h: { snippet_id: string }) => h.snippet_id === first.snippet_id);
    expect(hit).toBeDefined();
    // section_id is the stored dot path in an export (a legible id needs the whole model)
    for (const key of [
      'doc_id',
      'chunker_id',
      'hash',
      'block_type',
      'anchor',
      'source_url',
      'offsets',
      'tokens',
      'index_hash',
      'analyzer',
      'rev',
      'page',
      'text',
      'heading_path',
    ])
      expect(first[key], key).toEqual(hit[key]);
    const out = join(dir, 'lc.jsonl');
    expect(cairn('export', 'chunks', '--format', 'langchain', '--out', 'lc.jsonl').code).toBe(0);
    const lc = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lc).toHaveLength(total);
    // LangChain's own serialized form: its loader revives a Document
    const revived = await load<Document>(readFileSync(out, 'utf8').split('\n')[0]!);
    expect(revived).toBeInstanceOf(Document);
    expect(revived).toMatchObject({
      id: first.snippet_id,
      pageContent: first.text,
      metadata: { chunk_id: first.snippet_id, rev: first.rev },
    });
    expect(lc[0].kwargs.metadata).toEqual(revived.metadata);
    const li = cairn('export', 'chunks', '--format', 'llamaindex')
      .stdout.trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(li[0]).toMatchObject({
      id_: first.snippet_id,
      text: first.text,
      metadata: { offsets: first.offsets },
    });
    expect(cairn('export', 'chunks', '--format', 'csv').code).toBe(2);
  });

  test('rm takes a document out of search; its IDs resolve as deleted; --purge removes it for good', () => {
    const target = 'corpus/book/ch06-00-enums.md';
    const id = cairn('export', 'chunks')
      .stdout.trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .find((c: { source_url: string }) => c.source_url === target).snippet_id as string;
    const searchEnum = () =>
      json(cairn('search', 'enum variants', '--json', '--no-trace', '-k', '50')).hits.filter(
        (h: { source_url: string }) => h.source_url === target,
      ).length;
    expect(searchEnum()).toBeGreaterThan(0);
    const rm = cairn('rm', `./${target}`, '--json');
    expect(rm.code).toBe(0);
    expect(json(rm).documents).toEqual([
      expect.objectContaining({ source_url: target, status: 'removed' }),
    ]);
    expect(searchEnum()).toBe(0);
    expect(json(cairn('list', '--json')).count).toBe(2);
    expect(json(cairn('list', '--json', '--removed')).count).toBe(3);
    expect(json(cairn('stats', '--json'))).toMatchObject({ documents: 2, removed_documents: 1 });
    const resolved = cairn('resolve', id, '--json');
    expect(resolved.code).toBe(1);
    expect(json(resolved)).toMatchObject({ status: 'deleted', document: { source_url: target } });
    expect(cairn('resolve', id).stdout).toContain('removed from the store (cairn rm)');
    expect(cairn('show', target).stdout).toContain('removed by cairn rm at');
    expect(json(cairn('show', target, '--json')).document.removed_at).not.toBeNull();
    expect(cairn('rm', target).stdout).toContain('already removed');
    const unknown = cairn('rm', 'corpus/nothing.md', '--json');
    expect(unknown.code).toBe(1);
    expect(json(unknown).not_found).toEqual(['corpus/nothing.md']);
    // ingested again, it comes back with its IDs
    expect(cairn('ingest', target, '--workers', '0').code).toBe(0);
    expect(json(cairn('resolve', id, '--json')).status).toBe('live');
    expect(searchEnum()).toBeGreaterThan(0);
    const purge = cairn('rm', target, '--purge', '--json');
    expect(json(purge).documents[0].status).toBe('purged');
    const gone = cairn('resolve', id, '--json');
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain('chunk_not_found');
    expect(json(cairn('stats', '--json'))).toMatchObject({
      documents: 2,
      removed_documents: 0,
      versions: 2,
    });
  });

  test('traces prune keeps what it is told to', () => {
    for (let i = 0; i < 3; i++) cairn('search', 'ownership');
    expect(json(cairn('stats', '--json')).traces).toBeGreaterThanOrEqual(3);
    const kept = json(cairn('traces', 'prune', '--keep', '1', '--json'));
    expect(kept).toMatchObject({ kept: 1, retention: { rows: 1 } });
    expect(json(cairn('traces', 'prune', '--keep', '0', '--json'))).toMatchObject({
      deleted: 1,
      kept: 0,
    });
    expect(cairn('traces', 'prune', '--keep', 'lots').code).toBe(2);
  });

  test('--help of each command teaches, with examples', () => {
    for (const args of [['list'], ['stats'], ['rm'], ['export', 'chunks'], ['traces', 'prune']]) {
      const help = cairn(...args, '--help');
      expect(help.code, args.join(' ')).toBe(0);
      expect(help.stdout).toContain('Examples:');
      expect(help.stdout).toContain('--db');
    }
    expect(cairn('ingest', '--help').stdout).toContain('--exclude');
    expect(cairn('search', '--help').stdout).toContain('--no-trace');
  });
});
