import { readFile } from 'node:fs/promises';
import { countOf } from '../../count-of.js';
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
  const refused = new Set(issues.map((issue) => issue.line)).size;
  return new CairnError(
    'invalid_gold_set',
    `${file}: ${countOf(refused, 'gold line')} refused (${countOf(issues.length, 'problem')}), nothing measured:${lines.join('')}`,
    { details: { source: file, issues: [...issues] } },
  );
}
