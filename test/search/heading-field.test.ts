import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defaultChunkerRegistry } from '../../src/chunk/chunker-registry.js';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkStore, LexicalMatch } from '../../src/store/types.js';
import { dropSchema, PG_URL, postgresSkipReason, uniqueSchema } from '../store/pg-support.js';
import { tempDir } from '../support/temp-dir.js';

const CHUNKER = defaultChunkerRegistry().get('default').chunker_id;

/** Prose whose words no heading below uses; `n` varies it so paragraphs differ. */
function paragraph(topic: string, n: number): string {
  return (
    `Paragraph ${n} on ${topic}: the clerk files each form in the cabinet by its date, ` +
    `checks the stamp, counts the pages twice and writes the count on the cover sheet. ` +
    `Nothing leaves the office before the supervisor signs the log for entry ${n}. `
  ).repeat(3);
}

/**
 * Two sections long enough for several chunks each: only a section's first
 * chunk holds its heading line, the others only its words in their heading
 * path. "retention" and "validity" occur in headings only; "shipment" in
 * the text of both sections alike.
 */
function handbook(): string {
  const section = (title: string, topic: string) =>
    [`## ${title}`, ...Array.from({ length: 8 }, (_, i) => paragraph(topic, i))].join('\n\n');
  return [
    '# Export Handbook',
    section('Record Retention', 'shipment boxes'),
    section('Licence Validity', 'shipment papers'),
  ].join('\n\n');
}

interface Backend {
  open(): Promise<ChunkStore>;
  dispose(): Promise<void>;
}

const skipPg = await postgresSkipReason();

function describeHeadingField(name: string, make: () => Backend, skip: boolean) {
  describe.skipIf(skip)(`${name}: the heading field`, () => {
    let backend: Backend;
    let store: ChunkStore;
    beforeAll(async () => {
      backend = make();
      store = await backend.open();
      const dir = tempDir('cairn-heading-');
      writeFileSync(join(dir, 'handbook.md'), handbook());
      await ingestSources(store, ['handbook.md'], { workers: 0, cwd: dir });
    }, 60_000);
    afterAll(async () => {
      await store?.close();
      await backend?.dispose();
    });

    const lexical = (terms: string[], heading_weight?: number) =>
      store.searchLexical({
        chunker_id: CHUNKER,
        terms,
        limit: 100,
        ...(heading_weight === undefined ? {} : { heading_weight }),
      });
    const under = (m: LexicalMatch, title: string) => m.chunk.heading_path.includes(title);

    test('a chunk matches the words of its heading path, though its text lacks them', async () => {
      const matches = await lexical(['retention']);
      const inSection = (await lexical(['clerk'])).filter((m) => under(m, 'Record Retention'));
      expect(inSection.length).toBeGreaterThan(1);
      const matched = new Set(matches.map((m) => m.chunk.chunk_id));
      for (const m of inSection) expect(matched.has(m.chunk.chunk_id)).toBe(true);
      for (const m of matches)
        expect(under(m, 'Record Retention') || /retention/i.test(m.chunk.text)).toBe(true);
      // the heading is in the index only: some of these chunks' texts do not hold the word
      expect(inSection.filter((m) => !/retention/i.test(m.chunk.text)).length).toBeGreaterThan(0);
    });

    test("the heading weight orders: a chunk whose heading holds a query word outranks one whose text alone matches, and weight 0 takes the heading's part away", async () => {
      const ranked = await lexical(['validity', 'shipment']);
      const best = ranked[0]!;
      expect(under(best, 'Licence Validity')).toBe(true);
      const outside = ranked.filter((m) => !under(m, 'Licence Validity'));
      expect(outside.length).toBeGreaterThan(0);
      expect(best.score_raw).toBeGreaterThan(outside[0]!.score_raw);
      const scoreOf = async (weight: number) =>
        (await lexical(['validity'], weight)).find((m) => m.chunk.chunk_id === best.chunk.chunk_id)!
          .score_raw;
      const [none, half, full] = [await scoreOf(0), await scoreOf(0.5), await scoreOf(1)];
      expect(half).toBeGreaterThan(none);
      expect(full).toBeGreaterThan(half);
    });

    test('a negative or non-finite heading weight is refused as invalid_option', async () => {
      for (const weight of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
        await expect(lexical(['validity'], weight)).rejects.toMatchObject({
          code: 'invalid_option',
        });
      }
    });

    test('the index keeps step with a purge: the purged chunks match nothing and the store checks clean', async () => {
      expect((await lexical(['retention'])).length).toBeGreaterThan(0);
      const document = (await store.getDocument('handbook.md'))!;
      expect(await store.purgeDocument(document.id)).toBe(true);
      expect(await lexical(['retention'])).toEqual([]);
      expect(await store.check()).toEqual([]);
    });
  });
}

describeHeadingField(
  'SQLite',
  () => {
    const dir = tempDir('cairn-heading-db-');
    return { open: () => openStore({ db: join(dir, 'cairn.db') }), dispose: async () => {} };
  },
  false,
);

describeHeadingField(
  'PostgreSQL',
  () => {
    const schema = uniqueSchema('cairn_hf');
    return {
      open: () => openStore({ db: PG_URL, schema }),
      dispose: () => dropSchema(schema),
    };
  },
  skipPg !== null,
);
