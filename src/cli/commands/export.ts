import { resolve } from 'node:path';
import { type Command, Option } from 'commander';
import type { RetrievalCorpusDocument } from '../../corpus/corpus-contract.js';
import { type EarCorpusExport, exportEarCorpus } from '../../corpus/export-ear-corpus.js';
import {
  exportStoredEarCorpus,
  type StoredCorpusSource,
} from '../../corpus/export-stored-ear-corpus.js';
import { formatCorpusJsonl, formatCorpusLine } from '../../corpus/format-corpus-line.js';
import { CairnError } from '../../errors.js';
import { openStore } from '../../store/open-store.js';
import type { ChunkStore } from '../../store/types.js';
import type { CommandIo } from '../command-io.js';
import { integerFlag } from '../integer-flag.js';
import { reportCommandError } from '../report-error.js';
import { writeAtomically } from '../write-atomically.js';
import { writeLinesAtomically } from '../write-lines-atomically.js';

export interface ExportCorpusFlags {
  profile?: string;
  out?: string;
  snapshotDate?: string;
  maxTokens?: string;
  json?: boolean;
  /** Export from this store instead of from files. */
  db?: string;
  /** Store export: whose chunk IDs the lines carry. */
  chunker?: string;
}

/**
 * Hangs `corpus` under an `export` command: `cairn export corpus --profile ear
 * <input> --out corpus.jsonl` from eCFR files, `cairn export corpus --db <db>`
 * from a store.
 */
export function registerExportCorpus(exportCommand: Command): void {
  exportCommand
    .command('corpus')
    .argument('[input]', 'an eCFR Markdown file, or a folder of them (none: export from the store)')
    .description('Export a retrieval-corpus.v1 JSONL corpus (EAR profile: 15 CFR parts 730 to 774)')
    .addOption(new Option('--profile <name>', 'the corpus profile').choices(['ear']).default('ear'))
    .option('--out <file>', 'write the corpus here (default: standard output)')
    .option(
      '--snapshot-date <YYYY-MM-DD>',
      "the snapshot's date, for files whose front matter states none",
    )
    .option(
      '--max-tokens <n>',
      'split a document over this many tokens into #p0001... chunks',
      '1024',
    )
    .option(
      '--db <path|url>',
      'export from this store (SQLite file or postgres:// URL); without an input, the default: $CAIRN_DB, else .cairn/cairn.db',
    )
    .option(
      '--chunker <id>',
      "store export: whose chunk IDs the lines carry (default: the default, or the store's only chunker)",
    )
    .option('--json', 'print the summary as JSON on standard error')
    .addHelpText(
      'after',
      `
One "section" document per § in parts 730 to 774, a "subsection" per (a), (b)...,
a "paragraph" per deeper designator, each with parent_id to its container. Each
text is the node's own words (a section: its title line, its text before (a) and
its source notes). source_ref is ecfr-<date>-sha256:<hex of the source file>, so
the same file gives byte-identical output.

Without an input, the corpus is built from the eCFR documents a store holds
(current versions, in byte order of their source_url, one document in memory
at a time): the same lines the files they were ingested from give, each with
"chunk_ids", the IDs of the stored chunks (of --chunker) that hold its words,
the snippet_ids search hits carry. source_ref then hashes the stored text,
which is the file's bytes for UTF-8 without a byte order mark.

Examples:
  cairn export corpus --profile ear ../shared/corpora/ecfr/title-15/chapter-VII.md \\
    --snapshot-date 2025-12-31 --out ear.jsonl
  cairn export corpus ../shared/corpora/ecfr/title-15 --out ear.jsonl && cairn validate corpus ear.jsonl
  cairn ingest ../shared/corpora/ecfr/title-15 --db ecfr.db
  cairn export corpus --db ecfr.db --profile ear --snapshot-date 2025-12-31 --out ear-ids.jsonl`,
    )
    .action(async (input: string | undefined, flags: ExportCorpusFlags) => {
      process.exitCode = await runExportCorpus(input, flags, {
        stdout: process.stdout,
        stderr: process.stderr,
      });
    });
}

/** The command's work, apart from commander: returns the exit status. */
export async function runExportCorpus(
  input: string | undefined,
  flags: ExportCorpusFlags,
  io: CommandIo,
): Promise<number> {
  try {
    if ((flags.profile ?? 'ear') !== 'ear') {
      throw new CairnError('invalid_option', `Unknown profile "${flags.profile}"; known: ear`);
    }
    const maxTokens = integerFlag('--max-tokens', flags.maxTokens ?? '1024', {
      min: 16,
      max: Number.MAX_SAFE_INTEGER,
      expected: 'an integer of at least 16',
    });
    if (input !== undefined && (flags.db !== undefined || flags.chunker !== undefined)) {
      throw new CairnError(
        'invalid_option',
        `Give an input to export from files, or --db to export from a store, not both`,
      );
    }
    if (input === undefined) return await runStoreExport(flags, maxTokens, io);
    const result = await exportEarCorpus(input, {
      max_tokens: maxTokens,
      ...(flags.snapshotDate === undefined ? {} : { snapshot_date: flags.snapshotDate }),
    });
    if (flags.out !== undefined) refuseInputAsOut(flags.out, result);
    const jsonl = formatCorpusJsonl(result.documents);
    if (flags.out === undefined) io.stdout.write(jsonl);
    else await writeAtomically(flags.out, jsonl);
    io.stderr.write(
      flags.json
        ? `${JSON.stringify(summary(result, flags.out))}\n`
        : textSummary(result, flags.out),
    );
    return 0;
  } catch (error) {
    return reportCommandError(error, io, flags.json);
  }
}

