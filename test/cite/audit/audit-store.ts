import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ingestSources } from '../../../src/ingest/ingest-sources.js';
import { openStore } from '../../../src/store/open-store.js';
import type { ChunkRow, ChunkStore } from '../../../src/store/types.js';
import { corpusPath } from '../../corpora.js';

export const CHAPTERS = [
  'ch04-01-what-is-ownership.md',
  'ch04-02-references-and-borrowing.md',
  'ch06-01-defining-an-enum.md',
];
/** A copy of the threads chapter that a second ingest rewrites past its first section. */
export const EDITED = 'threads-edited.md';

const UNRELATED = Array.from(
  { length: 24 },
  (_, i) =>
    `Marsh lanterns, entry ${i}, flicker over quiet reeds while herons count the tide in another tongue.`,
).join('\n\n');

/** A real SQLite store of rustbook chapters, one of them edited after its first ingest. */
export interface AuditStore {
  store: ChunkStore;
  /** Live chunks of each chapter, in reading order. */
  live(doc: string): Promise<ChunkRow[]>;
  /** Chunks of EDITED's first version whose text the second version kept (their IDs redirect). */
  kept: ChunkRow[];
  /** Chunks of EDITED's first version whose text the second version replaced. */
  replaced: ChunkRow[];
  dispose(): Promise<void>;
}

export async function openAuditStore(): Promise<AuditStore> {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-audit-'));
  const store = await openStore({ db: join(dir, 'cairn.db') });
  for (const chapter of CHAPTERS) copyFileSync(corpusPath('rustbook', chapter), join(dir, chapter));
  const original = readFileSync(corpusPath('rustbook', 'ch16-01-threads.md'), 'utf8');
  writeFileSync(join(dir, EDITED), original);
  const first = await ingestSources(store, [...CHAPTERS, EDITED], { workers: 0, cwd: dir });
  if (first.failed !== 0) throw new Error('ingest failed');
  const chunksOf = async (doc: string): Promise<ChunkRow[]> => {
    const document = await store.getDocument(doc);
    if (document === null) throw new Error(`no ${doc}`);
    const chunker = (await store.listChunkerIds())[0]!;
    return store.listChunks(document.current_version_id, chunker);
  };
  const before = await chunksOf(EDITED);
  // keep the first section word for word, replace the rest: a major change, so every old ID redirects
  const cut = original.indexOf('\n### ');
  writeFileSync(
    join(dir, EDITED),
    `${original.slice(0, cut)}\n### Something Else Entirely\n\n${UNRELATED}\n`,
  );
  const second = await ingestSources(store, [EDITED], { workers: 0, cwd: dir });
  if (second.failed !== 0) throw new Error('second ingest failed');
  const after = new Set((await chunksOf(EDITED)).map((c) => c.text));
  return {
    store,
    live: chunksOf,
    kept: before.filter((c) => after.has(c.text)),
    replaced: before.filter((c) => !after.has(c.text) && c.text.split(/\s+/u).length > 12),
    dispose: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Words `from` to `to` of a chunk's text, as a model copies them. */
export function wordsOf(chunk: ChunkRow, from: number, to: number): string {
  return chunk.text.split(/\s+/u).filter(Boolean).slice(from, to).join(' ');
}
