import type { Command } from 'commander';
import { type EmbedProgress, embedChunkSets } from '../../embed/embed-chunk-sets.js';
import { EMBED_CONTEXTS, type EmbedContext } from '../../embed/embedded-text.js';
import { resolveEmbedder } from '../../embed/resolve-embedder.js';
import { CairnError } from '../../errors.js';
import { openStore } from '../../store/open-store.js';
import type { ChunkStore } from '../../store/types.js';
import { reportError } from '../report-error.js';
import { storedEmbedModels } from '../stored-embed-models.js';

interface EmbedFlags {
  db?: string;
  embedder: string;
  chunker?: string;
  context: string;
  json?: boolean;
  progress?: boolean;
  batchSize?: string;
  concurrency?: string;
  offline?: boolean;
}

export function registerEmbed(program: Command): void {
  program
    .command('embed')
    .description(
      'Embed every current chunk set that has no vectors of the embedder yet (resumable: a re-run finishes an interrupted one)',
    )
    .requiredOption(
      '--embedder <spec>',
      'hash | hash:<dimensions> (built in, lexical) | openai:<model>@<base_url> (key from $CAIRN_EMBED_API_KEY) | transformers:<hub id or folder> (run by @huggingface/transformers; a hub id is downloaded once into $CAIRN_MODELS)',
    )
    .option(
      '--db <path|url>',
      'SQLite file or postgres:// URL (default: $CAIRN_DB, else .cairn/cairn.db)',
    )
    .option('--chunker <chunker_id>', "only this chunker's chunk sets (default: every chunker's)")
    .option(
      '--context <what>',
      'what is embedded beside the chunk text: heading_path (its headings, one line before it) or none',
      'heading_path',
    )
    .option(
      '--batch-size <n>',
      'texts per request to an openai: embedder (default 64; some servers take fewer)',
    )
    .option('--concurrency <n>', 'requests in flight at most to an openai: embedder (default 2)')
    .option(
      '--offline',
      'a transformers: hub model from the cache only ($CAIRN_MODELS), never the hub (as HF_HUB_OFFLINE=1)',
    )
    .option('--no-progress', 'print no progress lines on stderr')
    .option('--json', 'print the report as JSON')
    .addHelpText(
      'after',
      `
A chunk's embedded text is cached by (embedder id, sha256 of the text): a chunk
whose embedded text did not change is never sent again, whatever its version.
A chunk set becomes visible to vector search only once all its chunks have
vectors; an interrupted run leaves none half-visible, and running the same
command again finishes it.

The hash embedder is lexical (feature-hashed words and character 4-grams):
it finds shared wording, not meaning, and is meant for tests and air-gapped
trials; in hybrid search it can only echo BM25, so hybrid fusion keeps each
of the lexical top 3 at or above its lexical rank with it. For meaning, point
--embedder at a real model served over OpenAI's /v1/embeddings (OpenAI,
Ollama, vLLM, TEI, ...).

Examples:
  cairn embed --embedder hash
  cairn embed --embedder openai:nomic-embed-text@http://localhost:11434 --json
  CAIRN_EMBED_API_KEY=sk-... cairn embed --embedder openai:text-embedding-3-small@https://api.openai.com
  cairn search "who may borrow" --mode hybrid --embedder hash

Exit codes: 0 done, 2 on a bad option, a store or embedder that cannot be used, 130 interrupted.`,
    )
    .action(async (flags: EmbedFlags) => {
      let store: ChunkStore | null = null;
      const controller = new AbortController();
      const stop = () => controller.abort();
      process.once('SIGINT', stop);
      try {
        if (!(EMBED_CONTEXTS as readonly string[]).includes(flags.context)) {
          throw new CairnError(
            'invalid_option',
            `--context must be one of ${EMBED_CONTEXTS.join(', ')}, not "${flags.context}"`,
          );
        }
        const sizes = {
          ...positiveOption('--batch-size', flags.batchSize, 'batch_size'),
          ...positiveOption('--concurrency', flags.concurrency, 'concurrency'),
        };
        store = await openStore({
          ...(flags.db === undefined ? {} : { db: flags.db }),
          create: false,
        });
        // the store's vectors name the embedder's dimensions: no probe request to learn them
        const embedder = await resolveEmbedder(flags.embedder, process.env, {
          ...sizes,
          stored_models: await storedEmbedModels(store),
          ...(flags.offline === true ? { offline: true } : {}),
        });
        const report = await embedChunkSets(store, embedder, {
          context: flags.context as EmbedContext,
          signal: controller.signal,
          ...(flags.chunker === undefined ? {} : { chunker_id: flags.chunker }),
          ...(flags.progress === false ? {} : { on_progress: printProgress }),
        });
        process.stdout.write(
          flags.json
            ? `${JSON.stringify(report)}\n`
            : `${report.embed_model}: ${report.sets_done} chunk sets, ${report.chunks_done} chunks, ${report.texts_embedded} texts embedded, ${report.cache_hits} cache hits, ${report.chunks_per_s} chunks/s\n`,
        );
        process.exitCode = 0;
      } catch (error) {
        process.exitCode = reportError(error, { json: flags.json === true });
      } finally {
        process.off('SIGINT', stop);
        await store?.close().catch(() => {});
      }
    });
}

function printProgress(p: EmbedProgress): void {
  const rate = p.elapsed_ms > 0 ? Math.round((p.chunks_done / p.elapsed_ms) * 1000) : 0;
  process.stderr.write(
    `embed: ${p.sets_done}/${p.sets_total} sets, ${p.chunks_done} chunks, ${rate} chunks/s, ${p.texts_embedded} sent, ${p.cache_hits} cache hits\n`,
  );
}

function positiveOption<K extends string>(
  flag: string,
  value: string | undefined,
  key: K,
): Partial<Record<K, number>> {
  if (value === undefined) return {};
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) {
    throw new CairnError(
      'invalid_option',
      `${flag} must be a whole number of 1 or more, not "${value}"`,
    );
  }
  return { [key]: n } as Partial<Record<K, number>>;
}
