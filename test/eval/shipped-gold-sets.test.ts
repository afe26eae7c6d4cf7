import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { goldCitationMatch } from '../../src/eval/gold-citation-match.js';
import type { GoldQuestion } from '../../src/eval/gold-set.js';
import { loadGoldQuestions } from '../../src/eval/load-gold-set.js';
import { storeGoldDocs } from '../../src/eval/store-gold-docs.js';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkStore } from '../../src/store/types.js';
import { corpusPath } from '../corpora.js';
import { tempDir } from '../support/temp-dir.js';

const SETS = [
  { gold: 'gold/ear.jsonl', corpus: corpusPath('ecfr', 'title-15', 'chapter-VII.md'), least: 60 },
  { gold: 'gold/rustbook.jsonl', corpus: corpusPath('rustbook'), least: 40 },
];

for (const set of SETS) {
  const missing = [set.gold, set.corpus].filter((path) => !existsSync(path));
  if (missing.length > 0) console.warn(`skipping ${set.gold}: ${missing.join(', ')} absent`);

  describe.skipIf(missing.length > 0)(`the shipped gold set ${set.gold}`, () => {
    let store: ChunkStore;
    let questions: GoldQuestion[];
    let issues: unknown[];

    beforeAll(async () => {
      store = await openStore({ db: join(tempDir('cairn-shipped-gold-'), 'gold.db') });
      await ingestSources(store, [set.corpus], { workers: 0 });
      const loaded = await loadGoldQuestions(
        readFileSync(set.gold, 'utf8'),
        await storeGoldDocs(store),
      );
      questions = loaded.items;
      issues = loaded.issues;
    }, 300_000);

    afterAll(async () => {
      await store?.close();
    });

    test('loads with zero issues: every quote found exactly once in its document', () => {
      expect(issues).toEqual([]);
      expect(questions.length).toBeGreaterThanOrEqual(set.least);
    });

    test('every question has exactly 3 paraphrases, each other than the question', () => {
      for (const q of questions) {
        expect(q.paraphrases, q.id).toHaveLength(3);
        expect(new Set([q.question, ...q.paraphrases]).size, q.id).toBe(4);
      }
    });

    test('seed 000 citation_match: at least 0.90 of its quotes lie inside one stored chunk', async () => {
      const spans = new Map<string, { start: number; end: number }[]>();
      for (const document of await store.listDocuments({ limit: 1000 })) {
        const [chunker] = await store.listChunkerIds();
        const rows = await store.listChunks(document.current_version_id, chunker!);
        spans.set(
          document.doc_uid,
          rows.map((r) => ({ start: r.char_start, end: r.char_end })),
        );
      }
      const match = goldCitationMatch(questions, (uid) => spans.get(uid) ?? []);
      expect(match.citation_match, JSON.stringify(match.outside)).toBeGreaterThanOrEqual(0.9);
    });
  });
}
