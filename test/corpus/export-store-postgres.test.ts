import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportEarCorpus } from '../../src/corpus/export-ear-corpus.js';
import { exportStoredEarCorpus } from '../../src/corpus/export-stored-ear-corpus.js';
import { formatCorpusLine } from '../../src/corpus/format-corpus-line.js';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkStore } from '../../src/store/types.js';
import { corpusPath } from '../corpora.js';
import { dropSchema, PG_URL, postgresSkipReason, uniqueSchema } from '../store/pg-support.js';
import { tempDir } from '../support/temp-dir.js';

const skip = await postgresSkipReason();
const OPTIONS = { snapshot_date: '2025-12-31' };

/** Parts 745 and 746 of 15 CFR chapter VII, with the chapter's front matter. */
function writePart(dir: string): string {
  const lines = readFileSync(corpusPath('ecfr', 'title-15', 'chapter-VII.md'), 'utf8').split('\n');
  const end = lines.indexOf('    PART 747 [RESERVED]');
  expect(end).toBeGreaterThan(0);
  mkdirSync(join(dir, 'ecfr'));
  const file = join(dir, 'ecfr', 'parts-745-746.md');
  writeFileSync(file, `${lines.slice(0, end).join('\n')}\n`);
  return file;
}

async function storedLines(store: ChunkStore): Promise<string[]> {
  const out: string[] = [];
  for await (const doc of exportStoredEarCorpus(store, OPTIONS)) out.push(formatCorpusLine(doc));
  return out;
}

describe.skipIf(skip !== null)('EAR corpus export from a PostgreSQL store', () => {
  const schema = uniqueSchema('cairn_corpus');
  afterAll(async () => {
    await dropSchema(schema);
  });

  it('gives the lines the SQLite store gives, chunk IDs included, and the file export without them', async () => {
    const dir = tempDir('cairn-corpus-pg-');
    const file = writePart(dir);
    const lines: string[][] = [];
    for (const target of [{ db: PG_URL, schema }, { db: join(dir, 'cairn.db') }]) {
      const store = await openStore(target);
      try {
        const summary = await ingestSources(store, [file], { workers: 0, root: dir });
        expect(summary.failed).toBe(0);
        lines.push(await storedLines(store));
      } finally {
        await store.close();
      }
    }
    const [postgres, sqlite] = lines as [string[], string[]];
    expect(postgres.length).toBeGreaterThan(100);
    expect(postgres).toEqual(sqlite);
    const fromFile = (await exportEarCorpus(file, OPTIONS)).documents.map(formatCorpusLine);
    expect(postgres.map((line) => line.replace(/,"chunk_ids":\[[^\]]*\]\}$/, '}'))).toEqual(
      fromFile,
    );
    for (const line of postgres) expect(JSON.parse(line).chunk_ids.length).toBeGreaterThan(0);
  });
});
