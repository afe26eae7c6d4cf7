import { statSync } from 'node:fs';
import type { Command } from 'commander';
import { defaultChunkerRegistry } from '../../chunk/chunker-registry.js';
import type { Chunker } from '../../chunk/types.js';
import { countOf } from '../../count-of.js';
import { CairnError } from '../../errors.js';
import { type ChunkIdCheck, checkChunkIds } from '../../ids/check-chunk-ids.js';
import {
  folderUnreadable,
  type UnreadableFolder,
  walkSupportedFiles,
} from '../../load/collect-sources.js';
import { SUPPORTED_EXTENSIONS } from '../../load/detect-format.js';
import { fileError } from '../../load/file-error.js';
import { jsonThreshold } from '../json-threshold.js';
import { noChunksReason } from '../no-chunks-reason.js';
import { exitCodeFor, reportCommandError } from '../report-error.js';
import { runIdsGoldCheck } from './ids-gold.js';

export interface IdsCheckFlags {
  json?: boolean;
  chunker?: string;
  threshold?: string;
  gold?: string;
}

export interface IdsCommandIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** The chunker for an id or alias; the registry's by default. */
  getChunker?: (id: string) => Chunker | Promise<Chunker>;
}

/** `cairn ids check <file|dir>`: the seed's 60-second validator on real files. */
export function registerIds(program: Command): void {
  const ids = program.command('ids').description('Chunk ID tools');
  ids
    .command('check')
    .argument('<path>', 'a file, or a directory searched recursively for supported files')
    .description(
      'Mint chunk IDs and check them: unique, byte-wise sorted in reading order, stable on re-ingest',
    )
    .option('--json', 'print one JSON report: { ok, files: [{ path, chunks, ok, issues }] }')
    .option('--chunker <id>', 'chunker id or alias', 'default')
    .option('--threshold <chars>', 'JSON: string nodes at or over this many characters', '10000')
    .option(
      '--gold <file>',
      'instead: the share of gold citations (a gold set, or a JSON list of {doc, start, end}) inside one chunk; fails under 0.90',
    )
    .addHelpText(
      'after',
      `
Each file is parsed and chunked, its IDs minted and checked (issue codes:
malformed_id, mixed_lineage, duplicate_id, order_mismatch); then the same file
is parsed and chunked again, minted afresh and aligned with the first result,
which must change nothing (unstable_reingest). Grammar: docs/chunk-ids.md.
Exit status: 0 clean, 1 issues found (or a file failed to parse), 2 bad usage or
a file that cannot be read (missing, not a regular file, of no supported format).

With --gold, the files are chunked and each gold citation resolved against
them, as cairn eval gold resolves it (doc: the path as given, its doc_uid, or
its tail on / boundaries; a quote found once, or a span in code points):
citation_match is the share whose span lies inside one chunk (seed 000's
validator: at least 0.90, else exit 1). The file is a gold set (JSON lines,
schemas/gold-set.v1.schema.json) or a plain list:
  [{"doc": "ch04-01-what-is-ownership.md", "start": 120, "end": 180}]
Refused lines (unknown doc, absent or repeated quote, bad span) exit 1 with
their line numbers, and nothing is measured.

Examples:
  cairn ids check ../shared/corpora/rustbook/ch04-01-what-is-ownership.md
  cairn ids check ../shared/corpora/ecfr --json > ids-report.json
  cairn ids check ../shared/corpora/ecfr/title-15/chapter-VII.md --gold gold/ear.jsonl`,
    )
    .action(async (path: string, flags: IdsCheckFlags) => {
      process.exitCode = await runIdsCheck(path, flags, {
        stdout: process.stdout,
        stderr: process.stderr,
      });
    });
}

interface FileReport {
  path: string;
  chunks: number;
  ok: boolean;
  issues: unknown[];
  error?: { code: string; message: string };
}

