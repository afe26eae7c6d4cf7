import type { Command } from 'commander';
import { resolveEmbedder } from '../../embed/resolve-embedder.js';
import { CairnError } from '../../errors.js';
import { readBoundedFile } from '../../load/read-bounded-file.js';
import { readSearchQueries } from '../../prompt/read-search-queries.js';
import { formatSnippet } from '../../search/format-snippet.js';
import { orderingScore } from '../../search/ordering-score.js';
import { resolveReranker } from '../../search/resolve-reranker.js';
import { search } from '../../search/search.js';
import type { SearchOptions, SearchQuery, SearchResult } from '../../search/types.js';
import type { ChunkStore } from '../../store/types.js';
import { terminalSafe } from '../../terminal-safe.js';
import {
  DEFAULT_TRACE_RETENTION,
  describeRetention,
  parseTraceRetention,
} from '../../trace/trace-retention.js';
import { integerFlag } from '../integer-flag.js';
import { openExistingStore } from '../open-existing-store.js';
import { reportError } from '../report-error.js';
import { storedEmbedModels } from '../stored-embed-models.js';

interface SearchFlags {
  db?: string;
  k?: string;
  chunker?: string;
  doc?: string;
  section?: string;
  analyzer?: string;
  indexHash?: string;
  rerank?: string;
  mode?: string;
  embedder?: string;
  traceLog?: string | false;
  trace?: boolean;
  keepTraces?: string;
  json?: boolean;
  query?: string[];
  queriesFrom?: string;
  rerankTop?: string;
  offline?: boolean;
}

