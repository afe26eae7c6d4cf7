import { readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { type CairnError, isCairnError } from '../../src/errors.js';
import {
  type IngestEvent,
  type IngestOptions,
  type IngestSummary,
  ingestSources,
} from '../../src/ingest/ingest-sources.js';
import { collectSources } from '../../src/load/collect-sources.js';
import { resolveChunk } from '../../src/pipeline/resolve-chunk.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkStore } from '../../src/store/types.js';
import { makeSampleDocs } from '../support/sample-docs.js';

let dir: string;
let docs: string;
let store: ChunkStore;

beforeEach(async () => {
  ({ dir, docs } = makeSampleDocs('cairn-ingest-'));
  store = await openStore({ db: join(dir, 'cairn.db') });
});

afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Sets a file's mtime well in the past, so the size+mtime check may trust it. */
function age(path: string, seconds = 3600): void {
  const then = new Date(Date.now() - seconds * 1000);
  utimesSync(path, then, then);
}

const ingest = (inputs = [docs], options: Partial<IngestOptions> = {}) =>
  ingestSources(store, inputs, {
    workers: 0,
    cwd: dir,
    parse_options: { chunk_threshold_chars: 50 },
    ...options,
  });

describe('ingestSources', () => {
  test('a JSON file edited in one string node: the summary counts its nodes unchanged, updated, created', async () => {
    const record = join(docs, 'record.json');
    const body = 'A long string node. '.repeat(10);
    writeFileSync(
      record,
      JSON.stringify({ body, notes: ['Another long string node. '.repeat(5)] }),
    );
    const first = await ingest([record]);
    expect(first.documents[0]).toMatchObject({
      status: 'created',
      nodes: { created: 2, updated: 0, unchanged: 0 },
    });
    writeFileSync(
      record,
      JSON.stringify({
        body,
        notes: ['Another long string node, edited. '.repeat(5)],
        extra: 'A third long string node here. '.repeat(4),
      }),
    );
    const second = await ingest([record]);
    expect(second.documents[0]).toMatchObject({
      status: 'updated',
      nodes: { unchanged: 1, updated: 1, created: 1 },
    });
    expect(first.documents.every((d) => !('warnings' in d))).toBe(true);
  });

  test('first run creates every document; a second run over unchanged files writes zero rows', async () => {
    const first = await ingest();
    expect(first).toMatchObject({ files: 6, created: 6, failed: 0, unchanged: 0 });
    expect(first.chunks_written).toBeGreaterThanOrEqual(6);
    expect(first.documents.map((d) => d.source_url)).toEqual([
      'docs/book/ch01-00-getting-started.md',
      'docs/book/ch04-00-understanding-ownership.md',
      'docs/book/ch06-00-enums.md',
      'docs/book/ch18-00-oop.md',
      'docs/notes.txt',
      'docs/record.json',
    ]);
    const counts = await store.counts();
    expect(counts.seen_files).toBe(6);

    const second = await ingest();
    expect(second).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 6,
      failed: 0,
      chunks_written: 0,
      rows_written: 0,
    });
    expect(await store.counts()).toEqual(counts);

    // Files old enough to trust their mtime are skipped without reading; still nothing written.
    for (const file of await collectSources([docs])) age(file.path);
    const touched = await ingest();
    expect(touched.unchanged).toBe(6);
    expect(touched.rows_written).toBe(6); // the new mtimes are remembered ...
    const third = await ingest();
    expect(third).toMatchObject({ unchanged: 6, rows_written: 0, bytes_parsed: 0 }); // ... and trusted
    expect(await store.check()).toEqual([]);
  });

  test('a changed file becomes a new version; its old chunk IDs resolve to live chunks', async () => {
    await ingest();
    const path = join(docs, 'book', 'ch18-00-oop.md');
    const before = await store.getDocument('docs/book/ch18-00-oop.md');
    const oldIds = (
      await store.listChunks(before!.current_version_id, (await store.listChunkerIds())[0]!)
    ).map((c) => c.chunk_id);
    writeFileSync(
      path,
      `${readFileSync(path, 'utf8')}\n## A new closing section\n\nWith a new paragraph.\n`,
    );
    const run = await ingest();
    expect(run).toMatchObject({ updated: 1, unchanged: 5, created: 0, failed: 0 });
    const file = run.documents.find((d) => d.source_url.endsWith('ch18-00-oop.md'))!;
    expect(file).toMatchObject({ status: 'updated', version: 2 });
    for (const id of oldIds) expect((await resolveChunk(store, id)).status).toBe('live');
    expect((await store.listVersions(before!.id)).length).toBe(2);
  });

  test('a file that fails to parse is reported with its code and skipped; the run goes on', async () => {
    writeFileSync(join(docs, 'broken.md'), Buffer.from([0x23, 0x20, 0xff, 0xfe, 0x41, 0x0a]));
    writeFileSync(join(docs, 'bad.json'), '{"unterminated": ');
    const run = await ingest();
    expect(run.failed).toBe(2);
    expect(run.created).toBe(6);
    const failures = Object.fromEntries(
      run.documents.filter((d) => d.status === 'failed').map((d) => [d.source_url, d.error?.code]),
    );
    expect(failures).toEqual({
      'docs/bad.json': 'malformed_json',
      'docs/broken.md': 'invalid_utf8',
    });
    // failed files are retried next time, the rest skipped
    const again = await ingest();
    expect(again).toMatchObject({ failed: 2, unchanged: 6, rows_written: 0 });
  });

  test('an aborted run stops after the file being written: interrupted with the summary so far, the store consistent, a rerun goes on', async () => {
    const controller = new AbortController();
    const error = await ingest([docs], {
      on_event: (event: IngestEvent) => {
        if (event.type === 'file' && event.done === 2) controller.abort();
      },
      signal: controller.signal,
    }).catch((e: unknown) => e);
    expect(isCairnError(error, 'interrupted')).toBe(true);
    const summary = (error as CairnError).details.summary as IngestSummary;
    expect(summary).toMatchObject({ files: 6, created: 2 });
    expect(summary.documents.map((d) => d.source_url)).toEqual([
      'docs/book/ch01-00-getting-started.md',
      'docs/book/ch04-00-understanding-ownership.md',
    ]);
    expect((await store.counts()).documents).toBe(2);
    expect(await store.check()).toEqual([]);
    const rest = await ingest();
    expect(rest).toMatchObject({ created: 4, unchanged: 2, failed: 0 });
  });

  test('a same-size edit with the old mtime restored is not noticed: the documented price of the size+mtime check', async () => {
    const path = join(docs, 'notes.txt');
    age(path);
    await ingest();
    const { mtime } = statSync(path);
    writeFileSync(path, 'Plain NOTES.\n\nA second paragraph of notes.\n');
    utimesSync(path, mtime, mtime);
    expect((await ingest()).updated).toBe(0);
    // a recent mtime is never trusted: the content hash decides
    writeFileSync(path, 'Plain Notes.\n\nA second paragraph of notes.\n');
    expect((await ingest()).updated).toBe(1);
  });

  test('another chunker gets its own chunk sets over the same versions', async () => {
    await ingest();
    const run = await ingest([docs], { chunker: 'char' });
    expect(run).toMatchObject({ chunked: 6, created: 0, updated: 0 });
    expect((await store.counts()).versions).toBe(6);
    expect((await store.listChunkerIds()).length).toBe(2);
  });
});