/** The command's work, apart from commander: returns the exit status. */
export async function runIdsCheck(
  path: string,
  flags: IdsCheckFlags,
  io: IdsCommandIo,
): Promise<number> {
  let files: string[];
  const unreadable: UnreadableFolder[] = [];
  let chunker: Chunker;
  let threshold: number;
  try {
    threshold = jsonThreshold(flags.threshold ?? '10000');
    chunker = await (io.getChunker ?? defaultGetChunker)(flags.chunker ?? 'default');
  } catch (error) {
    reportCommandError(error, io, flags.json);
    // Nothing was checked yet: a missing path or an unknown chunker is a usage error.
    return 2;
  }
  if (flags.gold !== undefined) {
    return runIdsGoldCheck(
      path,
      flags.gold,
      { chunker, threshold, ...(flags.json === undefined ? {} : { json: flags.json }) },
      io,
    );
  }
  try {
    files = await filesUnder(path, unreadable);
  } catch (error) {
    reportCommandError(error, io, flags.json);
    return 2;
  }
  const directory = files.length !== 1 || files[0] !== path;
  // a folder below the path that cannot be listed fails the check: its files went unchecked
  const reports: FileReport[] = unreadable.map((folder) => {
    const { code, message } = folderUnreadable(folder.path, folder.code);
    return { path: folder.path, chunks: 0, ok: false, issues: [], error: { code, message } };
  });
  // a file that could not be read at all exits 2, as in every command; a parse failure 1
  let unreadableFile = false;
  for (const [k, file] of files.entries()) {
    const started = performance.now();
    let report: FileReport;
    try {
      report = toReport(
        await checkChunkIds(file, { chunker, parse: { chunk_threshold_chars: threshold } }),
      );
    } catch (error) {
      if (!(error instanceof CairnError)) throw error;
      if (exitCodeFor(error) === 2) unreadableFile = true;
      report = {
        path: file,
        chunks: 0,
        ok: false,
        issues: [],
        error: { code: error.code, message: error.message },
      };
    }
    reports.push(report);
    if (directory) {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const status = report.error
        ? `error ${report.error.code}`
        : report.ok
          ? 'ok'
          : countOf(report.issues.length, 'issue');
      io.stderr.write(
        `[${k + 1}/${files.length}] ${file}: ${countOf(report.chunks, 'chunk')}, ${status} (${seconds} s)\n`,
      );
    }
  }
  const ok = reports.every((report) => report.ok);
  io.stdout.write(
    flags.json
      ? `${JSON.stringify({ ok, chunker: chunker.chunker_id, files: reports })}\n`
      : textReport(reports, threshold),
  );
  return unreadableFile ? 2 : ok ? 0 : 1;
}

function toReport(check: ChunkIdCheck): FileReport {
  return {
    path: check.path,
    chunks: check.chunks,
    ok: check.result.ok,
    issues: check.result.ok ? [] : check.result.issues,
  };
}

function textReport(reports: FileReport[], threshold: number): string {
  const lines: string[] = [];
  for (const report of reports) {
    if (report.error) lines.push(`${report.path}: ${report.error.code}: ${report.error.message}`);
    // nothing minted is nothing checked: say why rather than let "ok" stand alone
    else if (report.chunks === 0)
      lines.push(`${report.path}: no chunks: ${noChunksReason(report.path, threshold)}`);
    for (const issue of report.issues as { code: string; message: string }[]) {
      lines.push(`${report.path}: ${issue.code}: ${issue.message}`);
    }
  }
  const failed = reports.filter((report) => !report.ok).length;
  const chunks = reports.reduce((sum, report) => sum + report.chunks, 0);
  lines.push(
    `${countOf(reports.length, 'file')}, ${countOf(chunks, 'chunk')}: ${
      failed > 0
        ? `${failed} with issues`
        : chunks === 0
          ? 'no chunk to check'
          : 'chunk IDs unique, in reading order, stable on re-ingest'
    }`,
  );
  return `${lines.join('\n')}\n`;
}

/**
 * The file itself, or every supported file below a directory, sorted: the
 * files `cairn ingest` would take from it (no hidden ones, symbolic links
 * followed, nothing under .git or node_modules), so a dangling link is not a
 * crash.
 */
async function filesUnder(path: string, unreadable: UnreadableFolder[]): Promise<string[]> {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(path).isDirectory();
  } catch (cause) {
    throw fileError(cause, path, { missing: `No such file or directory: ${path}` });
  }
  if (!isDirectory) return [path];
  const out = (await walkSupportedFiles(path, unreadable)).sort();
  if (unreadable[0]?.path === path) throw folderUnreadable(path, unreadable[0].code);
  if (out.length === 0 && unreadable.length === 0) {
    throw new CairnError(
      'file_not_found',
      `No supported files under ${path} (${SUPPORTED_EXTENSIONS.join(' ')})`,
      {
        details: { source: path },
      },
    );
  }
  return out;
}

function defaultGetChunker(id: string): Chunker {
  return defaultChunkerRegistry().get(id);
}
