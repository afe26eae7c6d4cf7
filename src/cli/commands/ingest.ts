import type { Command } from 'commander';
import { defaultChunkerRegistry } from '../../chunk/chunker-registry.js';
import { limitChunker } from '../../chunk/limit-chunker.js';
import { createSemanticChunker } from '../../chunk/semantic-chunker.js';
import type { Chunker } from '../../chunk/types.js';
import { type CachedEmbedder, createCachedEmbedder } from '../../embed/cached-embedder.js';
import { resolveEmbedder } from '../../embed/resolve-embedder.js';
import type { Embedder } from '../../embed/types.js';
import { CairnError, isCairnError } from '../../errors.js';
import {
  collectOptionsOf,
  type IngestSummary,
  ingestSources,
} from '../../ingest/ingest-sources.js';
import { createProgressReporter } from '../../ingest/progress-reporter.js';
import { collectSources } from '../../load/collect-sources.js';
import { openStore } from '../../store/open-store.js';
import type { ChunkStore } from '../../store/types.js';
import { terminalSafe } from '../../terminal-safe.js';
import { cliInvocation } from '../cli-invocation.js';
import { formatFlag } from '../format-flag.js';
import { integerFlag } from '../integer-flag.js';
import { jsonThreshold } from '../json-threshold.js';
import { addLimitFlags, type LimitFlags, limitsFrom } from '../limit-flags.js';
import { noChunksReason } from '../no-chunks-reason.js';
import { exitCodeFor, reportError } from '../report-error.js';
import { TIMEOUT_FLAG_HELP, timeoutFlag } from '../timeout-flag.js';

interface IngestFlags extends LimitFlags {
  db?: string;
  timeout?: string;
  chunker?: string;
  embedder?: string;
  json?: boolean;
  workers?: string;
  format?: string;
  threshold?: string;
  outputs?: boolean;
  progress?: boolean;
  exclude?: string[];
  root?: string;
  docUid?: string;
  sourceUrl?: string;
  allowEmpty?: boolean;
  includeFurniture?: boolean;
}

