import type { Command } from 'commander';
import { CairnError } from '../../errors.js';
import { buildPrompt, checkPromptOptions } from '../../prompt/build-prompt.js';
import {
  buildQueriesPrompt,
  QUERIES_PROVIDERS,
  type QueriesPromptRequest,
  type QueriesProvider,
} from '../../prompt/build-queries-prompt.js';
import { PROMPT_STYLES, type PromptStyle, type PromptTarget } from '../../prompt/prompt-styles.js';
import { readStoreOutline } from '../../prompt/read-store-outline.js';
import { search } from '../../search/search.js';
import type { ChunkStore } from '../../store/types.js';
import type { CommandIo } from '../command-io.js';
import { integerFlag, positiveInteger } from '../integer-flag.js';
import { openExistingStore } from '../open-existing-store.js';
import { reportCommandError } from '../report-error.js';

export interface PromptFlags {
  db?: string;
  style?: string;
  k?: string;
  chunker?: string;
  doc?: string;
  section?: string;
  model?: string;
  maxTokens?: string;
  allowCrossSection?: boolean;
  traceLog?: string | false;
  json?: boolean;
  provider?: string;
}

export function registerPrompt(program: Command): void {
  program
    .command('prompt')
    .argument('<question>', 'what the model is to answer from the stored chunks')
    .description(
      'Search the store and print the request body that asks an LLM to answer with citations cairn audit can check (cairn calls no LLM: your client sends it)',
    )
    .option(
      '--db <path|url>',
      'SQLite file or postgres:// URL (default: $CAIRN_DB, else .cairn/cairn.db)',
    )
    .option(
      `--style <style>`,
      `the request shape: ${PROMPT_STYLES.join(', ')}; or search-queries: ask the model for 3 to 5 search queries in the documents' words (read back by cairn search --queries-from)`,
      'plain',
    )
    .option(
      '--provider <name>',
      `with --style search-queries: the API the body is for, ${QUERIES_PROVIDERS.join(', ')} (default plain)`,
    )
    .option('-k, --k <n>', 'sources (search hits) at most', '5')
    .option('--chunker <id>', 'whose chunks: chunker id, name or alias (as cairn search)')
    .option('--doc <doc>', 'only this document (its path as ingested, or its doc_uid)')
    .option('--section <sect_path>', 'only this section and its subsections')
    .option(
      '--model <id>',
      'the model the body names (default: claude-sonnet-4-5, gpt-4o-2024-08-06, command-a-03-2025)',
    )
    .option(
      '--max-tokens <n>',
      "the answer's token budget (Anthropic's and Cohere's max_tokens, default 1024)",
    )
    .option(
      '--allow-cross-section',
      "tell the model one answer segment may cite several sections (the contract's allow_cross_section)",
    )
    .option(
      '--trace-log <path>',
      'trace log file of the search (default: traces.log beside a SQLite database)',
    )
    .option('--no-trace-log', 'write no trace log line (the rag_traces row is still written)')
    .option('--json', 'print the body alone as one line of JSON (plain: {"prompt": ...})')
    .addHelpText(
      'after',
      `
Styles (the endpoint and API version go to stderr):
  anthropic-search-results  Messages API (anthropic-version 2023-06-01): one search_result
                            block per hit, source = the chunk ID, citations enabled; each
                            citation comes back as a search_result_location naming the chunk
  anthropic-documents       Messages API: one plain-text document per hit, title = the chunk
                            ID, context = its citation fields; citations come back as
                            char_location with indices into the chunk's text
  openai-json-schema        Chat Completions: the contract and sources as text, and
                            response_format json_schema (strict) = the auditable answer
  cohere-documents          Cohere Chat API v2: one document per hit, id = the chunk ID,
                            data = its title and text; each citation's source names the chunk
  plain                     seed 001's contract text and the sources, for any chat
  search-queries            no search: the question and an outline of the store (document
                            and section titles, bounded), asking for 3 to 5 search queries
                            as a JSON array; --provider anthropic, openai or plain

The search behind it is a search as cairn search runs it: one rag_traces row.

Examples:
  cairn prompt "what does the borrow checker reject" --style anthropic-search-results --json > request.json
  curl https://api.anthropic.com/v1/messages -H "x-api-key: $ANTHROPIC_API_KEY" \\
    -H "anthropic-version: 2023-06-01" -H "content-type: application/json" -d @request.json > response.json
  cairn audit response.json --request request.json
  cairn prompt "ownership rules" --style openai-json-schema -k 3 --json
  cairn prompt "ownership rules" --style cohere-documents -k 3 --json > request.json
  cairn prompt "ownership rules" --style plain
  cairn prompt "can a reference outlive its value" --style search-queries --provider anthropic --json > request.json
  curl ... -d @request.json > response.json && cairn search --queries-from response.json`,
    )
    .action(async (question: string, flags: PromptFlags) => {
      process.exitCode = await runPrompt(question, flags, {
        stdout: process.stdout,
        stderr: process.stderr,
      });
    });
}