/** `--out chapter.md` would replace the source it was read from with the corpus. */
function refuseInputAsOut(out: string, result: EarCorpusExport): void {
  const target = resolve(out);
  const inputs = [...result.files.map((f) => f.path), ...result.skipped.map((s) => s.path)];
  if (inputs.some((path) => resolve(path) === target)) {
    throw new CairnError(
      'invalid_option',
      `--out ${out} is an input file: the corpus would replace it; name another file, such as ear.jsonl`,
      { details: { source: out } },
    );
  }
}

/** The store export: lines streamed to standard output or written aside and renamed over `--out`. */
async function runStoreExport(
  flags: ExportCorpusFlags,
  maxTokens: number,
  io: CommandIo,
): Promise<number> {
  let store: ChunkStore | null = null;
  try {
    store = await openStore({
      ...(flags.db === undefined ? {} : { db: flags.db }),
      readonly: true,
    });
    const counts = newKindCounts();
    let chunkerId = '';
    const sources: StoredCorpusSource[] = [];
    const skipped: { source_url: string; reason: string }[] = [];
    let documents = 0;
    let withoutChunks = 0;
    const docs = exportStoredEarCorpus(store, {
      max_tokens: maxTokens,
      ...(flags.snapshotDate === undefined ? {} : { snapshot_date: flags.snapshotDate }),
      ...(flags.chunker === undefined ? {} : { chunker: flags.chunker }),
      on_chunker: (id) => {
        chunkerId = id;
      },
      on_source: (source) => sources.push(source),
      on_skip: (skip) => skipped.push(skip),
    });
    const lines = (async function* () {
      for await (const doc of docs) {
        countKind(counts, doc);
        documents++;
        if (doc.chunk_ids.length === 0) withoutChunks++;
        yield `${formatCorpusLine(doc)}\n`;
      }
    })();
    await writeLinesAtomically(lines, flags.out, io.stdout);
    const summary = {
      out: flags.out ?? null,
      db: store.location,
      chunker_id: chunkerId,
      documents,
      kinds: counts,
      without_chunk_ids: withoutChunks,
      sources,
      skipped,
    };
    io.stderr.write(flags.json ? `${JSON.stringify(summary)}\n` : storeTextSummary(summary));
    return 0;
  } finally {
    await store?.close().catch(() => {});
  }
}

function storeTextSummary(s: {
  out: string | null;
  chunker_id: string;
  documents: number;
  kinds: Record<string, number>;
  without_chunk_ids: number;
  sources: StoredCorpusSource[];
  skipped: { source_url: string; reason: string }[];
}): string {
  const k = s.kinds;
  const lines = [
    `cairn: ${s.documents} documents (${k.section} section, ${k.subsection} subsection, ${k.paragraph} paragraph; ${k.chunked} of them chunks) ${s.out === null ? 'written' : `to ${s.out}`}, with chunk IDs of ${s.chunker_id}`,
  ];
  for (const f of s.sources)
    lines.push(`  ${f.source_url}: ${f.documents} documents, ${f.source_ref}`);
  for (const skip of s.skipped) lines.push(`  skipped ${skip.source_url}: ${skip.reason}`);
  if (s.without_chunk_ids > 0) {
    lines.push(
      `  ${s.without_chunk_ids} documents carry no chunk ID: their stored documents have no chunks of ${s.chunker_id} (cairn chunk --db <db> --chunker <id> makes them)`,
    );
  }
  return `${lines.join('\n')}\n`;
}

function newKindCounts(): Record<string, number> {
  return { section: 0, subsection: 0, paragraph: 0, chunked: 0 };
}

function countKind(counts: Record<string, number>, d: RetrievalCorpusDocument): void {
  counts[d.chunk_kind] = (counts[d.chunk_kind] ?? 0) + 1;
  if (d.doc_id.includes('#')) counts.chunked = (counts.chunked ?? 0) + 1;
}

function countKinds(docs: readonly RetrievalCorpusDocument[]): Record<string, number> {
  const counts = newKindCounts();
  for (const d of docs) countKind(counts, d);
  return counts;
}

function summary(result: EarCorpusExport, out: string | undefined): object {
  return {
    out: out ?? null,
    documents: result.documents.length,
    kinds: countKinds(result.documents),
    files: result.files,
    skipped: result.skipped,
  };
}

function textSummary(result: EarCorpusExport, out: string | undefined): string {
  const k = countKinds(result.documents);
  const lines = [
    `cairn: ${result.documents.length} documents (${k.section} section, ${k.subsection} subsection, ${k.paragraph} paragraph; ${k.chunked} of them chunks) ${out === undefined ? 'written' : `to ${out}`}`,
  ];
  for (const f of result.files) {
    lines.push(`  ${f.path}: ${f.documents} documents, ${f.source_ref}`);
    if (f.source_ref.startsWith('ecfr-sha256:')) {
      lines.push(
        '    (no snapshot date in the front matter: pass --snapshot-date YYYY-MM-DD to name it)',
      );
    }
  }
  for (const s of result.skipped) lines.push(`  skipped ${s.path}: ${s.reason}`);
  return `${lines.join('\n')}\n`;
}
