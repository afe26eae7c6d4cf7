import { resolve } from 'node:path';
import type { Command } from 'commander';
import { CairnError } from '../../errors.js';
import { chunkIdAlias } from '../../ids/chunk-id-alias.js';
import { isChunkId } from '../../ids/parse-chunk-id.js';
import { toSourceUrl } from '../../ingest/collect-sources.js';
import { pickChunkSet } from '../../pipeline/pick-chunk-set.js';
import {
  lookupOptions,
  type ResolveOptions,
  type ResolveResult,
  resolveChunk,
} from '../../pipeline/resolve-chunk.js';
import { resolveSearchChunker } from '../../search/resolve-search-chunker.js';
import { openStore } from '../../store/open-store.js';
import type { ChunkRow, ChunkStore, DocumentRow } from '../../store/types.js';
import { exitCodeFor, reportError } from '../report-error.js';

export interface ChunkLookupFlags {
  db?: string;
  chunker?: string;
  json?: boolean;
  context?: string;
}

const PREVIEW = 72;

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
    .action(async (target: string, flags: ChunkLookupFlags) => {
      // usage errors before any store is read, whatever the target names
      const usage =
        target.trim() === ''
          ? 'cairn show needs a chunk ID or a document (its path as ingested, or its doc_uid), got an empty argument'
          : contextOf(flags) === null
            ? `--context must be a whole number, got "${flags.context}"`
            : null;
      if (usage !== null) {
        const error = new CairnError('invalid_option', usage);
        reportError(error, flags.json === true);
        process.exitCode = exitCodeFor(error);
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

/** Opens the store read-only, runs the command, reports errors with the CLI's exit codes. */
export async function withReadStore(
  flags: ChunkLookupFlags,
  fn: (store: ChunkStore) => Promise<number>,
): Promise<void> {
  let store: ChunkStore | null = null;
  try {
    store = await openStore({
      readonly: true,
      ...(flags.db === undefined ? {} : { db: flags.db }),
    });
    process.exitCode = await fn(store);
  } catch (error) {
    reportError(error, flags.json === true);
    process.exitCode = exitCodeFor(error);
  } finally {
    await store?.close().catch(() => {});
  }
}

/** --context as a number of characters; null when it is not a whole number. */
function contextOf(flags: ChunkLookupFlags): number | null {
  const context = Number(flags.context ?? 200);
  return flags.context?.trim() !== '' && Number.isInteger(context) && context >= 0 ? context : null;
}

async function showChunk(store: ChunkStore, id: string, flags: ChunkLookupFlags): Promise<number> {
  const resolved = await resolveChunk(store, id, await lookupFor(store, flags.chunker));
  const context = contextOf(flags) ?? 200;
  if (resolved.status !== 'live') {
    process.stdout.write(flags.json ? `${JSON.stringify(resolved)}\n` : formatGone(resolved));
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
    `${formatLive(resolved)}\n${chunk.char_start > context ? '…' : ''}${before ?? ''}${mark(chunk.text)}${after ?? ''}${
      chunk.char_end + context < version.length ? '…' : ''
    }\n`,
  );
  return status;
}

/**
 * Whose chunks `--chunker` means: one the store has no chunks of is
 * `unknown_chunker` naming the ones it has, as search says (a typo is not
 * "no such chunk"); a name reaches the one stored chunker of that name.
 */
export async function lookupFor(
  store: ChunkStore,
  chunker: string | undefined,
): Promise<ResolveOptions> {
  if (chunker === undefined || chunker === '') return lookupOptions();
  return lookupOptions(await resolveSearchChunker(store, chunker));
}

/** Header lines of a live chunk: ID, alias, document, section, span, redirects followed. */
export function formatLive(resolved: Extract<ResolveResult, { status: 'live' }>): string {
  const { chunk, document, version, hops } = resolved;
  const lines = [
    `chunk    ${chunk.chunk_id}  ${chunkIdAlias(chunk.chunk_id)}`,
    `document ${document.source_url}  doc_uid ${document.doc_uid}  version ${version.seq}  rev ${version.rev.slice(0, 12)}`,
    // a JSON document's chunks each lie in one string node: which one is the citation's other half
    ...(chunk.json_pointer === '' ? [] : [`pointer  ${chunk.json_pointer}`]),
    `section  ${chunk.section_id ?? '(before any heading)'}${chunk.heading_path.length > 0 ? `  ${chunk.heading_path.join(' > ')}` : ''}`,
    `span     [${chunk.char_start}, ${chunk.char_end}) code points, bytes [${chunk.byte_start}, ${chunk.byte_end}), ` +
      `${chunk.tokens} tokens, ${chunk.block_type ?? 'no block'}${chunk.page === null ? '' : `, page ${chunk.page}`}`,
    `chunker  ${chunk.chunker_id}`,
    ...(chunk.anchor === null ? [] : [`anchor   ${chunk.anchor}`]),
  ];
  for (const hop of hops) lines.push(`redirect ${hop.from} -> ${hop.to} (${hop.kind})`);
  if (resolved.text_deleted) {
    lines.push(
      `note     the text ${resolved.requested} named was deleted; this is its nearest surviving neighbour`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export function formatGone(resolved: Exclude<ResolveResult, { status: 'live' }>): string {
  const lines = [
    resolved.status === 'deleted'
      ? `${resolved.requested}: deleted; the text it named is gone from the current version`
      : `${resolved.requested}: names a chunk of an older version only`,
  ];
  if (resolved.document)
    lines.push(`document ${resolved.document.source_url}  doc_uid ${resolved.document.doc_uid}`);
  for (const hop of resolved.hops)
    lines.push(`redirect ${hop.from} -> ${hop.to ?? '(none)'} (${hop.kind})`);
  if (resolved.last) lines.push(`last text: ${preview(resolved.last.text)}`);
  return `${lines.join('\n')}\n`;
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
  flags: ChunkLookupFlags,
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
  ];
  const width = Math.max(...chunks.map((c) => c.chunk_id.length), 8);
  for (const chunk of chunks) out.push(formatRow(chunk, width));
  process.stdout.write(`${out.join('\n')}\n`);
  return 0;
}

function formatRow(chunk: ChunkRow, width: number): string {
  const span = `[${chunk.char_start}, ${chunk.char_end})`.padEnd(18);
  return `${chunk.chunk_id.padEnd(width)}  ${span} ${String(chunk.tokens).padStart(5)}  ${preview(chunk.text)}`;
}

function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const points = Array.from(flat);
  return points.length > PREVIEW ? `${points.slice(0, PREVIEW - 1).join('')}…` : flat;
}
