import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import {
  registerValidateCorpus,
  runValidateCorpus,
} from '../../src/cli/commands/validate-corpus.js';
import { captureIo } from '../support/capture-io.js';
import { tempDir } from '../support/temp-dir.js';
import { CLEAN_DOCS, toJsonl } from './corpus-fixtures.js';

async function corpusFile(text: string): Promise<string> {
  const dir = tempDir('cairn-validate-cli-');
  const path = join(dir, 'corpus.jsonl');
  await writeFile(path, text);
  return path;
}

describe('cairn validate corpus', () => {
  it('exits 0 on a clean corpus', async () => {
    const path = await corpusFile(toJsonl(CLEAN_DOCS));
    const c = captureIo();
    expect(await runValidateCorpus(path, {}, c.io)).toBe(0);
    expect(c.out()).toBe(`${path}: ok, 6 documents in 6 lines\n`);
  });

  it('exits 1 and lists each issue with its line and code', async () => {
    const path = await corpusFile(toJsonl([...CLEAN_DOCS, CLEAN_DOCS[0]!, 'oops']));
    const c = captureIo();
    expect(await runValidateCorpus(path, {}, c.io)).toBe(1);
    const lines = c.out().trimEnd().split('\n');
    expect(lines[0]).toBe(
      `${path}:7: duplicate_doc_id: Duplicate doc_id "EAR-736.2", first on line 1`,
    );
    expect(lines[1]).toMatch(
      new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:8: invalid_json: `),
    );
    expect(lines[2]).toBe(
      `${path}: 2 issues, 7 documents in 8 lines: invalid_json 1, duplicate_doc_id 1`,
    );
  });

  it('prints one JSON report with --json', async () => {
    const path = await corpusFile(toJsonl([...CLEAN_DOCS, { ...CLEAN_DOCS[1], ordinal: '2' }]));
    const c = captureIo();
    expect(await runValidateCorpus(path, { json: true }, c.io)).toBe(1);
    const report = JSON.parse(c.out());
    expect(report).toMatchObject({
      file: path,
      ok: false,
      stats: { lines: 7, documents: 7, issues: 2 },
    });
    expect(report.issues.map((i: { code: string; line: number }) => [i.code, i.line])).toEqual([
      ['not_integer', 7],
      ['duplicate_doc_id', 7],
    ]);
  });

  it('exits 2 on a file that cannot be read, and on bad options', async () => {
    const c = captureIo();
    expect(await runValidateCorpus('/nonexistent/corpus.jsonl', {}, c.io)).toBe(2);
    expect(c.err()).toMatch(/^cairn: file_not_found: /);
    const j = captureIo();
    expect(await runValidateCorpus('/nonexistent/corpus.jsonl', { json: true }, j.io)).toBe(2);
    expect(JSON.parse(j.err()).error.code).toBe('file_not_found');
    const path = await corpusFile(toJsonl(CLEAN_DOCS));
    expect(await runValidateCorpus(path, { maxIssues: '0' }, captureIo().io)).toBe(2);
  });

  it('reads standard input for -', async () => {
    async function* stdin(): AsyncGenerator<Uint8Array> {
      yield Buffer.from(toJsonl(CLEAN_DOCS.slice(1)));
    }
    const c = captureIo();
    expect(await runValidateCorpus('-', {}, { ...c.io, stdin: stdin() })).toBe(1);
    expect(c.out()).toContain(
      '-:1: dangling_parent_id: parent_id "EAR-736.2" names no doc_id in the corpus',
    );
  });

  it('registers under a validate command', () => {
    const program = new Command();
    const validate = program.command('validate');
    registerValidateCorpus(validate);
    const corpus = validate.commands.find((c) => c.name() === 'corpus');
    expect(corpus?.options.map((o) => o.long)).toEqual([
      '--json',
      '--max-issues',
      '--max-line-bytes',
    ]);
  });
});