export function registerSearch(program: Command): void {
  program
    .command('search')
    .argument('[query]', 'words to look for (any text: operators and quotes are plain text)')
    .option(
      '-q, --query <text>',
      'another phrasing of the same need (repeatable): several queries are fused into one ranking (reciprocal rank fusion), each hit naming the queries that found it',
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option(
      '--queries-from <file>',
      "read the queries from a model's reply to cairn prompt --style search-queries: the response JSON in any shape cairn audit reads, or the reply text",
    )
    .description('Search the stored chunks; each hit with its citation and a highlighted snippet')
    .option(
      '--db <path|url>',
      'SQLite file or postgres:// URL (default: $CAIRN_DB, else .cairn/cairn.db)',
    )
    .option('-k, --k <n>', 'hits at most', '10')
    .option(
      '--chunker <id>',
      "whose chunks: chunker id, name or alias; a name finds the stored chunk set of that chunker (default: the default, or the store's only chunker)",
    )
    .option('--doc <doc>', 'only this document (its path as ingested, or its doc_uid)')
    .option('--section <sect_path>', 'only this section and its subsections, e.g. 2 or 2.4')
    .option('--analyzer <id>', 'fail unless the index uses this analyzer')
    .option('--index-hash <hash>', 'fail unless the live index has this hash')
    .option(
      '--rerank <how>',
      "proximity: reorder the engine's best 30 by how closely the query words stand together, as the query writes them, beside their neighbours and an answer of the form the question asks for; none: the engine's order; http:[<model>@]<url>: then a rerank service over the best --rerank-top (Cohere-compatible .../v2/rerank, Hugging Face TEI .../rerank; key from $CAIRN_RERANK_API_KEY); cross-encoder:<hub id or folder>: then a cross-encoder run by transformers.js (needs @huggingface/transformers)",
      'proximity',
    )
    .option('--rerank-top <n>', 'candidates a second-stage reranker sees (default 50)')
    .option(
      '--offline',
      'a cross-encoder or transformers: embedder from the model cache only ($CAIRN_MODELS), never the hub (as HF_HUB_OFFLINE=1)',
    )
    .option(
      '--mode <mode>',
      'lexical (BM25), vector (nearest by cosine) or hybrid (reciprocal rank fusion of both); vector and hybrid need --embedder',
      'lexical',
    )
    .option(
      '--embedder <spec>',
      'the embedder the index was embedded with (cairn embed): hash, hash:<dimensions> (built in, lexical: for tests and air-gapped trials, it adds no meaning to BM25), openai:<model>@<base_url> or transformers:<hub id or folder>; adds delta_s to every hit',
    )
    .option('--trace-log <path>', 'trace log file (default: traces.log beside a SQLite database)')
    .option('--no-trace-log', 'write no trace log line (the rag_traces row is still written)')
    .option('--no-trace', 'write no trace at all: no rag_traces row, no log line')
    .option(
      '--keep-traces <n|days>',
      `after writing the trace, keep this many rows (10000) or days (30d); default ${describeRetention(DEFAULT_TRACE_RETENTION)}`,
    )
    .option('--json', 'print the result as JSON')
    .addHelpText(
      'after',
      `
Each search writes one row to rag_traces and one line to the trace log, then
deletes the oldest rows past the retention (--keep-traces; cairn traces prune
does it on demand). A trace that cannot be written does not fail the search:
it is answered with a warning on stderr (trace_warning in --json).

Examples:
  cairn search "ownership rules"
  cairn search 'multi-threaded' -k 5 --json
  cairn search "what does the borrow checker reject" --rerank none
  cairn search "who may borrow" --mode hybrid --embedder hash
  cairn search -q "ownership rules" -q "owner goes out of scope value dropped"
  cairn search --queries-from response.json
  cairn search "who may borrow" --rerank http:rerank-v3.5@https://api.cohere.com/v2/rerank
  cairn search "who may borrow" --rerank http:http://localhost:8080/rerank
  cairn search "who may borrow" --rerank cross-encoder:Xenova/ms-marco-MiniLM-L-6-v2
  cairn search borrow --doc ../shared/corpora/rustbook/ch04-02-references-and-borrowing.md --section 1`,
    )
    .action(async (positional: string | undefined, flags: SearchFlags) => {
      let store: ChunkStore | null = null;
      try {
        const k = integerFlag('-k', flags.k ?? '10', { expected: 'a whole number from 1' });
        const query = await searchQueryOf(positional, flags);
        const retention =
          flags.keepTraces === undefined ? undefined : parseTraceRetention(flags.keepTraces);
        store = await openExistingStore(flags.db);
        const embedder =
          flags.embedder === undefined
            ? undefined
            : await resolveEmbedder(flags.embedder, process.env, {
                stored_models: await storedEmbedModels(store),
                ...(flags.offline === true ? { offline: true } : {}),
              });
        const reranker = await resolveReranker(flags.rerank ?? 'proximity', process.env, {
          ...(flags.offline === true ? { offline: true } : {}),
        });
        const rerankTop =
          flags.rerankTop === undefined
            ? undefined
            : integerFlag('--rerank-top', flags.rerankTop, { expected: 'a whole number from 1' });
        const result = await search(store, query, {
          ...toOptions(flags, k),
          ...(reranker === null ? {} : { reranker, rerank: 'proximity' as const }),
          ...(rerankTop === undefined ? {} : { rerank_top: rerankTop }),
          ...(embedder === undefined ? {} : { embedder }),
          ...(flags.trace === false ? { trace: false } : {}),
          ...(retention === undefined ? {} : { trace_retention: retention }),
          on_warning: (warning) =>
            process.stderr.write(
              `cairn: warning: the index manifest was not recorded: ${warning.code}: ${terminalSafe(warning.message)}\n`,
            ),
        });
        if (result.rerank_warning)
          process.stderr.write(
            `cairn: warning: the reranker did not run: ${result.rerank_warning.code}: ${result.rerank_warning.message}\n`,
          );
        if (result.trace_warning)
          process.stderr.write(
            `cairn: warning: the search's trace was not written: ${result.trace_warning.code}: ${result.trace_warning.message}\n`,
          );
        process.stdout.write(
          flags.json ? `${JSON.stringify(result)}\n` : formatResult(result, process.stdout.isTTY),
        );
        process.exitCode = 0;
      } catch (error) {
        process.exitCode = reportError(error, { json: flags.json === true });
      } finally {
        await store?.close().catch(() => {});
      }
    });
}

/**
 * The positional query, each -q and the queries of --queries-from, in that
 * order: one alone is a plain search, several one fused search.
 */
async function searchQueryOf(
  positional: string | undefined,
  flags: SearchFlags,
): Promise<SearchQuery> {
  const queries = [
    ...(positional === undefined ? [] : [positional]),
    ...(flags.query ?? []),
    ...(flags.queriesFrom === undefined
      ? []
      : readSearchQueries(await readResponse(flags.queriesFrom))),
  ];
  if (queries.length === 0)
    throw new CairnError(
      'invalid_option',
      'Give a query: cairn search "<query>", -q "<query>" (repeatable) or --queries-from <file>',
    );
  return queries.length === 1 ? queries[0]! : { queries };
}

/** A model's reply is a few kilobytes; a file past this is not one. */
const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

async function readResponse(file: string): Promise<string> {
  const bytes = await readBoundedFile(file, MAX_RESPONSE_BYTES);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new CairnError('invalid_utf8', `The response ${file} is not valid UTF-8`, {
      details: { source: file },
    });
  }
}

