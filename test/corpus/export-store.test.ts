import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExportCorpus } from '../../src/cli/commands/export.js';
import type { StoredCorpusDocument } from '../../src/corpus/corpus-contract.js';
import { exportEarCorpus } from '../../src/corpus/export-ear-corpus.js';
import { exportStoredEarCorpus } from '../../src/corpus/export-stored-ear-corpus.js';
import { formatCorpusLine } from '../../src/corpus/format-corpus-line.js';
import { validateCorpusText } from '../../src/corpus/validate-corpus-stream.js';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { search } from '../../src/search/search.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkRow, ChunkStore } from '../../src/store/types.js';
import { corpusPath } from '../corpora.js';
import { captureIo } from '../support/capture-io.js';
import { tempDir } from '../support/temp-dir.js';

const OPTIONS = { snapshot_date: '2025-12-31' };

/**
 * 15 CFR chapter VII cut in two files at part 762 (both with the chapter's
 * front matter), chapter VIII, which holds no EAR part, and a chapter of
 * title 24: two documents whose corpus lines continue each other's
 * ordinals, and two skipped.
 */
function writeInputs(dir: string): string {
  const lines = readFileSync(corpusPath('ecfr', 'title-15', 'chapter-VII.md'), 'utf8').split('\n');
  const frontMatterEnd = lines.indexOf('---', 1) + 1;
  const cut = lines.indexOf('    PART 762—RECORDKEEPING');
  const end = lines.indexOf('    PARTS 775-780 [RESERVED]');
  expect([frontMatterEnd, cut, end].every((i) => i > 0)).toBe(true);
  const folder = join(dir, 'ecfr');
  mkdirSync(folder);
  writeFileSync(join(folder, 'chapter-VII-a.md'), `${lines.slice(0, cut).join('\n')}\n`);
  writeFileSync(
    join(folder, 'chapter-VII-b.md'),
    `${[...lines.slice(0, frontMatterEnd), '', ...lines.slice(cut, end)].join('\n')}\n`,
  );
  copyFileSync(corpusPath('ecfr', 'title-15', 'chapter-VIII.md'), join(folder, 'chapter-VIII.md'));
  copyFileSync(
    corpusPath('ecfr', 'title-24', 'chapter-X.md'),
    join(folder, 'title-24-chapter-X.md'),
  );
  return folder;
}

let dir: string;
let folder: string;
let store: ChunkStore;
let fileLines: string[];
let fileSkipped: { path: string; reason: string }[];
let stored: StoredCorpusDocument[];
const skipped: { source_url: string; reason: string }[] = [];
let chunkerId = '';

beforeAll(async () => {
  dir = tempDir('cairn-corpus-store-');
  folder = writeInputs(dir);
  store = await openStore({ db: join(dir, 'cairn.db') });
  const summary = await ingestSources(store, [folder], { workers: 0, root: dir });
  expect(summary.failed).toBe(0);
  const fromFiles = await exportEarCorpus(folder, OPTIONS);
  fileLines = fromFiles.documents.map(formatCorpusLine);
  fileSkipped = fromFiles.skipped;
  stored = [];
  for await (const doc of exportStoredEarCorpus(store, {
    ...OPTIONS,
    on_chunker: (id) => {
      chunkerId = id;
    },
    on_skip: (s) => skipped.push(s),
  }))
    stored.push(doc);
}, 120_000);

afterAll(async () => {
  await store?.close();
});

