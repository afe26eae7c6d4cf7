import type { Command } from 'commander';
import { CairnError } from '../../errors.js';
import { removeDocuments } from '../../pipeline/remove-documents.js';
import type { ChunkStore } from '../../store/types.js';
import { terminalSafe } from '../../terminal-safe.js';
import { openExistingStore } from '../open-existing-store.js';
import { reportError } from '../report-error.js';
import { toStoredPath } from '../source-path.js';

interface RmFlags {
  db?: string;
  purge?: boolean;
  json?: boolean;
}

export function registerRm(program: Command): void {
  program
    .command('rm')
    .argument(
      '<documents...>',
      'documents: a path as ingested, a folder (every document below it), or a doc_uid',
    )
    .description('Take documents out of search; their chunk IDs then resolve as deleted')
    .option(
      '--db <path|url>',
      'SQLite file or postgres:// URL (default: $CAIRN_DB, else .cairn/cairn.db)',
    )
    .option('--purge', 'delete every row of the documents for good (their IDs become unknown)')
    .option('--json', 'print JSON (docs/cli-json.md: "cairn rm")')
    .addHelpText(
      'after',
      `
Without --purge a removed document leaves search, cairn list and the lexical
index, but its versions, chunks and redirects stay: cairn resolve and
cairn show of its chunk IDs answer "deleted" (exit 1), so old citations are
still explained. Ingesting the file again brings it back, with its IDs.
With --purge its rows are deleted (lexical index entries included) and its
IDs resolve as chunk_not_found; a removed document can be purged later.
Each document is one transaction. Exit code 0 when every argument named a
stored document, 1 when one named none (the others are still removed).

Examples:
  cairn rm pdf/files.json
  cairn rm drafts/ --json
  cairn rm 7f3a9c2e1b40 --purge`,
    )
    .action(async (targets: string[], flags: RmFlags) => {
      let store: ChunkStore | null = null;
      try {
        if (targets.some((t) => t.trim() === ''))
          throw new CairnError('invalid_option', 'cairn rm got an empty document argument');
        store = await openExistingStore(flags.db);
        const outcome = await removeDocuments(store, targets, {
          purge: flags.purge === true,
          normalize: (target) => toStoredPath(target),
        });
        if (flags.json) process.stdout.write(`${JSON.stringify(outcome)}\n`);
        else {
          const lines = outcome.documents.map(
            (d) =>
              `${d.status.replace('_', ' ')}: ${terminalSafe(d.source_url)}  (doc_uid ${d.doc_uid})`,
          );
          for (const target of outcome.not_found)
            lines.push(
              `not found: ${terminalSafe(target)}: no stored document or folder of documents`,
            );
          process.stdout.write(`${lines.join('\n')}\n`);
        }
        process.exitCode = outcome.not_found.length > 0 ? 1 : 0;
      } catch (error) {
        process.exitCode = reportError(error, { json: flags.json === true });
      } finally {
        await store?.close().catch(() => {});
      }
    });
}
