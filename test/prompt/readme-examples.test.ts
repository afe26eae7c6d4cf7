import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditAnswer } from '../../src/cite/audit/audit-answer.js';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkStore } from '../../src/store/types.js';

/**
 * The worked examples of docs/prompt.md (docs/examples): requests `cairn prompt`
 * printed over the Rust book, responses written from each provider's
 * schema. The chapters they cite are ingested as the page's store has
 * them (paths relative to the project folder, so the same chunk IDs), and
 * each response audits to the verdicts the page shows.
 */
const CHAPTERS = [
  '../shared/corpora/rustbook/ch04-01-what-is-ownership.md',
  '../shared/corpora/rustbook/ch16-01-threads.md',
];

let dir: string;
let store: ChunkStore;
const example = (name: string) => readFileSync(join('docs/examples', name), 'utf8');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cairn-readme-examples-'));
  store = await openStore({ db: join(dir, 'cairn.db') });
  expect((await ingestSources(store, CHAPTERS, { workers: 0, cwd: process.cwd() })).failed).toBe(0);
});

afterAll(async () => {
  await store?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const verdicts = async (answer: string, request: string | null) => {
  const report = await auditAnswer(store, example(answer), {
    request: request === null ? null : example(request),
  });
  return [
    report.format,
    report.ok,
    report.citations.map((c) => [c.status, c.code, c.quote?.status ?? null]),
  ];
};

describe('the examples of docs/prompt.md audit as it says', () => {
  it('anthropic-search-results: verified twice, a made-up quote, a quote from another result', async () => {
    expect(
      await verdicts(
        'anthropic-search-results.response.json',
        'anthropic-search-results.request.json',
      ),
    ).toEqual([
      'anthropic',
      false,
      [
        ['verified', 'quote_verified', 'exact'],
        ['verified', 'quote_verified', 'exact'],
        ['unverified', 'quote_not_found', 'not_found'],
        ['repaired', 'quote_found_elsewhere', 'misplaced'],
      ],
    ]);
  });

  it('anthropic-documents: char indices off by seven are offsets_mismatch', async () => {
    expect(
      await verdicts('anthropic-documents.response.json', 'anthropic-documents.request.json'),
    ).toEqual([
      'anthropic',
      false,
      [
        ['verified', 'quote_verified', 'exact'],
        ['verified', 'quote_verified', 'exact'],
        ['unverified', 'offsets_mismatch', 'exact'],
      ],
    ]);
  });

  it('openai-json-schema: an elision across two sentences (not verified) and an exact quote', async () => {
    expect(await verdicts('openai-json-schema.response.json', null)).toEqual([
      'openai',
      false,
      [
        ['unverified', 'quote_not_found', 'not_found'],
        ['verified', 'quote_verified', 'exact'],
      ],
    ]);
  });

  it('plain: the fenced reply of any chat', async () => {
    expect(await verdicts('plain.reply.md', null)).toEqual([
      'cairn',
      true,
      [['verified', 'quote_verified', 'exact']],
    ]);
  });

  it('cohere-documents: a misplaced segment, an exact one, one elided across sentences, a made-up one', async () => {
    expect(
      await verdicts('cohere-documents.response.json', 'cohere-documents.request.json'),
    ).toEqual([
      'cohere',
      false,
      [
        ['repaired', 'quote_found_elsewhere', 'misplaced'],
        ['verified', 'quote_verified', 'exact'],
        ['unverified', 'quote_not_found', 'not_found'],
        ['unverified', 'quote_not_found', 'not_found'],
      ],
    ]);
    // the sources name the chunk by the id the request gave it: no request needed
    expect(await verdicts('cohere-documents.response.json', null)).toEqual(
      await verdicts('cohere-documents.response.json', 'cohere-documents.request.json'),
    );
  });

  it("gemini-rag: chunk IDs from the retrieved files' uris, byte offsets past a curly apostrophe", async () => {
    expect(await verdicts('gemini-rag.response.json', null)).toEqual([
      'gemini',
      false,
      [
        ['verified', 'quote_verified', 'normalized'],
        ['unverified', 'quote_not_found', 'not_found'],
        ['repaired', 'quote_found_elsewhere', 'misplaced'],
        ['unverified', 'quote_not_found', 'not_found'],
      ],
    ]);
    const report = await auditAnswer(store, example('gemini-rag.response.json'));
    expect(report.citations.map((c) => c.chunk_id)).toEqual([
      '6879d98e|r=886c0714|s=01-|p=000|b=001',
      '6879d98e|r=886c0714|s=01.01-|p=000|b=001',
      '6879d98e|r=886c0714|s=01.01-|p=000|b=001',
      '6879d98e|r=886c0714|s=01-|p=000|b=001',
    ]);
  });

  it('openai-file-search: file_citations of files named by chunk IDs, and one that is not', async () => {
    expect(await verdicts('openai-file-search.response.json', null)).toEqual([
      'openai',
      false,
      [
        ['verified', 'chunk_verified', null],
        ['verified', 'chunk_verified', null],
        ['unverified', 'source_unresolved', null],
      ],
    ]);
  });

  it("cairn-answer: each of the quote's verdicts", async () => {
    expect(await verdicts('cairn-answer.json', null)).toEqual([
      'cairn',
      false,
      [
        ['verified', 'quote_verified', 'exact'],
        ['verified', 'quote_verified', 'normalized'],
        ['unverified', 'quote_too_short', 'too_short'],
        ['unverified', 'quote_not_found', 'not_found'],
        ['repaired', 'quote_found_elsewhere', 'misplaced'],
        ['unverified', 'quote_not_found', 'not_found'],
      ],
    ]);
  });
});
