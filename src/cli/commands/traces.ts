import type { Command } from 'commander';
import type { ChunkStore } from '../../store/types.js';
import {
  DEFAULT_TRACE_RETENTION,
  describeRetention,
  parseTraceRetention,
} from '../../trace/trace-retention.js';
import { openExistingStore } from '../open-existing-store.js';
import { reportError } from '../report-error.js';

interface PruneFlags {
  db?: string;
  keep?: string;
  json?: boolean;
}

export function registerTraces(program: Command): void {
  const traces = program
    .command('traces')
    .description('Manage the rag_traces rows that searches and answer checks leave');
  traces
    .command('prune')
    .description('Delete the trace rows the retention does not keep')
    .option(
      '--db <path|url>',
      'SQLite file or postgres:// URL (default: $CAIRN_DB, else .cairn/cairn.db)',
    )
    .option(
      '--keep <n|days>',
      `rows to keep (10000), or days (30d); default ${describeRetention(DEFAULT_TRACE_RETENTION)}`,
    )
    .option('--json', 'print JSON: {"deleted": n, "kept": n, "retention": {...}}')
    .addHelpText(
      'after',
      `
Every search prunes after writing its trace (cairn search --keep-traces sets
the policy; the default keeps the newest ${describeRetention(DEFAULT_TRACE_RETENTION)}). This command prunes on
demand, for example from cron with a shorter policy. Rows of the boundary's
timestamp stay together (one query's rows share it). --keep 0 deletes all.

Examples:
  cairn traces prune --keep 30d
  cairn traces prune --keep 1000 --json`,
    )
    .action(async (flags: PruneFlags) => {
      let store: ChunkStore | null = null;
      try {
        const retention =
          flags.keep === undefined
            ? DEFAULT_TRACE_RETENTION
            : parseTraceRetention(flags.keep, '--keep');
        store = await openExistingStore(flags.db);
        const deleted = await store.pruneRagTraces(retention);
        const kept = await store.countRagTraces();
        process.stdout.write(
          flags.json
            ? `${JSON.stringify({ deleted, kept, retention })}\n`
            : `Deleted ${deleted} trace row${deleted === 1 ? '' : 's'}; ${kept} kept (${describeRetention(retention)})\n`,
        );
        process.exitCode = 0;
      } catch (error) {
        process.exitCode = reportError(error, { json: flags.json === true });
      } finally {
        await store?.close().catch(() => {});
      }
    });
}
