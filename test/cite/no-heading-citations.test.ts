import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { validateCitations } from '../../src/cite/validate-citations.js';
import { verifyCitations } from '../../src/cite/verify-citations.js';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { search } from '../../src/search/search.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkStore } from '../../src/store/types.js';
import { NO_SECTION_ID } from '../../src/types.js';
import { tempDir } from '../support/temp-dir.js';

// Text before any heading (every plain-text file) has no section in the store:
// search must still emit a payload that cairn's own validator accepts.
describe('citations of text before any heading', () => {
  let store: ChunkStore;

  beforeAll(async () => {
    const dir = tempDir('cairn-no-heading-');
    writeFileSync(join(dir, 'plain.txt'), 'Zebras are striped animals of the savanna.\n');
    writeFileSync(
      join(dir, 'preamble.md'),
      'Zebras graze in herds before any heading.\n\n# Lions\n\nLions are big cats.\n',
    );
    store = await openStore({ db: join(dir, 'cairn.db') });
    const ingested = await ingestSources(store, ['plain.txt', 'preamble.md'], {
      workers: 0,
      cwd: dir,
    });
    expect(ingested.failed).toBe(0);
  });

  afterAll(async () => {
    await store?.close();
  });

  test('search names their section with a non-empty section_id, and the hits validate', async () => {
    const { hits } = await search(store, 'zebras', { k: 5, trace_log: false });
    expect(hits).toHaveLength(2);
    expect(hits.map((h) => h.section_id)).toEqual([NO_SECTION_ID, NO_SECTION_ID]);
    expect(validateCitations(hits, { allow_cross_section_reuse: true, ranked: true })).toEqual({
      ok: true,
    });
    const checked = await verifyCitations(store, hits, { allow_cross_section_reuse: true });
    expect(checked.ok ? [] : checked.issues.map((i) => i.message)).toEqual([]);
    expect(checked.citations.map((c) => c.status)).toEqual(['verified', 'verified']);
  });

  test('a citation naming another section of the same chunk is still a section_mismatch', async () => {
    const [hit] = (await search(store, 'zebras', { k: 1, trace_log: false })).hits;
    const checked = await verifyCitations(store, [{ ...hit, section_id: '1' }]);
    expect(checked.citations.map((c) => c.reason)).toEqual(['section_mismatch']);
  });
});