export function registerIngest(program: Command): void {
  const command = program
    .command('ingest')
    .argument('<paths...>', 'files, folders (walked for supported formats) or globs')
    .description('Parse, chunk and store documents; unchanged files are skipped on the next run')
    .option(
      '--db <path|url>',
      'SQLite file or postgres:// URL (default: $CAIRN_DB, else .cairn/cairn.db)',
    )
    .option('--chunker <id>', 'chunker id, name or alias', 'default')
    .option(
      '--embedder <spec>',
      'with --chunker semantic: the embedder its breakpoints come from (hash, hash:<dims>, openai:<model>@<url>, transformers:<folder>), through the embedding cache',
    )
    .option(
      '--root <dir>',
      'source paths and doc_uids relative to this folder, whatever the working directory (default: $CAIRN_ROOT, else the working directory)',
    )
    .option('--doc-uid <id>', 'the doc_uid of the one file named (default: derived from its path)')
    .option(
      '--source-url <template>',
      "source_url to record, {path} standing for the file's path under the root (default: an HTML page's canonical link, else the path)",
    )
    .option(
      '--workers <n>',
      'parse-and-chunk threads (0: on the main thread; default: cores - 1, at least 1)',
    )
    .option('--format <format>', 'override detection: markdown, ecfr, text, html, json, ipynb, pdf')
    .option('--threshold <chars>', 'JSON: string nodes at or over this many characters', '10000')
    .option('--outputs', 'notebooks: include text outputs as blocks')
    .option(
      '--include-furniture',
      'keep page furniture (HTML navigation, sidebars, footers) in chunks; it is left out by default',
    )
    .option(
      '--exclude <pattern>',
      'leave out matching files and folders, gitignore syntax (repeatable)',
      (value: string, previous: string[]) => [...previous, value],
      [] as string[],
    )
    .option(
      '--allow-empty',
      'a file stored with no chunk (JSON strings all under --threshold) exits 0 (default: 1)',
    )
    .option('--no-progress', 'no progress bar or progress lines')
    .option('--timeout <seconds>', TIMEOUT_FLAG_HELP)
    .option('--json', 'print the summary as JSON');
  addLimitFlags(command)
    .addHelpText(
      'after',
      `
Each file becomes a document; a changed file becomes a new version whose
chunks keep their IDs where the text did not move, with redirects for the
rest. A file that fails to parse, or a folder below a path that cannot be
listed, is reported and skipped (exit code 1). A file stored with no chunk
(a JSON file whose strings are all under --threshold) is named and exits 1
too, unless --allow-empty.
Leaving files out: --exclude takes gitignore patterns, matched against each
path relative to the working directory and to the folder named; a
.cairnignore file in any folder walked does the same for the paths below it
(one pattern a line, # comments, ! to take a path back in). Hidden files and
node_modules, .git and .cairn are never walked.
Nothing is created when there is nothing to read: a missing path fails
(file_not_found, exit 2) before the store is opened.
Ctrl-C stops after the file being written, prints what was done and exits
130; the next run goes on from there. A second Ctrl-C quits at once.

A document's doc_uid derives from its path as stored: relative to --root
(or $CAIRN_ROOT) when given, else to the working directory. With a root the
same folder makes the same doc_uids and chunk IDs from anywhere.

Examples:
  cairn ingest ../shared/corpora/rustbook
  cairn ingest docs --root . --source-url 'https://github.com/org/repo/blob/main/{path}'
  cairn ingest ~/src/repo/docs --root ~/src/repo     # same IDs from any folder
  cairn ingest notes/today.md --doc-uid daily-notes
  cairn ingest 'docs/**/*.md' --chunker token --json
  cairn ingest ../shared/corpora/rustbook --chunker semantic --embedder hash
  cairn ingest records/ --max-content-chars 1000000 --max-chunks-per-node 2000
  cairn ingest regs/ --db postgres://user@localhost/cairn --workers 4
  cairn ingest ../shared/corpora --exclude '*.json' --exclude 'drafts/'
  cairn ingest tables/ --timeout 30      # a file past 30 s fails alone (parse_timeout)`,
    )
    .action(async (paths: string[], flags: IngestFlags) => {
      let store: ChunkStore | null = null;
      const progress = createProgressReporter();
      const interrupt = new AbortController();
      // Ctrl-C stops between two files, the store as of the last file written; a second one quits
      // at once, which rolls back the file being written (one transaction each).
      const onSigint = (): void => {
        progress.end();
        if (interrupt.signal.aborted) {
          process.stderr.write('cairn: interrupted again: quitting now\n');
          process.exit(130);
        }
        process.stderr.write(
          'cairn: interrupted: stopping after the file being written (Ctrl-C again to quit now)\n',
        );
        interrupt.abort();
      };
      process.on('SIGINT', onSigint);
      try {
        const workers =
          flags.workers === undefined
            ? undefined
            : integerFlag('--workers', flags.workers, { min: 0, expected: 'a whole number' });
        const threshold = jsonThreshold(flags.threshold);
        const format = formatFlag(flags.format);
        const limits = limitsFrom(flags);
        // an unknown chunker, or one that cannot take the limits, is refused before the
        // store opens, as a missing path is
        const embedder =
          flags.embedder === undefined ? null : await resolveEmbedder(flags.embedder);
        const chunker =
          embedder === null
            ? defaultChunkerRegistry().get(flags.chunker ?? 'default')
            : semanticChunkerFor(flags.chunker, embedder);
        if (limits !== undefined) limitChunker(chunker, limits);
        const exclude = flags.exclude ?? [];
        const root = flags.root ?? (process.env.CAIRN_ROOT || undefined);
        // collected before the store opens: a path that names nothing leaves no new store behind
        const files = await collectSources(
          paths,
          collectOptionsOf({ exclude, ...(root === undefined ? {} : { root }) }),
        );
        const timeout = timeoutFlag(flags.timeout);
        store = await openStore(flags.db === undefined ? {} : { db: flags.db });
        const cached = embedder === null ? null : createCachedEmbedder(embedder, store);
        const summary = await ingestSources(store, paths, {
          files,
          exclude,
          ...(root === undefined ? {} : { root }),
          ...(flags.docUid === undefined ? {} : { doc_uid: flags.docUid }),
          ...(flags.sourceUrl === undefined ? {} : { source_url: flags.sourceUrl }),
          ...(cached !== null
            ? { chunker: semanticChunkerFor(flags.chunker, cached) }
            : flags.chunker === undefined
              ? {}
              : { chunker: flags.chunker }),
          ...(flags.includeFurniture ? { chunking: { include_furniture: true } } : {}),
          ...(workers === undefined ? {} : { workers }),
          ...(format === undefined ? {} : { format }),
          ...(limits === undefined ? {} : { limits }),
          task_timeout_ms: timeout,
          parse_options: {
            chunk_threshold_chars: threshold,
            notebook_outputs: flags.outputs === true,
          },
          ...(flags.progress === false ? {} : { on_event: (event) => progress.onEvent(event) }),
          signal: interrupt.signal,
        });
        progress.end();
        if (cached !== null && !flags.json) process.stderr.write(cacheLine(cached));
        if (flags.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
        else process.stdout.write(terminalSafe(await formatSummary(summary, store, { threshold })));
        const empty = summary.documents.some(
          (d) => (d.status === 'created' || d.status === 'updated') && d.chunks === 0,
        );
        process.exitCode = summary.failed > 0 || (empty && flags.allowEmpty !== true) ? 1 : 0;
      } catch (error) {
        progress.end();
        const summary =
          error instanceof CairnError
            ? (error.details.summary as IngestSummary | undefined)
            : undefined;
        if (summary && !flags.json && store)
          process.stdout.write(
            await formatSummary(summary, store, {
              threshold: Number(flags.threshold),
              stopped: isCairnError(error, 'interrupted') ? 'interrupted' : 'error',
            }).catch(() => ''),
          );
        if (flags.json && error instanceof CairnError) {
          const { summary: _omit, ...details } = error.details;
          process.stdout.write(
            `${JSON.stringify({ error: { code: error.code, message: error.message, details }, summary: summary ?? null })}\n`,
          );
        } else {
          reportError(error);
        }
        process.exitCode = exitCodeFor(error);
      } finally {
        process.off('SIGINT', onSigint);
        await store?.close().catch(() => {});
      }
    });
}

/**
 * `--embedder` serves the semantic chunker alone (the vectors a search needs
 * come from `cairn embed`): any other chunker with it is a usage error.
 */
function semanticChunkerFor(name: string | undefined, embedder: Embedder): Chunker {
  if (name !== 'semantic') {
    throw new CairnError(
      'invalid_option',
      `--embedder applies to --chunker semantic, not ${name ?? 'default'}: to embed stored chunks for search, run cairn embed --embedder <spec>`,
      { details: { option: '--embedder' } },
    );
  }
  return createSemanticChunker({ embedder });
}

function cacheLine(cached: CachedEmbedder): string {
  const { asked, hits, sent } = cached.counts;
  return `semantic chunking (${cached.id}): ${asked} sentence windows, ${sent} sent to the embedder, ${hits} from the embedding cache\n`;
}

interface SummaryOptions {
  /** The JSON threshold, named in why a file gave no chunk. */
  threshold: number;
  /** What ended the run early: Ctrl-C, or an error (which follows on stderr). */
  stopped?: 'interrupted' | 'error';
}

/** The run's summary. */
async function formatSummary(
  summary: IngestSummary,
  store: ChunkStore,
  options: SummaryOptions,
): Promise<string> {
  const { threshold, stopped } = options;
  const size =
    summary.bytes >= 1e6
      ? `${(summary.bytes / 1e6).toFixed(1)} MB`
      : `${(summary.bytes / 1e3).toFixed(1)} kB`;
  const rate = summary.mb_per_s >= 10 ? summary.mb_per_s.toFixed(0) : summary.mb_per_s.toFixed(2);
  const done = summary.created + summary.updated + summary.unchanged + summary.failed;
  const files = `${summary.files} file${summary.files === 1 ? '' : 's'}`;
  const lines = [
    stopped === 'interrupted'
      ? `Stopped after ${done} of ${files} (${summary.seconds.toFixed(1)} s) into ${summary.store}: interrupted by Ctrl-C; the next run goes on from there`
      : stopped === 'error'
        ? `Stopped after ${done} of ${files} (${summary.seconds.toFixed(1)} s) into ${summary.store}: the error below ended the run`
        : summary.files > 0 && summary.failed === summary.files
          ? `Ingested nothing: ${summary.files === 1 ? 'the file' : `all ${files}`} failed (${size}, ${summary.seconds.toFixed(1)} s); store ${summary.store}`
          : `Ingested ${files} (${size}) into ${summary.store} in ${summary.seconds.toFixed(1)} s, ${rate} MB/s`,
    `  documents: ${summary.created} created, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.failed} failed` +
      (summary.chunked > 0 ? `, ${summary.chunked} chunked` : ''),
    `  chunks written: ${summary.chunks_written} (${summary.chunker_id}), redirects: ${summary.redirects_written}`,
  ];
  // seed 000: a rev collision is logged and the run goes on
  for (const warning of summary.warnings.slice(0, 20)) lines.push(`  warning: ${warning}`);
  if (summary.warnings.length > 20)
    lines.push(`  warning: ${summary.warnings.length - 20} more (--json lists every one)`);
  const failedFiles = summary.documents.filter((d) => d.status === 'failed');
  for (const file of failedFiles.slice(0, 20)) {
    lines.push(`  failed: ${file.source_url}: ${file.error?.code}: ${file.error?.message}`);
  }
  if (failedFiles.length > 20)
    lines.push(`  failed: ${failedFiles.length - 20} more (--json lists every file)`);
  // stored, but nothing to cite: most often JSON whose strings are all under the threshold
  const empty = summary.documents.filter(
    (d) => (d.status === 'created' || d.status === 'updated') && d.chunks === 0,
  );
  for (const file of empty.slice(0, 10)) {
    lines.push(`  no chunks: ${file.source_url}: ${noChunksReason(file.source_url, threshold)}`);
  }
  if (empty.length > 10) lines.push(`  no chunks: ${empty.length - 10} more`);
  const kept = summary.documents.filter((d) => d.kept_format !== undefined);
  for (const file of kept.slice(0, 10)) {
    lines.push(
      `  kept as ${file.kept_format}: ${file.source_url}: its text is stored unchanged, and a version is its text; --format applies once the text changes (or in a new --db)`,
    );
  }
  if (kept.length > 10) lines.push(`  kept as before: ${kept.length - 10} more`);
  const warned = summary.documents.flatMap((d) => d.parse_warnings ?? []);
  for (const warning of warned.slice(0, 10))
    lines.push(`  warning: ${warning.code}: ${warning.message}`);
  if (warned.length > 10) lines.push(`  warning: ${warned.length - 10} more (--json lists them)`);
  const example = await exampleChunkId(summary, store);
  if (example !== null)
    lines.push(`Show a chunk: ${cliInvocation()} show '${example.replaceAll("'", "'\\''")}'`);
  return `${lines.join('\n')}\n`;
}

/** An ID the run made or kept, so the next command a user types works. */
async function exampleChunkId(summary: IngestSummary, store: ChunkStore): Promise<string | null> {
  const written = summary.documents.find((d) => d.first_chunk_id !== null);
  if (written) return written.first_chunk_id;
  for (const file of summary.documents.slice(0, 10)) {
    if (file.doc_uid === null) continue;
    const document = await store.getDocument(file.doc_uid);
    if (!document) continue;
    const chunks = await store.listChunks(document.current_version_id, summary.chunker_id);
    if (chunks[0]) return chunks[0].chunk_id;
  }
  return null;
}
