#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { registerChunk } from './commands/chunk.js';
import { registerEval } from './commands/eval.js';
import { registerExportCorpus } from './commands/export.js';
import { registerIds } from './commands/ids.js';
import { registerIngest } from './commands/ingest.js';
import { registerParse } from './commands/parse.js';
import { registerResolve } from './commands/resolve.js';
import { registerSearch } from './commands/search.js';
import { registerServe } from './commands/serve.js';
import { registerShow } from './commands/show.js';
import { registerValidateCitations } from './commands/validate-citations.js';
import { registerValidateCorpus } from './commands/validate-corpus.js';
import { exitCodeFor, reportError } from './report-error.js';

const program = new Command();
program
  .name('cairn')
  .description(
    'Turn documents into citable chunks: exact offsets, section paths, pages and stable chunk IDs.',
  )
  .version('0.1.0')
  .showHelpAfterError()
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

Environment:
  CAIRN_DB          the store: a SQLite file or a postgres:// URL (default .cairn/cairn.db)
  CAIRN_PG_SCHEMA   PostgreSQL schema for every command (default: the server's search_path)
  CAIRN_TOKEN       cairn serve: the bearer token that allows writes

Exit codes: 0 clean, 1 when the input had problems, 2 on usage errors or unreadable files.`,
  );

registerParse(program);
registerChunk(program);
registerIngest(program);
registerShow(program);
registerResolve(program);
registerSearch(program);
registerIds(program);
registerEval(program);
registerServe(program);
registerExportCorpus(
  program.command('export').description('Export stored or parsed documents under a contract'),
);
const validate = program.command('validate').description('Check files against cairn contracts');
registerValidateCorpus(validate);
registerValidateCitations(validate);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // help and version exit 0; usage errors were already printed by commander
    process.exitCode = error.exitCode === 0 ? 0 : 2;
  } else {
    reportError(error);
    process.exitCode = exitCodeFor(error);
  }
}
