import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { expect } from 'vitest';
import { ingestSources } from '../../../src/ingest/ingest-sources.js';
import { type CreateAppOptions, createApp } from '../../../src/server/create-app.js';
import type { ChunkStore } from '../../../src/store/types.js';
import { corpusPath } from '../../corpora.js';

export const CHAPTERS = [
  'ch04-01-what-is-ownership.md',
  'ch04-02-references-and-borrowing.md',
  'ch06-01-defining-an-enum.md',
];
/** A chapter the fixture rewrites after the first ingest: its old IDs redirect or are deleted. */
export const EDITED = 'threads-edited.md';
/** A note the fixture empties: nothing of it survives. */
export const REPLACED = 'replaced-note.md';

export interface ApiFixture {
  store: ChunkStore;
  /** Where the documents were ingested from (cwd and root of the app). */
  dir: string;
  app: Hono;
  /** Chunk IDs of EDITED's first version, retired by the rewrite. */
  retired: string[];
  /** Chunk IDs of REPLACED's first version, whose text is gone. */
  replaced: string[];
  /** An app over the same store with other options. */
  appWith(options: Partial<CreateAppOptions>): Hono;
  dispose(): Promise<void>;
}

/**
 * Real rustbook chapters ingested into a real store, then one of them
 * rewritten (first section kept word for word, the rest replaced) and
 * ingested again, so the store holds live, redirected and deleted IDs.
 */
export async function buildApiFixture(store: ChunkStore): Promise<ApiFixture> {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-api-'));
  for (const chapter of CHAPTERS) copyFileSync(corpusPath('rustbook', chapter), join(dir, chapter));
  const original = readFileSync(corpusPath('rustbook', 'ch16-01-threads.md'), 'utf8');
  writeFileSync(join(dir, EDITED), original);
  writeFileSync(
    join(dir, REPLACED),
    '# Tide tables\n\nHerons wade at low water.\n\n## Reeds\n\nLanterns hang from the reeds.\n',
  );
  const first = await ingestSources(store, [...CHAPTERS, EDITED, REPLACED], {
    workers: 0,
    cwd: dir,
  });
  expect(first.failed).toBe(0);
  const editedDoc = await store.getDocument(EDITED);
  const before = await store.listChunks(editedDoc!.current_version_id, first.chunker_id);
  const replacedDoc = await store.getDocument(REPLACED);
  const replaced = (await store.listChunks(replacedDoc!.current_version_id, first.chunker_id)).map(
    (c) => c.chunk_id,
  );
  // emptied: its new version has no chunk to send the old IDs to
  writeFileSync(join(dir, REPLACED), '');
  const cut = original.indexOf('\n### ');
  expect(cut).toBeGreaterThan(0);
  const filler = Array.from(
    { length: 12 },
    (_, i) => `Marsh lanterns, entry ${i}, flicker over quiet reeds while herons count the tide.`,
  ).join('\n\n');
  writeFileSync(join(dir, EDITED), `${original.slice(0, cut)}\n### Something Else\n\n${filler}\n`);
  const second = await ingestSources(store, [EDITED, REPLACED], { workers: 0, cwd: dir });
  expect(second.failed).toBe(0);
  const live = new Set(
    (
      await store.listChunks(
        (await store.getDocument(EDITED))!.current_version_id,
        first.chunker_id,
      )
    ).map((c) => c.chunk_id),
  );
  const retired = before.map((c) => c.chunk_id).filter((id) => !live.has(id));
  expect(retired.length).toBeGreaterThan(0);
  // the trace tests need a server that traces; one that does not is tested by name
  const base: CreateAppOptions = { store, cwd: dir, log: () => {}, traces: true };
  return {
    store,
    dir,
    app: createApp(base),
    retired,
    replaced,
    appWith: (options) => createApp({ ...base, ...options }),
    dispose: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A response body as the tests read it: any JSON shape, checked by the assertions. */
// biome-ignore lint/suspicious/noExplicitAny: tests reach into JSON bodies by path; the assertions are the type check
export type JsonBody = any;

/** `app.request` with a JSON body parsed; no port is opened. */
export async function call(
  app: Hono,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: JsonBody; headers: Headers }> {
  const response = await app.request(path, init);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // the viewer's HTML, or a body that is not JSON: the test looks at the text
  }
  return { status: response.status, body, headers: response.headers };
}

/** Code points `[start, end)` of `text`, as cairn's offsets count. */
export function codePointSlice(text: string, start: number, end: number): string {
  return Array.from(text).slice(start, end).join('');
}