function toOptions(flags: SearchFlags, k: number): SearchOptions {
  return {
    k,
    ...(flags.chunker === undefined ? {} : { chunker: flags.chunker }),
    ...(flags.doc === undefined ? {} : { doc: flags.doc }),
    ...(flags.section === undefined ? {} : { section: flags.section }),
    ...(flags.analyzer === undefined ? {} : { analyzer: flags.analyzer }),
    ...(flags.indexHash === undefined ? {} : { index_hash: flags.indexHash }),
    ...(flags.rerank === undefined ? {} : { rerank: flags.rerank as SearchOptions['rerank'] }),
    ...(flags.mode === undefined ? {} : { mode: flags.mode as SearchOptions['mode'] }),
    // commander sets true for the default of a --no- option: leave the library's default
    ...(flags.traceLog === undefined || (flags.traceLog as unknown) === true
      ? {}
      : { trace_log: flags.traceLog }),
  };
}

function formatResult(result: SearchResult, tty: boolean): string {
  const marks = tty ? { open: '\x1b[1;33m', close: '\x1b[0m' } : { open: '[', close: ']' };
  const lines: string[] = [];
  for (const hit of result.hits) {
    // headings and paths come from the documents: no control character reaches the terminal
    const heading =
      hit.heading_path.length > 0 ? `  ${terminalSafe(hit.heading_path.join(' > '))}` : '';
    // the score the hits are ordered by (the reranker's when it ran), so it never rises down the
    // list; the engine's own is a detail on the next line (--json has every score)
    const score = orderingScore(hit);
    const engine = hit.rerank_score === null ? '' : `  engine ${hit.score_norm.toFixed(3)}`;
    const ranks =
      hit.ranks === undefined
        ? ''
        : `  ΔS ${hit.delta_s ?? '-'}  lexical #${hit.ranks.lexical ?? '-'} vector #${hit.ranks.vector ?? '-'}`;
    // queries numbered from 1 as the summary line lists them
    const found =
      hit.queries === undefined
        ? ''
        : `  found by ${hit.queries.map((q) => `q${q.index + 1} #${q.rank}`).join(', ')}`;
    lines.push(
      `${hit.k_final}. ${score.toFixed(3)}  ${terminalSafe(hit.source_url)}  §${hit.section_id || '-'}${heading}`,
      `   ${hit.snippet_id}  [${hit.offsets.start}, ${hit.offsets.end}) rev ${hit.rev.slice(0, 12)}  ${hit.tokens} tokens${hit.page === null ? '' : `  page ${hit.page}`}${engine}${ranks}${found}`,
      `   ${formatSnippet(hit.text, result.terms, marks)}`,
      '',
    );
  }
  const quoted = (q: string): string => JSON.stringify(q.length > 80 ? `${q.slice(0, 80)}…` : q);
  lines.push(
    `${result.hits.length} hit${result.hits.length === 1 ? '' : 's'} for ${terminalSafe(
      result.queries === undefined
        ? quoted(result.query)
        : `${result.queries.length} queries fused: ${result.queries.map((q, i) => `q${i + 1} ${quoted(q)}`).join(', ')}`,
    )}`,
    `index ${result.index_hash}  analyzer ${result.analyzer}  chunker ${result.chunker_id}  mode ${result.mode}  embed ${result.embed_model}  qid ${result.qid}`,
  );
  return `${lines.join('\n')}\n`;
}
