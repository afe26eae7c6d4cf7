import type { Command } from 'commander';
import { createChunkerRegistry, defaultChunkerRegistry } from '../../chunk/chunker-registry.js';
import { limitChunker } from '../../chunk/limit-chunker.js';
import { runChunker } from '../../chunk/run-chunker.js';
import type { Chunk, Chunker, ChunkingOptions } from '../../chunk/types.js';
import { createCachedEmbedder } from '../../embed/cached-embedder.js';
import { resolveEmbedder } from '../../embed/resolve-embedder.js';
import type { Embedder } from '../../embed/types.js';
import { CairnError, isCairnError } from '../../errors.js';
import { chunkStored } from '../../pipeline/chunk-stored.js';
import { openStore } from '../../store/open-store.js';
import { terminalSafe } from '../../terminal-safe.js';
import { formatFlag } from '../format-flag.js';
import { integerFlag } from '../integer-flag.js';
import { jsonThreshold } from '../json-threshold.js';
import { addLimitFlags, type LimitFlags, limitsFrom } from '../limit-flags.js';
import { processFile } from '../process-file.js';
import { reportError } from '../report-error.js';
import { TIMEOUT_FLAG_HELP, timeoutFlag } from '../timeout-flag.js';

interface ChunkFlags extends LimitFlags {
  chunker: string;
  embedder?: string;
  timeout?: string;
  maxTokens?: string;
  overlap?: string;
  maxChars?: string;
  format?: string;
  threshold?: string;
  outputs?: boolean;
  headers?: boolean;
  includeFurniture?: boolean;
  json?: boolean;
  list?: boolean;
  db?: string;
  allVersions?: boolean;
  allowEmpty?: boolean;
}

