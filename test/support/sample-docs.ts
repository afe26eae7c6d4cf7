import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusPath } from '../corpora.js';

/** Four short Rust book chapters: real Markdown, small enough for many ingests per test. */
export const SAMPLE_CHAPTERS = [
  'ch01-00-getting-started.md',
  'ch04-00-understanding-ownership.md',
  'ch06-00-enums.md',
  'ch18-00-oop.md',
];

/**
 * A fresh temporary folder (`dir`) holding `docs/` with the sample chapters
 * under `book/`, a plain-text file and a JSON record: three formats, two
 * folder levels. The caller removes `dir`.
 */
export function makeSampleDocs(prefix: string): { dir: string; docs: string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const docs = join(dir, 'docs');
  mkdirSync(join(docs, 'book'), { recursive: true });
  for (const name of SAMPLE_CHAPTERS)
    copyFileSync(corpusPath('rustbook', name), join(docs, 'book', name));
  writeFileSync(join(docs, 'notes.txt'), 'Plain notes.\n\nA second paragraph of notes.\n');
  writeFileSync(
    join(docs, 'record.json'),
    JSON.stringify({ body: 'A long string node. '.repeat(10) }),
  );
  return { dir, docs };
}
