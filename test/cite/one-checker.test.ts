import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditAnswer } from '../../src/cite/audit/audit-answer.js';
import { verifyAnswer } from '../../src/cite/verify-answer.js';
import { verifyCitations } from '../../src/cite/verify-citations.js';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { search } from '../../src/search/search.js';
import type { SearchHit } from '../../src/search/types.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkStore } from '../../src/store/types.js';
import { corpusPath } from '../corpora.js';

const CHAPTER = 'ch04-01-what-is-ownership.md';

let dir: string;
let store: ChunkStore;
let hit: SearchHit;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cairn-one-checker-'));
  copyFileSync(corpusPath('rustbook', CHAPTER), join(dir, CHAPTER));
  store = await openStore({ db: join(dir, 'cairn.db') });
  expect((await ingestSources(store, [CHAPTER], { workers: 0, cwd: dir })).failed).toBe(0);
  [hit] = (await search(store, 'ownership rules owner scope', { k: 1, trace_log: false })).hits as [
    SearchHit,
  ];
});

afterAll(async () => {
  await store?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function cite(quote: string): Record<string, unknown> {
  const { snippet_id, section_id, source_url, offsets, tokens } = hit;
  return { snippet_id, section_id, source_url, offsets, tokens, quote };
}

/** Words of the chunk's longest line, as it spells them. */
const words = (from: number, to: number): string =>
  hit.text
    .split('\n')
    .reduce((a, b) => (b.length > a.length ? b : a), '')
    .split(' ')
    .slice(from, to)
    .join(' ');

describe('one answer checker: validate answer, verifyCitations and the audit agree', () => {
  it('gives each quote the same verdict on every path, by locateQuote', async () => {
    const quotes = [
      words(1, 9),
      // re-cased and re-spaced: the old folded `includes` missed case, locateQuote normalizes it
      words(1, 9).toUpperCase().replace(/ /gu, '\n  '),
      // two words are in the chunk, but prove nothing: the old `includes` verified them
      words(2, 4),
      'Ownership lets two owners free one value twice over.',
    ];
    const answer = { citations: quotes.map(cite), answer: 'Each value has an owner.' };
    const audit = await auditAnswer(store, JSON.stringify(answer), { search_corpus: false });
    expect(audit.citations.map((c) => [c.status, c.code, c.quote?.status])).toEqual([
      ['verified', 'quote_verified', 'exact'],
      ['verified', 'quote_verified', 'normalized'],
      ['unverified', 'quote_too_short', 'too_short'],
      ['unverified', 'quote_not_found', 'not_found'],
    ]);
    const expected = [
      ['verified', null],
      ['verified', null],
      ['unverified', 'quote_too_short'],
      ['unverified', 'quote_not_found'],
    ];
    const verified = await verifyAnswer(store, answer);
    expect(verified.citations.map((v) => [v.status, v.reason])).toEqual(expected);
    expect(verified.ok).toBe(false);
    if (!verified.ok)
      expect(verified.issues.map((i) => [i.code, i.index])).toEqual([
        ['citation_unverified', 2],
        ['citation_unverified', 3],
      ]);
    const listed = await verifyCitations(store, answer.citations);
    expect(listed.citations.map((v) => [v.status, v.reason])).toEqual(expected);
  });

  it('reads each document version list once per answer, however many citations name it', async () => {
    const calls = { listVersions: 0, getIndexManifest: 0 };
    const counted = new Proxy(store, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (typeof value !== 'function') return value;
        if (key === 'listVersions' || key === 'getIndexManifest')
          return (...args: unknown[]) => {
            calls[key]++;
            return value.apply(target, args);
          };
        return value.bind(target);
      },
    });
    const many = {
      citations: Array.from({ length: 12 }, () => ({
        ...cite(words(1, 9)),
        index_hash: 'lex:0000000000000000000000000000000000000000',
      })),
      answer: 'Each value has an owner.',
    };
    const verified = await verifyAnswer(counted, many);
    expect(verified.citations.every((v) => v.reason === 'mismatch_index_hash')).toBe(true);
    expect(calls).toEqual({ listVersions: 1, getIndexManifest: 1 });
    calls.listVersions = 0;
    calls.getIndexManifest = 0;
    const audit = await auditAnswer(counted, JSON.stringify(many), { search_corpus: false });
    expect(audit.summary.codes).toEqual({ mismatch_index_hash: 12 });
    expect(calls).toEqual({ listVersions: 1, getIndexManifest: 1 });
  });
});