export function registerChunk(program: Command): void {
  const command = program
    .command('chunk')
    .argument('[file]', 'a Markdown, text, HTML, JSON, notebook or PDF file')
    .description(
      'Chunk one file and print each chunk with its span, size and section; or, with --db, chunk every stored document again with another chunker',
    )
    .option('--chunker <id>', 'a chunker id, name or alias (see --list)', 'default')
    .option(
      '--embedder <spec>',
      "with --chunker semantic: the embedder its breakpoints come from (hash, openai:<model>@<url>, transformers:<folder>); with --db through the store's embedding cache",
    )
    .option('--max-tokens <n>', 'largest chunk in tokens (words for token-like)')
    .option('--overlap <n>', 'overlap in the chunker unit (tokens, or characters for char)')
    .option('--max-chars <n>', 'largest chunk in characters (char, sentence)')
    .option('--format <format>', 'override detection: markdown, ecfr, text, html, json, ipynb, pdf')
    .option('--threshold <chars>', 'JSON: string nodes at or over this many characters', '10000')
    .option('--outputs', 'notebooks: include text outputs as blocks')
    .option('--no-headers', 'leave out the heading path context')
    .option(
      '--include-furniture',
      'keep page furniture (HTML navigation, sidebars, footers) in chunks; it is left out by default',
    )
    .option('--timeout <seconds>', TIMEOUT_FLAG_HELP)
    .option('--json', 'print the chunker id and the chunks as JSON')
    .option('--list', 'list chunker names, aliases and default ids, then exit')
    .option(
      '--db <path|url>',
      "late chunking: derive and store this chunker's chunks from the canonical texts in this store (no file)",
    )
    .option('--all-versions', 'with --db: old versions too, not only the current ones')
    .option(
      '--allow-empty',
      'a file that gives no chunk exits 0 (default: it is said and exits 1)',
    );
  addLimitFlags(command)
    .addHelpText(
      'after',
      `
Spans are Unicode code points into the canonical text, half-open [start, end),
then UTF-8 bytes. token_count is in the chunker's unit: tokens of its
tokenizer (token, sentence, structure), words (token-like), code points (char).

Examples:
  cairn chunk ../shared/corpora/rustbook/ch04-01-what-is-ownership.md
  cairn chunk notes.txt --chunker token --max-tokens 256 --overlap 32 --json
  cairn chunk ../shared/corpora/ecfr-json/title-15-chapter-I.json --threshold 200
  cairn chunk big.json --chunker char --max-content-chars 200000 --max-chunks-per-node 500
  cairn chunk notes.md --chunker semantic --embedder hash
  cairn chunk --list
  cairn chunk --db .cairn/cairn.db --chunker token --max-tokens 256   (late chunking)`,
    )
    .action(async (file: string | undefined, flags: ChunkFlags) => {
      try {
        const embedder =
          flags.embedder === undefined ? null : await resolveEmbedder(flags.embedder);
        const registry =
          embedder === null ? defaultChunkerRegistry() : createChunkerRegistry({ embedder });
        if (flags.list) {
          const { aliases } = registry.list_names();
          const lines = registry.list_ids().map((id) => id);
          for (const [alias, target] of Object.entries(aliases))
            lines.push(`${alias} -> ${target}`);
          process.stdout.write(
            flags.json
              ? `${JSON.stringify({ ids: registry.list_ids(), aliases })}\n`
              : `${lines.join('\n')}\n`,
          );
          return;
        }
        if (flags.db !== undefined) {
          if (file !== undefined)
            throw new CairnError('invalid_option', 'Give a file or --db, not both');
          // checked before the store opens; with an embedder, built again over the store's cache
          const chunker = withLimitFlags(configured(registry.get(flags.chunker), flags), flags);
          await chunkStoredDocuments(flags.db, chunker, flags, embedder);
          return;
        }
        if (file === undefined)
          throw new CairnError(
            'invalid_option',
            'Give a file to chunk, --db to chunk a store, or --list',
          );
        const format = formatFlag(flags.format);
        const threshold = jsonThreshold(flags.threshold);
        const base = registry.get(flags.chunker);
        // configured here too, so a bad flag fails before the file is read
        const chunker = withLimitFlags(configured(base, flags), flags);
        const limits = limitsFrom(flags);
        const timeout = timeoutFlag(flags.timeout);
        // a chunker that awaits (semantic) runs here, on the parse the worker sends back
        const here = chunker.chunkAsync !== undefined;
        const parsed = await processFile(
          file,
          {
            ...(here
              ? {}
              : {
                  chunker_id: base.chunker_id,
                  chunking_options: optionsFrom(flags),
                  ...(limits === undefined ? {} : { limits }),
                }),
            keep_context: true,
            parse_options: {
              chunk_threshold_chars: threshold,
              notebook_outputs: flags.outputs === true,
            },
            ...(format === undefined ? {} : { format }),
          },
          { timeout_ms: timeout },
        );
        const { doc } = parsed;
        const chunks = here ? await runChunker(chunker, doc) : parsed.chunks;
        if (chunks.length === 0) {
          // seed 004 chunks only strings at or over the threshold: say why a JSON file gave nothing
          process.stderr.write(
            doc.format === 'json' && doc.json_nodes.length === 0
              ? `no string node of ${threshold} characters or more in ${terminalSafe(file)} (see --threshold)\n`
              : `no chunks: ${terminalSafe(file)}: no text to chunk\n`,
          );
          // nothing to cite is a finding, as a failed file is, unless the caller expects it
          if (flags.allowEmpty !== true) process.exitCode = 1;
        }
        if (flags.json) {
          process.stdout.write(
            `${JSON.stringify({ chunker_id: chunker.chunker_id, doc_uid: doc.doc_uid, chunks })}\n`,
          );
        } else {
          process.stdout.write(terminalSafe(formatChunks(chunker.chunker_id, chunks)));
        }
      } catch (error) {
        process.exitCode = reportError(error, { json: flags.json === true });
      }
    });
}

/** Late chunking over a store: sources are not read again, and a second run writes nothing. */
async function chunkStoredDocuments(
  db: string,
  checked: Chunker,
  flags: ChunkFlags,
  embedder: Embedder | null,
): Promise<void> {
  const store = await openStore({ db, create: false });
  try {
    const chunker =
      embedder === null
        ? checked
        : withLimitFlags(
            configured(
              createChunkerRegistry({ embedder: createCachedEmbedder(embedder, store) }).get(
                flags.chunker,
              ),
              flags,
            ),
            flags,
          );
    const summary = await chunkStored(store, chunker, {
      all_versions: flags.allVersions === true,
      on_version: flags.json
        ? undefined
        : ({ document, status, chunks }) => {
            if (status === 'chunked')
              process.stderr.write(`chunked ${terminalSafe(document.doc_uid)}: ${chunks} chunks\n`);
          },
    });
    process.stdout.write(
      flags.json
        ? `${JSON.stringify(summary)}\n`
        : `${summary.chunker_id}: ${summary.versions} versions, ${summary.chunked} chunked, ${summary.present} had its chunks; ${summary.chunks_written} chunks and ${summary.redirects_written} redirects written\n`,
    );
  } finally {
    await store.close();
  }
}

/** The chunker under the limit flags, checked before any file is read. */
function withLimitFlags(chunker: Chunker, flags: ChunkFlags): Chunker {
  const limits = limitsFrom(flags);
  return limits === undefined ? chunker : limitChunker(chunker, limits);
}

