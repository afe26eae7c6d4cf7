import type { Command } from 'commander';
import type { DocumentSummary } from '../../store/store-inventory.js';
import type { ChunkStore } from '../../store/types.js';
import { terminalSafe } from '../../terminal-safe.js';
import { formatBytes } from '../format-bytes.js';
import { formatFlag } from '../format-flag.js';
import { toStoredPath } from '../source-path.js';
import { withReadStore } from '../with-read-store.js';

interface ListFlags {
  db?: string;
  json?: boolean;
  format?: string;
  under?: string;
  removed?: boolean;
}

/** Documents read from the store at a time: the listing's memory stays bounded whatever the store holds. */
const PAGE = 500;

export function registerList(program: Command): void {
  program
    .command('list')
    .description(
      'List the stored documents: format, versions, chunks per chunker, size, last ingest',
    )
    .option(
      '--db <path|url>',
      'SQLite file or postgres:// URL (default: $CAIRN_DB, else .cairn/cairn.db)',
    )
    .option('--format <format>', 'only this format: markdown, ecfr, text, html, json, ipynb, pdf')
    .option('--under <path>', 'only documents at or below this path (as ingested)')
    .option('--removed', 'also list documents cairn rm took out of search')
    .option('--json', 'print JSON (docs/cli-json.md: "cairn list")')
    .addHelpText(
      'after',
      `
One line per document in service: its path, format, current version and
how many versions are stored, its current chunks per chunker, the size of
its text, and when an ingest last wrote it. Documents removed with cairn rm
are left out unless --removed.

Examples:
  cairn list
  cairn list --under ../shared/corpora/rustbook --format markdown
  cairn list --json | jq '.documents[] | select(.versions > 1) | .source_url'`,
    )
    .action(async (flags: ListFlags) => {
      await withReadStore(flags, async (store) => {
        const format = formatFlag(flags.format);
        const query = {
          ...(format === undefined ? {} : { format }),
          ...(flags.under === undefined ? {} : { under: toStoredPath(flags.under) }),
          include_removed: flags.removed === true,
        };
        let count = 0;
        if (flags.json) process.stdout.write('{"documents":[');
        for await (const summary of pages(store, query)) {
          if (flags.json)
            process.stdout.write(`${count > 0 ? ',' : ''}${JSON.stringify(toJson(summary))}`);
          else process.stdout.write(`${formatLine(summary)}\n`);
          count++;
        }
        if (flags.json) process.stdout.write(`],"count":${count}}\n`);
        else
          process.stdout.write(
            count === 0
              ? `No documents${flags.under === undefined && format === undefined ? '' : ' match'} in ${store.location}\n`
              : `${count} document${count === 1 ? '' : 's'} in ${store.location}\n`,
          );
        return 0;
      });
    });
}

async function* pages(
  store: ChunkStore,
  query: Parameters<ChunkStore['listDocumentSummaries']>[0],
): AsyncGenerator<DocumentSummary> {
  let after = 0;
  for (;;) {
    const page = await store.listDocumentSummaries({ ...query, after_id: after, limit: PAGE });
    yield* page;
    if (page.length < PAGE) return;
    after = page.at(-1)!.document.id;
  }
}

/** The JSON shape of one listed document (docs/cli-json.md). */
export function toJson(summary: DocumentSummary) {
  const { document } = summary;
  return {
    doc_uid: document.doc_uid,
    source_url: document.source_url,
    format: document.format,
    media_type: document.media_type,
    title: document.title,
    version: summary.current_seq,
    versions: summary.versions,
    chunks: summary.chunks,
    length: summary.length,
    bytes: summary.byte_length,
    created_at: document.created_at,
    last_ingest: document.updated_at,
    removed_at: document.removed_at,
  };
}

function formatLine(summary: DocumentSummary): string {
  const { document } = summary;
  const chunks = Object.entries(summary.chunks)
    .map(([chunker, n]) => `${n} ${chunker}`)
    .join(', ');
  return [
    terminalSafe(document.source_url),
    `  ${document.format}  v${summary.current_seq} of ${summary.versions}  ${formatBytes(summary.byte_length)}  ` +
      `chunks: ${chunks === '' ? 'none' : chunks}  last ingest ${document.updated_at}` +
      (document.removed_at === null ? '' : `  REMOVED ${document.removed_at}`),
    `  doc_uid ${document.doc_uid}`,
  ].join('\n');
}