describe('EAR corpus export from the store', () => {
  it('is the file export line for line, each line with the chunk IDs appended', () => {
    expect(stored.length).toBe(fileLines.length);
    expect(stored.length).toBeGreaterThan(1500);
    for (const [i, doc] of stored.entries()) {
      const { chunk_ids, ...contract } = doc;
      expect(formatCorpusLine(contract)).toBe(fileLines[i]);
      expect(formatCorpusLine(doc)).toBe(
        `${fileLines[i]!.slice(0, -1)},"chunk_ids":${JSON.stringify(chunk_ids)}}`,
      );
    }
    // the second file's sections number on from the first's
    const roots = stored.filter((d) => d.parent_id === undefined);
    expect(roots.map((d) => d.ordinal)).toEqual(roots.map((_, i) => i + 1));
    expect(new Set(stored.map((d) => d.source_ref)).size).toBe(2);
    expect(skipped).toEqual([
      { source_url: 'ecfr/chapter-VIII.md', reason: 'no § in parts 730 to 774' },
      { source_url: 'ecfr/title-24-chapter-X.md', reason: 'title 24 of the CFR, not title 15' },
    ]);
    expect(fileSkipped.map((s) => s.reason)).toEqual(skipped.map((s) => s.reason));
  });

  it('names, on every line, stored chunks that hold its words in order', async () => {
    const chunks = new Map<string, { chunk: ChunkRow; codePoints: string[] }>();
    for (const document of await store.listDocuments()) {
      const version = (await store.getVersionText(document.current_version_id))!;
      const codePoints = Array.from(version.canonical);
      for (const chunk of await store.listChunks(version.id, chunkerId)) {
        chunks.set(chunk.chunk_id, { chunk, codePoints });
      }
    }
    const readingOrder = [...chunks.keys()];
    for (const doc of stored) {
      expect(doc.chunk_ids.length, doc.doc_id).toBeGreaterThan(0);
      const found = doc.chunk_ids.map((id) => chunks.get(id));
      expect(
        found.every((f) => f !== undefined),
        doc.doc_id,
      ).toBe(true);
      const positions = doc.chunk_ids.map((id) => readingOrder.indexOf(id));
      expect(positions, doc.doc_id).toEqual([...positions].sort((a, b) => a - b));
      // the canonical text from the first chunk's start to the last chunk's end holds the
      // line's words, in order (a title's spaces, a quote's `>`, a written designator aside)
      const first = found[0]!;
      const last = found.at(-1)!;
      const span = first.codePoints.slice(first.chunk.char_start, last.chunk.char_end).join('');
      // a paragraph with no words of its own holds its citation label, which no source line spells
      if (doc.chunk_kind !== 'section' && doc.text === `§ ${doc.section_id.slice(4)}`) continue;
      let at = 0;
      for (const word of doc.text.split(/\s+/).filter((w) => w !== '')) {
        const next = span.indexOf(word, at);
        expect(next, `${doc.doc_id}: "${word}"`).toBeGreaterThanOrEqual(0);
        at = next + word.length;
      }
    }
  });

  it("lists a search hit's chunk on the line of its section", async () => {
    const ids = new Map<string, StoredCorpusDocument[]>();
    for (const doc of stored)
      for (const id of doc.chunk_ids) ids.set(id, [...(ids.get(id) ?? []), doc]);
    let checked = 0;
    for (const query of [
      'military end-user',
      'deemed export',
      'boycott request',
      'recordkeeping',
    ]) {
      const { hits } = await search(store, query, { k: 5, trace_log: false });
      for (const hit of hits) {
        const cite = /^15 CFR (\d+\.\d+(?:\([0-9A-Za-z]+\))*)$/.exec(hit.section_id);
        if (!cite || Number(cite[1]!.slice(0, 3)) > 774) continue;
        checked++;
        // the line of the hit's unit, or of a unit holding it (a § whose paragraphs were folded)
        const lines = ids.get(hit.snippet_id) ?? [];
        const sections = lines.map((d) => d.section_id.slice(4));
        // corpus ids write designator letters in lower case (15 CFR 764.8(c)(4)(i)(A) is EAR-764.8(c)(4)(i)(a))
        const unit = cite[1]!.toLowerCase();
        expect(
          sections.some((s) => unit === s || unit.startsWith(`${s}(`)),
          `${hit.section_id}: ${sections.join(' ')}`,
        ).toBe(true);
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('cairn export corpus --db writes the same lines to a file that validates, and says which chunker', async () => {
    const out = join(dir, 'ear.jsonl');
    const io = captureIo();
    const code = await runExportCorpus(
      undefined,
      { db: join(dir, 'cairn.db'), out, snapshotDate: '2025-12-31', json: true },
      io.io,
    );
    expect(io.err()).not.toContain('"error"');
    expect(code).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text).toBe(stored.map((d) => `${formatCorpusLine(d)}\n`).join(''));
    const validation = await validateCorpusText(text);
    expect(validation.ok ? [] : validation.issues.slice(0, 3)).toEqual([]);
    expect(JSON.parse(io.err())).toMatchObject({
      out,
      chunker_id: chunkerId,
      documents: stored.length,
      without_chunk_ids: 0,
      sources: [{ source_url: 'ecfr/chapter-VII-a.md' }, { source_url: 'ecfr/chapter-VII-b.md' }],
    });

    const both = captureIo();
    expect(await runExportCorpus(folder, { db: join(dir, 'cairn.db') }, both.io)).toBe(2);
    expect(both.err()).toContain('invalid_option');
    const missing = captureIo();
    expect(
      await runExportCorpus(
        undefined,
        { db: join(dir, 'none.db'), out: join(dir, 'x.jsonl') },
        missing.io,
      ),
    ).toBe(2);
    expect(missing.err()).toContain('store_unavailable');
  });
});