function optionsFrom(flags: ChunkFlags): ChunkingOptions {
  const options: ChunkingOptions = {};
  const int = (name: string, value: string): number =>
    integerFlag(name, value, { min: 0, expected: 'a non-negative integer' });
  if (flags.maxTokens !== undefined)
    options.max_chunk_tokens = int('--max-tokens', flags.maxTokens);
  if (flags.maxChars !== undefined) options.max_chunk_chars = int('--max-chars', flags.maxChars);
  if (flags.overlap !== undefined) {
    // in the unit of the size flag given: setting both would switch the sentence
    // chunker to its token budget and drop --max-chars
    const overlap = int('--overlap', flags.overlap);
    if (flags.maxChars === undefined || flags.maxTokens !== undefined) {
      options.overlap_tokens = overlap;
    }
    if (flags.maxTokens === undefined) options.overlap_chars = overlap;
  }
  if (flags.headers === false) options.include_headers = false;
  if (flags.includeFurniture) options.include_furniture = true;
  return options;
}

/** The built-in chunkers that take each size flag; a flag a chunker would ignore is refused. */
const SIZE_FLAGS = {
  '--max-tokens': {
    takers: ['token-like', 'token', 'sentence', 'structure', 'semantic'],
    other: '--max-chars',
  },
  '--max-chars': { takers: ['char', 'sentence'], other: '--max-tokens' },
} as const;
/** The chunkers the table speaks for; another registered kind gets its flags unchecked. */
const BUILT_IN = new Set<string>(Object.values(SIZE_FLAGS).flatMap((flag) => flag.takers));

function configured(chunker: Chunker, flags: ChunkFlags): Chunker {
  const given = { '--max-tokens': flags.maxTokens, '--max-chars': flags.maxChars };
  const { name } = chunker;
  if (!BUILT_IN.has(name)) return configureWithFlags(chunker, flags);
  for (const [flag, { takers, other }] of Object.entries(SIZE_FLAGS)) {
    if (given[flag as keyof typeof given] === undefined) continue;
    if (!(takers as readonly string[]).includes(name)) {
      throw new CairnError(
        'invalid_option',
        `${flag} does not apply to the ${name} chunker, which sizes chunks with ${other}`,
      );
    }
  }
  return configureWithFlags(chunker, flags);
}

/**
 * `--max-tokens 50` alone fails on the default overlap (64): the library's
 * message names overlap_tokens, which the user never set, so say it is the
 * default and which flag lowers it.
 */
function configureWithFlags(chunker: Chunker, flags: ChunkFlags): Chunker {
  try {
    return chunker.configure(optionsFrom(flags));
  } catch (error) {
    const option = isCairnError(error, 'invalid_option') ? error.details.option : undefined;
    if (flags.overlap !== undefined || typeof option !== 'string' || !option.startsWith('overlap_'))
      throw error;
    const max = (error as CairnError).details.max;
    throw new CairnError(
      'invalid_option',
      `${(error as CairnError).message}: ${option} is the ${chunker.name} chunker's default; give --overlap ${typeof max === 'number' ? `${max} or less` : 'lower'} (0 for none)`,
      { cause: error, details: { ...(error as CairnError).details, flag: '--overlap' } },
    );
  }
}

function formatChunks(chunkerId: string, chunks: Chunk[]): string {
  const out = [`${chunkerId}: ${chunks.length} chunks`];
  for (const chunk of chunks) {
    const { span } = chunk;
    const where = [
      chunk.sect_path === null ? null : `s=${chunk.sect_path}`,
      chunk.page === null ? null : `p=${chunk.page}`,
      chunk.json_pointer === undefined
        ? null
        : `${chunk.json_pointer} ${chunk.node_chunk_index! + 1}/${chunk.total_chunks}`,
      chunk.block_part === null ? null : `part ${chunk.block_part}`,
      chunk.split_reason ?? null,
    ]
      .filter((part) => part !== null)
      .join(' ');
    let preview = chunk.text.replace(/\s+/gu, ' ').slice(0, 72);
    // a cut between the halves of a surrogate pair would print U+FFFD
    if (/[\ud800-\udbff]$/u.test(preview)) preview = preview.slice(0, -1);
    out.push(
      `#${chunk.chunk_index} [${span.start},${span.end}) bytes ${span.start_byte}..${span.end_byte} ` +
        `${chunk.token_count} ${chunk.block_types.join('+') || '-'}${where ? ` ${where}` : ''}`,
      `    ${chunk.heading_path.length > 0 ? `${chunk.heading_path.join(' > ')} | ` : ''}${preview}`,
    );
  }
  return `${out.join('\n')}\n`;
}
