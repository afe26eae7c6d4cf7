import { readFile } from 'node:fs/promises';
import { CairnError } from '../../errors.js';
import type { GoldIssue } from '../../eval/gold-set.js';
import { decodeText } from '../../load/decode-text.js';
import { fileError } from '../../load/file-error.js';

/** A gold file's text, decoded as any cairn input; a file that cannot be read is a usage error. */
export async function readGoldFile(file: string): Promise<string> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (cause) {
    throw fileError(cause, file);
  }
  return decodeText(bytes, file).text;
}

/** `invalid_gold_set` listing every refused line, `file:line: code: message`, in its message and details. */
export function goldSetRefused(file: string, issues: readonly GoldIssue[]): CairnError {
  const lines = issues.map((issue) => `\n  ${file}: ${issue.code}: ${issue.message}`);
  return new CairnError(
    'invalid_gold_set',
    `${file}: ${issues.length} gold ${issues.length === 1 ? 'line' : 'lines'} refused, nothing measured:${lines.join('')}`,
    { details: { source: file, issues: [...issues] } },
  );
}
