import { CairnError } from '../errors.js';
import { ingestSources } from '../ingest/ingest-sources.js';
import { type ExportedChunk, exportChunks } from '../search/export-chunks.js';
import { openStore } from '../store/open-store.js';
import type { ChunkStore } from '../store/types.js';

/** Where a loader reads chunks: an open store, or files chunked as an ingest would. */
export type CairnLoaderSource =
  | {
      /** An open store: its current chunks of one chunker, as `cairn export chunks` gives them. */
      store: ChunkStore;
      /** Chunker id, name or alias (default: the default, or the store's only chunker). */
      chunker?: string;
    }
  | {
      /** Files, folders or globs, read as `cairn ingest` reads them (any format cairn parses). */
      paths: readonly string[];
      /** Chunker id, name or alias (default `default`). */
      chunker?: string;
      /** What relative paths and doc_uids are relative to (default `process.cwd()`), as for ingest. */
      cwd?: string;
      /** Make doc_uids relative to this folder, as `cairn ingest --root` does. */
      root?: string;
    };

/** An exported chunk; from files, without the index facts of a store that was never kept. */
export type LoadedChunk = Omit<ExportedChunk, 'index_hash' | 'analyzer' | 'embed_model'> &
  Partial<Pick<ExportedChunk, 'index_hash' | 'analyzer' | 'embed_model'>>;

/**
 * Every chunk of the source with its citation payload. From a store: each
 * current chunk as the export gives it. From files: the files are ingested
 * into a private in-memory store that is closed afterwards, so the chunk
 * IDs, sections and offsets are the ones `cairn ingest` of the same paths
 * from the same folder stores; the index facts (`index_hash`, `analyzer`,
 * `embed_model`) are left out, since no kept index produced them: the
 * vector store a caller indexes into names its own when citations are
 * projected. A file that fails to parse fails the load with that file's
 * code (`invalid_utf8`, `pdf_malformed`, ...), every failure in `details.failed`.
 */
export async function* loadCairnChunks(source: CairnLoaderSource): AsyncGenerator<LoadedChunk> {
  if ('store' in source) {
    yield* exportChunks(source.store, chunkerOption(source.chunker));
    return;
  }
  const store = await openStore({ db: ':memory:' });
  try {
    const summary = await ingestSources(store, [...source.paths], {
      workers: 0,
      ...(source.cwd === undefined ? {} : { cwd: source.cwd }),
      ...(source.root === undefined ? {} : { root: source.root }),
      ...(source.chunker === undefined ? {} : { chunker: source.chunker }),
    });
    const failed = summary.documents.filter((d) => d.status === 'failed');
    if (failed.length > 0) {
      throw new CairnError(
        // the first file's own code: a loader that gets one unreadable file fails as reading it would
        failed[0]!.error?.code ?? 'file_unreadable',
        `CairnLoader could not read ${failed.length} of ${summary.files} files: ${failed
          .slice(0, 3)
          .map((f) => `${f.source_url}: ${f.error?.code}`)
          .join('; ')}`,
        { details: { failed: failed.map((f) => ({ source_url: f.source_url, error: f.error })) } },
      );
    }
    for await (const chunk of exportChunks(store, { chunker: summary.chunker_id })) {
      const { index_hash, analyzer, embed_model, ...rest } = chunk;
      yield rest;
    }
  } finally {
    await store.close();
  }
}

const chunkerOption = (chunker: string | undefined) => (chunker === undefined ? {} : { chunker });
