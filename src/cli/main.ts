#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { registerParse } from './commands/parse.js';
import { exitCodeFor, reportError } from './report-error.js';

const program = new Command();
program
  .name('cairn')
  .description(
    'Turn documents into citable chunks: exact offsets, section paths, pages and stable chunk IDs.',
  )
  .version('0.1.0')
  .showHelpAfterError()
  .exitOverride();

registerParse(program);

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
