import type { Command } from 'commander';
import { resolveChunk } from '../../pipeline/resolve-chunk.js';
import { formatResolveResult } from '../format-resolve-result.js';
import { lookupFor } from '../lookup-for.js';
import { withReadStore } from '../with-read-store.js';

interface ResolveFlags {
  db?: string;
  chunker?: string;
  json?: boolean;
}

export function registerResolve(program: Command): void {
  program
    .command('resolve')
    .argument(
      '<chunk_id>',
      'a chunk ID, current or from an older version (quote it: it contains "|")',
    )
    .description('Follow a chunk ID through redirects to the live chunk and its span')
    .option(
      '--db <path|url>',
      'SQLite file or postgres:// URL (default: $CAIRN_DB, else .cairn/cairn.db)',
    )
    .option(
      '--chunker <id>',
      'whose chunks (default: the chunker that has the ID, preferring the default)',
    )
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      `
Exit code 0 when the ID leads to a live chunk holding its text (moved, split
or merged text included); 1 when its text was deleted (the nearest surviving
chunk is printed, with text_deleted in --json) or is only in an older
version, and when the ID is unknown (chunk_not_found) or malformed
(malformed_chunk_id); 2 for a --chunker the store has no chunks of
(unknown_chunker, naming the ones it has).

Example:
  cairn resolve 'a1b2c3d4|r=0f3e2d1c|s=02.01-|p=000|b=003'`,
    )
    .action(async (id: string, flags: ResolveFlags) => {
      await withReadStore(flags, async (store) => {
        const resolved = await resolveChunk(store, id, await lookupFor(store, flags.chunker));
        if (flags.json) process.stdout.write(`${JSON.stringify(resolved)}\n`);
        else process.stdout.write(formatResolveResult(resolved));
        return resolved.status === 'live' && !resolved.text_deleted ? 0 : 1;
      });
    });
}
