import { chunkSetDigest } from '../store/chunk-set-digest.js';
import type { ChunkStore, DocumentRow, VersionRow } from '../store/types.js';
import type { ChunkSource } from './ensure.js';
import { planChunkIds } from './plan-chunk-ids.js';
import { toCairnDocument } from './stored-document.js';
import { toChunkInputs } from './to-chunk-inputs.js';

export interface ChunkStoredOptions {
  /** Every stored version, not only the current ones (default false). */
  all_versions?: boolean;
  /** Called after each version, for progress. */
  on_version?: (event: {
    document: DocumentRow;
    version: VersionRow;
    status: 'chunked' | 'present';
    chunks: number;
  }) => void;
}

export interface ChunkStoredSummary {
  chunker_id: string;
  /** Versions looked at. */
  versions: number;
  /** Versions that gained chunks. */
  chunked: number;
  /** Versions that had this chunker's chunks already (or got them from a concurrent run). */
  present: number;
  chunks_written: number;
  redirects_written: number;
}

/**
 * Late chunking (seed 002): chunks of another chunker over the canonical
 * texts the store holds, without reading any source again. Versions that
 * have this chunker's chunks are left alone, so a second run writes nothing;
 * IDs follow the version's lineage, aligned with the newest other version
 * that has this chunker's chunks.
 */
export async function chunkStored(
  store: ChunkStore,
  chunker: ChunkSource,
  options: ChunkStoredOptions = {},
): Promise<ChunkStoredSummary> {
  const summary: ChunkStoredSummary = {
    chunker_id: chunker.chunker_id,
    versions: 0,
    chunked: 0,
    present: 0,
    chunks_written: 0,
    redirects_written: 0,
  };
  let after = 0;
  for (;;) {
    const documents = await store.listDocuments({ after_id: after, limit: 200 });
    if (documents.length === 0) break;
    after = documents.at(-1)!.id;
    for (const document of documents) {
      const versions = options.all_versions
        ? await store.listVersions(document.id)
        : [await store.getVersion(document.current_version_id)].filter(
            (v): v is VersionRow => v !== null,
          );
      for (const version of versions) {
        summary.versions++;
        const written = await chunkVersion(store, chunker, document, version);
        if (written === null) summary.present++;
        else {
          summary.chunked++;
          summary.chunks_written += written.chunks;
          summary.redirects_written += written.redirects;
        }
        options.on_version?.({
          document,
          version,
          status: written === null ? 'present' : 'chunked',
          chunks: written?.chunks ?? 0,
        });
      }
    }
  }
  return summary;
}

async function chunkVersion(
  store: ChunkStore,
  chunker: ChunkSource,
  document: DocumentRow,
  version: VersionRow,
): Promise<{ chunks: number; redirects: number } | null> {
  if (await store.getChunkSet(version.id, chunker.chunker_id)) return null;
  const text = await store.getVersionText(version.id);
  if (!text) return null;
  const doc = toCairnDocument(document, text);
  const chunks = chunker.chunkAsync ? await chunker.chunkAsync(doc) : chunker.chunk(doc);
  const current = version.id === document.current_version_id;
  const plan = await planChunkIds(store, {
    document_id: document.id,
    doc,
    chunks,
    chunker_id: chunker.chunker_id,
    exclude_version_id: version.id,
    fallback_rev: version.lineage_rev,
  });
  const rows = toChunkInputs(doc, chunks, plan.ids);
  // Old IDs redirect only when the current version takes their place; an old version's set retires nothing.
  const redirects = current ? plan.redirects : [];
  const written = await store.writeChunkSet({
    document_id: document.id,
    version_id: version.id,
    chunker_id: chunker.chunker_id,
    lineage_rev: plan.lineage_rev,
    rows,
    digest: chunkSetDigest(rows),
    redirects,
  });
  return written ? { chunks: rows.length, redirects: redirects.length } : null;
}
