// The commands of this issue as a CLI of their own, for child-process tests
// (src/cli/main.ts wires the same functions).
import { Command, CommanderError } from 'commander';
import { registerIngest } from '../../../src/cli/commands/ingest.js';
import { registerResolve } from '../../../src/cli/commands/resolve.js';
import { registerShow } from '../../../src/cli/commands/show.js';
import { exitCodeFor, reportError } from '../../../src/cli/report-error.js';

const program = new Command().name('cairn').exitOverride();
registerIngest(program);
registerShow(program);
registerResolve(program);
try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) process.exitCode = error.exitCode === 0 ? 0 : 2;
  else {
    reportError(error);
    process.exitCode = exitCodeFor(error);
  }
}
