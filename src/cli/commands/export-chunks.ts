import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Command, Option } from 'commander';
import {
  EXPORT_FORMATS,
  type ExportFormat,
  toExportRecord,
} from '../../adapters/export-records.js';
import { CairnError } from '../../errors.js';
import { exportChunks } from '../../search/export-chunks.js';
import type { ChunkStore } from '../../store/types.js';
import { terminalSafe } from '../../terminal-safe.js';
import { openExistingStore } from '../open-existing-store.js';
import { reportError } from '../report-error.js';

interface ExportChunksFlags {
  db?: string;
  chunker?: string;
  format?: ExportFormat;
  out?: string;
}

/** Hangs `chunks` under an `export` command: `cairn export chunks --format langchain --out chunks.jsonl`. */
export function registerExportChunks(exportCommand: Command): void {
  exportCommand
    .command('chunks')
    .description('Export every current chunk with its citation payload, one JSON object a line')
    .option(
      '--db <path|url>',
      'SQLite file or postgres:// URL (default: $CAIRN_DB, else .cairn/cairn.db)',
    )
    .option(
      '--chunker <id>',
      "whose chunks: chunker id, name or alias (default: the default, or the store's only chunker)",
    )
    .addOption(
      new Option('--format <format>', 'record shape').choices([...EXPORT_FORMATS]).default('jsonl'),
    )
    .option('--out <file>', 'write here (default: standard output); replaced only once complete')
    .addHelpText(
      'after',
      `
Every chunk search can return (current versions of documents not removed),
in storage order, streamed: memory stays bounded whatever the store holds.
Shapes (docs/cli-json.md: "cairn export chunks"):
  jsonl       the citation payload a search hit carries (doc_id, section_id,
              snippet_id, source_url, offsets, tokens, index_hash, analyzer,
              rev, page ...) with chunker_id, text, heading_path, title, format;
              no scores, which belong to a query
  langchain   LangChain's serialized Document, {"lc": 1, "type": "constructor",
              "id": [...], "kwargs": {"id", "pageContent", "metadata"}}: each
              line revives with load() from @langchain/core/load
  llamaindex  {"id_", "text", "metadata", "excluded_*_metadata_keys"}: a TextNode

Examples:
  cairn export chunks --out chunks.jsonl
  cairn export chunks --chunker token --format langchain > lc.jsonl
  cairn export chunks --format llamaindex --db postgres://user@localhost/cairn --out nodes.jsonl`,
    )
    .action(async (flags: ExportChunksFlags) => {
      let store: ChunkStore | null = null;
      const out = flags.out === undefined ? undefined : resolve(flags.out);
      const partial = out === undefined ? undefined : `${out}.partial-${process.pid}`;
      try {
        store = await openExistingStore(flags.db);
        const format = flags.format ?? 'jsonl';
        const records = exportChunks(store, {
          ...(flags.chunker === undefined ? {} : { chunker: flags.chunker }),
          on_warning: (warning) =>
            process.stderr.write(
              `cairn: warning: the index manifest was not recorded: ${warning.code}: ${terminalSafe(warning.message)}\n`,
            ),
        });
        const lines = Readable.from(
          (async function* () {
            for await (const chunk of records)
              yield `${JSON.stringify(toExportRecord(chunk, format))}\n`;
          })(),
        );
        if (partial === undefined || out === undefined) {
          await pipeline(lines, process.stdout, { end: false });
        } else {
          await pipeline(lines, createWriteStream(partial)).catch(
            (cause: NodeJS.ErrnoException) => {
              if (cause instanceof CairnError) throw cause;
              throw new CairnError(
                'output_unwritable',
                `Cannot write ${flags.out}: ${cause.code ?? cause.message}`,
                {
                  cause,
                  details: { source: flags.out },
                },
              );
            },
          );
          await rename(partial, out);
        }
        process.exitCode = 0;
      } catch (error) {
        if (partial !== undefined) await rm(partial, { force: true }).catch(() => {});
        process.exitCode = reportError(error);
      } finally {
        await store?.close().catch(() => {});
      }
    });
}
