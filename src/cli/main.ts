#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { reportError } from './report-error.js';

// `cairn ... | head`: a reader that stops early closes the pipe; that ends the command, quietly
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

const program = new Command();
program
  .name('cairn')
  .description(
    'Turn documents into citable chunks: exact offsets, section paths, pages and stable chunk IDs.',
  )
  .version('0.1.0')
  .showHelpAfterError('(add --help for the options and examples)')
  .exitOverride()
  .addHelpText(
    'after',
    `
Start with:
  cairn ingest ../shared/corpora/rustbook     parse, chunk and store into .cairn/cairn.db
  cairn show <chunk_id>                       a stored chunk with its span in context
  cairn parse <file> [--json]                 the section tree and blocks of one file
  cairn chunk <file> [--chunker id]           the chunks one file gives, without storing
  cairn serve                                 HTTP API and web viewer on http://127.0.0.1:7411/
  cairn mcp                                   search and answer checks for MCP clients (stdio)
  cairn list / cairn stats                    what the store holds
  cairn rm <path|doc_uid>                     take documents out of search (--purge: for good)
  cairn export chunks --out chunks.jsonl      every current chunk with its citation payload
  cairn audit <answer.json>                   check an LLM answer's citations and quotes

Environment:
  CAIRN_DB          the store: a SQLite file or a postgres:// URL (default .cairn/cairn.db)
  CAIRN_PG_SCHEMA   PostgreSQL schema for every command (default: the server's search_path)
  CAIRN_TOKEN       cairn serve: the bearer token that allows writes

Exit codes: 0 clean, 1 when the input had problems, 2 on usage errors or unreadable files.`,
  );

type Register = (program: Command) => Promise<void>;

/**
 * Each top-level command and how to add it, loaded on demand: a command's
 * module pulls in its parsers, store drivers or tokenizer tables, and loading
 * all of them would cost `cairn show` about half a second and the ingest writer 40 MB.
 */
const COMMANDS: Record<string, Register> = {
  parse: async (p) => (await import('./commands/parse.js')).registerParse(p),
  chunk: async (p) => (await import('./commands/chunk.js')).registerChunk(p),
  ingest: async (p) => (await import('./commands/ingest.js')).registerIngest(p),
  show: async (p) => (await import('./commands/show.js')).registerShow(p),
  resolve: async (p) => (await import('./commands/resolve.js')).registerResolve(p),
  search: async (p) => (await import('./commands/search.js')).registerSearch(p),
  prompt: async (p) => (await import('./commands/prompt.js')).registerPrompt(p),
  embed: async (p) => (await import('./commands/embed.js')).registerEmbed(p),
  ids: async (p) => (await import('./commands/ids.js')).registerIds(p),
  eval: async (p) => (await import('./commands/eval.js')).registerEval(p),
  serve: async (p) => (await import('./commands/serve.js')).registerServe(p),
  mcp: async (p) => (await import('./commands/mcp.js')).registerMcp(p),
  audit: async (p) => (await import('./commands/audit.js')).registerAudit(p),
  export: async (p) => {
    const exportCommand = p
      .command('export')
      .description('Export the stored chunks, or parsed documents under a corpus contract');
    (await import('./commands/export.js')).registerExportCorpus(exportCommand);
    (await import('./commands/export-chunks.js')).registerExportChunks(exportCommand);
  },
  list: async (p) => (await import('./commands/list.js')).registerList(p),
  stats: async (p) => (await import('./commands/stats.js')).registerStats(p),
  rm: async (p) => (await import('./commands/rm.js')).registerRm(p),
  traces: async (p) => (await import('./commands/traces.js')).registerTraces(p),
  validate: async (p) => {
    const validate = p.command('validate').description('Check files against cairn contracts');
    (await import('./commands/validate-corpus.js')).registerValidateCorpus(validate);
    (await import('./commands/validate-citations.js')).registerValidateCitations(validate);
  },
};

/**
 * The named command alone; none for `--version`, which reads no command; every command
 * otherwise (root help, a typo's suggestions).
 */
async function registerCommands(program: Command, argv: readonly string[]): Promise<void> {
  const name = argv[2];
  if ((name === '--version' || name === '-V') && argv.length === 3) return;
  if (name !== undefined && Object.hasOwn(COMMANDS, name)) return COMMANDS[name]!(program);
  for (const register of Object.values(COMMANDS)) await register(program);
}

try {
  await registerCommands(program, process.argv);
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // help and version exit 0; usage errors were already printed by commander
    process.exitCode = error.exitCode === 0 ? 0 : 2;
  } else {
    process.exitCode = reportError(error);
  }
}
