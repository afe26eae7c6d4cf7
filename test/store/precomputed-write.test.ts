import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import Database from 'better-sqlite3';
import { expect, test } from 'vitest';
import { defaultChunkerRegistry } from '../../src/chunk/chunker-registry.js';
import { processSource, type SourceResult } from '../../src/ingest/process-source.js';
import { packResult, unpackResult } from '../../src/ingest/source-wire.js';
import { ensure } from '../../src/pipeline/ensure.js';
import { openStore } from '../../src/store/open-store.js';

const CHAPTER = '../shared/corpora/ecfr/title-15/chapter-VII.md';
const chunkerId = defaultChunkerRegistry().get('default').chunker_id;

/** A worker's answer for `text`, through the structured clone its message takes. */
async function fromWorker(source_url: string, text: string): Promise<SourceResult> {
  const result = await processSource({
    source_url,
    bytes: new TextEncoder().encode(text),
    chunker_id: chunkerId,
    precompute_write: true,
  });
  return unpackResult(deserialize(serialize(packResult(result))));
}

/** What a store file holds, timestamps and row ids aside. */
function contents(path: string) {
  const db = new Database(path, { readonly: true });
  const read = (sql: string) => db.prepare(sql).all();
  return {
    chunks: read(
      'SELECT chunk_id, seq, node, chunk_index, total_chunks, text, char_start, char_end, byte_start, byte_end, tokens, section_id, heading_path, page, block_type, anchor, anchor_at, anchor_len, hash FROM chunks ORDER BY chunk_id',
    ),
    sections: read('SELECT * FROM sections ORDER BY version_id, sect_path'),
    texts: read('SELECT version_id, block, data FROM version_texts ORDER BY version_id, block'),
    nodes: read('SELECT * FROM json_nodes ORDER BY version_id, chunker_id, node'),
    versions: read(
      'SELECT seq, content_hash, rev, lineage_rev, length, byte_length, model FROM document_versions ORDER BY id',
    ),
    sets: read('SELECT lineage_rev, chunk_count, digest FROM chunk_sets ORDER BY version_id'),
    redirects: read(
      'SELECT from_chunk_id, to_chunk_id, kind FROM redirects ORDER BY from_chunk_id',
    ),
    close: () => db.close(),
  };
}

/** Ingests each text in turn as versions of one document, with or without the worker's precomputed parts. */
async function storeVersions(texts: readonly string[], precomputed: boolean) {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-precomputed-'));
  const path = join(dir, 'cairn.db');
  const store = await openStore({ db: path });
  try {
    for (const text of texts) {
      const result = await fromWorker('title-15/chapter-VII.md', text);
      await ensure(
        store,
        result.doc,
        { chunker_id: chunkerId, chunks: result.chunks },
        {
          trusted_chunks: true,
          ...(precomputed && result.precomputed ? { precomputed: result.precomputed } : {}),
        },
      );
    }
  } finally {
    await store.close();
  }
  const read = contents(path);
  read.close();
  rmSync(dir, { recursive: true, force: true });
  const { close: _, ...tables } = read;
  return tables;
}

test('a worker-precomputed write (model, section records, anchors, hashes, first IDs) stores what the writer computes itself, across a first and an edited version', async () => {
  const text = readFileSync(CHAPTER, 'utf8').slice(0, 120_000);
  const edited = text.replace('Export', 'Exports').slice(0, 100_000);
  const result = await fromWorker('a.md', text);
  expect(result.precomputed?.hashes.length).toBe(result.chunks.length);
  const withParts = await storeVersions([text, edited], true);
  const without = await storeVersions([text, edited], false);
  expect(withParts.chunks.length).toBeGreaterThan(50);
  expect(withParts.versions).toHaveLength(2);
  expect(withParts).toEqual(without);
}, 60_000);