/** The command's work, apart from commander: returns the exit status. */
export async function runPrompt(
  question: string,
  flags: PromptFlags,
  io: CommandIo,
): Promise<number> {
  let store: ChunkStore | null = null;
  try {
    const k = integerFlag('-k', flags.k ?? '5', { expected: 'a whole number from 1' });
    const maxTokens =
      flags.maxTokens === undefined ? undefined : positiveInteger('--max-tokens', flags.maxTokens);
    if (flags.style === SEARCH_QUERIES_STYLE) {
      const options = {
        provider: (flags.provider ?? 'plain') as QueriesProvider,
        ...(flags.model === undefined ? {} : { model: flags.model }),
        ...(maxTokens === undefined ? {} : { max_tokens: maxTokens }),
      };
      // the options are checked before the store is opened
      buildQueriesPrompt(question, { documents: [], truncated: false }, options);
      store = await openExistingStore(flags.db);
      const request = buildQueriesPrompt(question, await readStoreOutline(store), options);
      writeRequest(request, flags.json === true, io);
      return 0;
    }
    if (flags.provider !== undefined)
      throw new CairnError('invalid_option', '--provider goes with --style search-queries');
    const style = (flags.style ?? 'plain') as PromptStyle;
    // the options are checked before the store is opened or searched
    checkPromptOptions({
      style,
      ...(flags.model === undefined ? {} : { model: flags.model }),
      ...(maxTokens === undefined ? {} : { max_tokens: maxTokens }),
    });
    store = await openExistingStore(flags.db);
    const result = await search(store, question, {
      k,
      ...(flags.chunker === undefined ? {} : { chunker: flags.chunker }),
      ...(flags.doc === undefined ? {} : { doc: flags.doc }),
      ...(flags.section === undefined ? {} : { section: flags.section }),
      ...(flags.traceLog === undefined || (flags.traceLog as unknown) === true
        ? {}
        : { trace_log: flags.traceLog }),
    });
    const request = buildPrompt(result.hits, question, {
      style,
      ...(flags.model === undefined ? {} : { model: flags.model }),
      ...(maxTokens === undefined ? {} : { max_tokens: maxTokens }),
      allow_cross_section: flags.allowCrossSection === true,
    });
    if (flags.json) io.stdout.write(`${JSON.stringify(request.body)}\n`);
    else if (style === 'plain') io.stdout.write(`${String(request.body.prompt)}\n`);
    else io.stdout.write(`${JSON.stringify(request.body, null, 2)}\n`);
    sendHint(request.target, `${request.sources.length} sources; `, io);
    return 0;
  } catch (error) {
    return reportCommandError(error, io, flags.json);
  } finally {
    await store?.close().catch(() => {});
  }
}

/** `--style search-queries`: no search, a request for queries (`buildQueriesPrompt`). */
const SEARCH_QUERIES_STYLE = 'search-queries';

function writeRequest(request: QueriesPromptRequest, json: boolean, io: CommandIo): void {
  if (request.target.endpoint === null && !json)
    io.stdout.write(`${String(request.body.prompt)}\n`);
  else io.stdout.write(`${JSON.stringify(request.body, null, json ? undefined : 2)}\n`);
  sendHint(request.target, '', io);
}

/** Where the body goes, on stderr, so that stdout is the body alone. */
function sendHint(target: PromptTarget, lead: string, io: CommandIo): void {
  if (target.endpoint === null) return;
  const headers = Object.entries(target.headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ');
  io.stderr.write(
    `cairn: ${lead}send it: ${target.endpoint} with ${headers} (API version ${target.api_version})\n`,
  );
}
