import type { Command } from 'commander';
import { readLiveIndex } from '../../search/ensure-index-manifest.js';
import type { StoreStats } from '../../store/store-inventory.js';
import type { ChunkStore, IndexManifestRow } from '../../store/types.js';
import { formatBytes } from '../format-bytes.js';
import { withReadStore } from '../with-read-store.js';

interface StatsFlags {
  db?: string;
  json?: boolean;
}

export function registerStats(program: Command): void {
  program
    .command('stats')
    .description(
      'Count what the store holds: documents, versions, chunks per chunker, redirects, traces, size',
    )
    .option(
      '--db <path|url>',
      'SQLite file or postgres:// URL (default: $CAIRN_DB, else .cairn/cairn.db)',
    )
    .option('--json', 'print JSON (docs/cli-json.md: "cairn stats")')
    .addHelpText(
      'after',
      `
Current chunks are those search sees (current versions of documents in
service); stored chunks count every row, older versions and removed
documents included. The size is the database on disk (SQLite: the file's
pages; PostgreSQL: the schema's tables with their indexes). Index manifests
are the lexical indexes searches have named (index_hash, chunker, analyzer);
the one a search would name now is marked current, the others stale (the
chunks changed since: citations naming them get a stale_index warning).

Examples:
  cairn stats
  cairn stats --db postgres://user@localhost/cairn --json`,
    )
    .action(async (flags: StatsFlags) => {
      await withReadStore(flags, async (store) => {
        const stats = await store.storeStats();
        const manifests = await markCurrent(store, stats.index_manifests);
        process.stdout.write(
          flags.json
            ? `${JSON.stringify({ store: store.location, backend: store.dialect, ...stats, index_manifests: manifests })}\n`
            : formatStats(store.location, { ...stats, index_manifests: manifests }),
        );
        return 0;
      });
    });
}

type MarkedManifest = IndexManifestRow & { current: boolean };

/** Each lexical manifest with whether it names its chunker's live index, as a search now hashes it. */
async function markCurrent(
  store: ChunkStore,
  manifests: readonly IndexManifestRow[],
): Promise<MarkedManifest[]> {
  const live = new Map<string, string>();
  for (const chunker of new Set(manifests.map((m) => m.chunker_id)))
    live.set(chunker, (await readLiveIndex(store, chunker)).live.index_hash);
  return manifests.map((m) => ({
    ...m,
    current: m.kind === 'lexical' && live.get(m.chunker_id) === m.index_hash,
  }));
}

function formatStats(
  location: string,
  stats: Omit<StoreStats, 'index_manifests'> & { index_manifests: MarkedManifest[] },
): string {
  const perChunker = (counts: Record<string, number>) =>
    Object.keys(counts).length === 0
      ? ' none'
      : Object.entries(counts)
          .map(([chunker, n]) => `\n    ${chunker}: ${n}`)
          .join('');
  const lines = [
    `store      ${location}  ${formatBytes(stats.store_bytes)}`,
    `documents  ${stats.documents}${stats.removed_documents > 0 ? ` (and ${stats.removed_documents} removed)` : ''}`,
    `versions   ${stats.versions}`,
    `chunks (current):${perChunker(stats.current_chunks)}`,
    `chunks (stored):${perChunker(stats.stored_chunks)}`,
    `redirects  ${stats.redirects}`,
    `traces     ${stats.traces}`,
    `seen files ${stats.seen_files}`,
    `index manifests: ${stats.index_manifests.length === 0 ? 'none' : ''}`,
    ...stats.index_manifests.map(
      (m) =>
        `    ${m.current ? 'current' : 'stale  '}  ${m.index_hash}  ${m.chunker_id}  ${m.analyzer ?? '-'}  ${m.chunk_count} chunks  ${m.created_at}`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}
