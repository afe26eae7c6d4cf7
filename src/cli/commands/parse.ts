import type { Command } from 'commander';
import { terminalSafe } from '../../terminal-safe.js';
import { formatDocumentTree } from '../format-document-tree.js';
import { formatFlag } from '../format-flag.js';
import { jsonThreshold } from '../json-threshold.js';
import { processFile } from '../process-file.js';
import { reportError } from '../report-error.js';
import { TIMEOUT_FLAG_HELP, timeoutFlag } from '../timeout-flag.js';

interface ParseFlags {
  json?: boolean;
  format?: string;
  docUid?: string;
  threshold?: string;
  outputs?: boolean;
  blocks?: boolean;
  timeout?: string;
}

export function registerParse(program: Command): void {
  program
    .command('parse')
    .argument('<file>', 'a Markdown, text, HTML, JSON, notebook or PDF file')
    .description('Parse one file into the document model and print its sections and blocks')
    .option('--json', 'print the whole model as JSON (canonical text included)')
    .option('--format <format>', 'override detection: markdown, ecfr, text, html, json, ipynb, pdf')
    .option('--doc-uid <id>', 'a stable id for the document (default: sha1_8 of the path)')
    .option('--threshold <chars>', 'JSON: string nodes at or over this many characters', '10000')
    .option('--outputs', 'notebooks: include text outputs as blocks')
    .option('--no-blocks', 'print only the section tree')
    .option('--timeout <seconds>', TIMEOUT_FLAG_HELP)
    .addHelpText(
      'after',
      `
Offsets are Unicode code points into the canonical text, half-open [start, end),
the numbers Python's str slicing gives; bytes are UTF-8 offsets of the same text.

Examples:
  cairn parse ../shared/corpora/rustbook/ch04-01-what-is-ownership.md
  cairn parse ../shared/corpora/ecfr/title-15/chapter-VII.md --no-blocks
  cairn parse report.pdf --json > report.model.json
  cairn parse huge-table.md --timeout 30      # parse_timeout (exit 1) past 30 s`,
    )
    .action(async (file: string, flags: ParseFlags) => {
      try {
        const format = formatFlag(flags.format);
        const threshold = jsonThreshold(flags.threshold);
        const timeout = timeoutFlag(flags.timeout);
        const { doc } = await processFile(
          file,
          {
            parse_options: {
              chunk_threshold_chars: threshold,
              notebook_outputs: flags.outputs === true,
            },
            ...(format === undefined ? {} : { format }),
            ...(flags.docUid === undefined ? {} : { doc_uid: flags.docUid }),
          },
          { timeout_ms: timeout },
        );
        process.stdout.write(
          flags.json
            ? `${JSON.stringify(doc)}\n`
            : terminalSafe(formatDocumentTree(doc, { blocks: flags.blocks !== false })),
        );
      } catch (error) {
        process.exitCode = reportError(error, { json: flags.json === true });
      }
    });
}
