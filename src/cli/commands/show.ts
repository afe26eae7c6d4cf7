import { resolve } from 'node:path';
import type { Command } from 'commander';
import { CairnError } from '../../errors.js';
import { isChunkId } from '../../ids/parse-chunk-id.js';
import { toSourceUrl } from '../../load/collect-sources.js';
import { pickChunkSet } from '../../pipeline/pick-chunk-set.js';
import { resolveChunk } from '../../pipeline/resolve-chunk.js';
import type { ChunkRow, ChunkStore, DocumentRow } from '../../store/types.js';
import { terminalSafe } from '../../terminal-safe.js';
import { formatLive, formatResolveResult } from '../format-resolve-result.js';
import { integerFlag } from '../integer-flag.js';
import { lookupFor } from '../lookup-for.js';
import { previewText } from '../preview-text.js';
import { reportError } from '../report-error.js';
import { withReadStore } from '../with-read-store.js';

interface ShowFlags {
  db?: string;
  chunker?: string;
  json?: boolean;
  context?: string;
}

export function registerShow(program: Command): void {
  program
    .command('show')
    .argument('<target>', 'a chunk ID, or a document (its path as ingested, or its doc_uid)')
    .description("Show a chunk with its span in context, or list a document's current chunks")
    .option(
      '--db <path|url>',
      'SQLite file or postgres:// URL (default: $CAIRN_DB, else .cairn/cairn.db)',
    )
    .option(
      '--chunker <id>',
      'whose chunks (default: the chunker that has them, preferring the default)',
    )
    .option('--context <chars>', 'characters of text shown around a chunk', '200')
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      `
A chunk ID contains "|": quote it in the shell. An ID of an older version
follows its redirects to the live chunk; exit code 1 when its text was
deleted (its nearest surviving neighbour is shown) or is only in an older
version, as cairn resolve says. An argument with "|" that is no
stored document's path or doc_uid is read as a chunk ID, and a malformed one
is reported as malformed_chunk_id.

Examples:
  cairn show 'a1b2c3d4|r=0f3e2d1c|s=02.01-|p=000|b=003'
  cairn show ../shared/corpora/rustbook/ch04-01-what-is-ownership.md
  cairn show a1b2c3d4 --json`,
    )
    .action(async (target: string, flags: ShowFlags) => {
      // usage errors before any store is read, whatever the target names
      try {
        if (target.trim() === '') {
          throw new CairnError(
            'invalid_option',
            'cairn show needs a chunk ID or a document (its path as ingested, or its doc_uid), got an empty argument',
          );
        }
        contextOf(flags);
      } catch (error) {
        process.exitCode = reportError(error, { json: flags.json === true });
        return;
      }
      await withReadStore(flags, async (store) => {
        if (isChunkId(target)) return showChunk(store, target, flags);
        const document = await findDocument(store, target);
        if (document) return showDocument(store, document, flags);
        // Chunk IDs are what holds "|" (a path or doc_uid rarely does, and one
        // that is stored was found above): say what is wrong with the ID, as resolve does.
        if (target.includes('|')) return showChunk(store, target, flags);
        throw new CairnError(
          'document_not_found',
          `No document ${target} in ${store.location}: give a chunk ID, a doc_uid, or the path as it was ingested`,
          { details: { target } },
        );
      });
    });
}

/** --context as a number of characters. */
function contextOf(flags: ShowFlags): number {
  return integerFlag('--context', flags.context ?? '200', {
    min: 0,
    expected: 'a whole number',
    refuse_blank: true,
  });
}

async function showChunk(store: ChunkStore, id: string, flags: ShowFlags): Promise<number> {
  const resolved = await resolveChunk(store, id, await lookupFor(store, flags.chunker));
  const context = contextOf(flags);
  if (resolved.status !== 'live') {
    process.stdout.write(
      flags.json ? `${JSON.stringify(resolved)}\n` : terminalSafe(formatResolveResult(resolved)),
    );
    return 1;
  }
  const { chunk, version } = resolved;
  const before = await store.getCanonicalSlice(
    version.id,
    Math.max(0, chunk.char_start - context),
    chunk.char_start,
  );
  const after = await store.getCanonicalSlice(version.id, chunk.char_end, chunk.char_end + context);
  // as resolve: the nearest surviving neighbour of deleted text is shown, but the ID's text is gone
  const status = resolved.text_deleted ? 1 : 0;
  if (flags.json) {
    process.stdout.write(`${JSON.stringify({ ...resolved, context: { before, after } })}\n`);
    return status;
  }
  const tty = process.stdout.isTTY === true;
  const mark = (text: string): string => (tty ? `\x1b[7m${text}\x1b[27m` : `>>>${text}<<<`);
  process.stdout.write(
    `${terminalSafe(formatLive(resolved))}\n${chunk.char_start > context ? '…' : ''}${terminalSafe(before ?? '')}${mark(terminalSafe(chunk.text))}${terminalSafe(after ?? '')}${
      chunk.char_end + context < version.length ? '…' : ''
    }\n`,
  );
  return status;
}

/** The document a doc_uid, or a path as ingested, names; null when none does. */
async function findDocument(store: ChunkStore, target: string): Promise<DocumentRow | null> {
  return (
    (await store.getDocument(target)) ??
    (await store.getDocument(toSourceUrl(resolve(target), process.cwd())))
  );
}

async function showDocument(
  store: ChunkStore,
  document: DocumentRow,
  flags: ShowFlags,
): Promise<number> {
  const version = await store.getVersion(document.current_version_id);
  const sets = await store.listChunkSets({ version_id: document.current_version_id });
  const options = await lookupFor(store, flags.chunker);
  const set = pickChunkSet(sets, flags.chunker);
  if (!set || !version) {
    throw new CairnError(
      'chunk_not_found',
      `${document.source_url} has no chunks${options.chunker ? ` of ${options.chunker}` : ''} in its current version` +
        (sets.length > 0 ? ` (chunkers: ${sets.map((s) => s.chunker_id).join(', ')})` : ''),
      { details: { doc_uid: document.doc_uid } },
    );
  }
  const chunks = await store.listChunks(version.id, set.chunker_id);
  if (flags.json) {
    process.stdout.write(
      `${JSON.stringify({ document, version, chunker_id: set.chunker_id, chunks })}\n`,
    );
    return 0;
  }
  const versions = await store.listVersions(document.id);
  const out = [
    `${document.source_url}  doc_uid ${document.doc_uid}  version ${version.seq} of ${versions.length}  rev ${version.rev.slice(0, 12)}`,
    `${chunks.length} chunks of ${set.chunker_id}  (span in code points, tokens, text)`,
    ...(document.removed_at === null
      ? []
      : [
          `removed by cairn rm at ${document.removed_at}: out of search, its chunk IDs resolve as deleted; ingest the file again to bring it back`,
        ]),
  ];
  const width = Math.max(...chunks.map((c) => c.chunk_id.length), 8);
  for (const chunk of chunks) out.push(formatRow(chunk, width));
  process.stdout.write(terminalSafe(`${out.join('\n')}\n`));
  return 0;
}

function formatRow(chunk: ChunkRow, width: number): string {
  const span = `[${chunk.char_start}, ${chunk.char_end})`.padEnd(18);
  return `${chunk.chunk_id.padEnd(width)}  ${span} ${String(chunk.tokens).padStart(5)}  ${previewText(chunk.text)}`;
}
