import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { registerExportCorpus, runExportCorpus } from '../../src/cli/commands/export.js';
import { runValidateCorpus } from '../../src/cli/commands/validate-corpus.js';
import { corpusPath } from '../corpora.js';
import { captureIo } from '../support/capture-io.js';
import { tempDir } from '../support/temp-dir.js';

const CHAPTER_VII = corpusPath('ecfr', 'title-15', 'chapter-VII.md');

const SMALL = [
  '---',
  'title_number: 15',
  'snapshot_date: 2025-06-30',
  '---',
  '',
  '    PART 746—EMBARGOES',
  '',
  '### Part 746',
  '',
  '      § 746.1   Introduction.',
  '',
  '#### § § 746.1',
  '',
  '      (a)  Text.',
  '',
].join('\n');

describe('cairn export corpus', () => {
  it('writes a corpus that cairn validate corpus accepts, and says what it wrote', async () => {
    const dir = tempDir('cairn-export-');
    const out = join(dir, 'ear.jsonl');
    const c = captureIo();
    expect(await runExportCorpus(CHAPTER_VII, { out, snapshotDate: '2025-12-31' }, c.io)).toBe(0);
    expect(c.err()).toMatch(
      /^cairn: \d+ documents \(\d+ section, \d+ subsection, \d+ paragraph; \d+ of them chunks\) to /,
    );
    expect(c.err()).toContain('ecfr-2025-12-31-sha256:');
    const v = captureIo();
    expect(await runValidateCorpus(out, {}, v.io)).toBe(0);
    const first = JSON.parse((await readFile(out, 'utf8')).split('\n')[0]!);
    expect(first.doc_id).toBe('EAR-745.1');
  });

  it('writes to standard output without --out, the same bytes', async () => {
    const dir = tempDir('cairn-export-');
    const out = join(dir, 'ear.jsonl');
    await runExportCorpus(CHAPTER_VII, { out, snapshotDate: '2025-12-31' }, captureIo().io);
    const c = captureIo();
    expect(
      await runExportCorpus(CHAPTER_VII, { snapshotDate: '2025-12-31', json: true }, c.io),
    ).toBe(0);
    expect(c.out()).toBe(await readFile(out, 'utf8'));
    expect(JSON.parse(c.err())).toMatchObject({
      out: null,
      files: [{ path: CHAPTER_VII }],
      skipped: [],
    });
  });

  it('notes an undated snapshot', async () => {
    const c = captureIo();
    expect(await runExportCorpus(CHAPTER_VII, {}, c.io)).toBe(0);
    expect(c.err()).toContain('ecfr-sha256:');
    expect(c.err()).toContain('pass --snapshot-date');
  });

  it('reads a folder in path order, dates from front matter, skips other titles', async () => {
    const dir = tempDir('cairn-export-');
    await mkdir(join(dir, 'b'));
    await writeFile(join(dir, 'b', 'small.md'), SMALL);
    await writeFile(
      join(dir, 'a-title-10.md'),
      SMALL.replace('title_number: 15', 'title_number: 10'),
    );
    await writeFile(join(dir, 'notes.txt'), 'not markdown');
    // left out as cairn ingest leaves them out: a chapter there would count twice
    for (const hidden of ['.git', 'node_modules', '.drafts']) {
      await mkdir(join(dir, hidden));
      await writeFile(join(dir, hidden, 'small.md'), SMALL);
    }
    await writeFile(join(dir, '.small.md'), SMALL);
    const c = captureIo();
    expect(await runExportCorpus(dir, { json: true }, c.io)).toBe(0);
    const report = JSON.parse(c.err());
    expect(report.files).toHaveLength(1);
    expect(report.files[0].source_ref).toMatch(/^ecfr-2025-06-30-sha256:[0-9a-f]{64}$/);
    expect(report.skipped).toEqual([
      { path: join(dir, 'a-title-10.md'), reason: 'title 10 of the CFR, not title 15' },
    ]);
    expect(
      c
        .out()
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).doc_id),
    ).toEqual(['EAR-746.1', 'EAR-746.1(a)']);
  });

  it('refuses a date that contradicts the front matter, and a folder holding one chapter twice', async () => {
    const dir = tempDir('cairn-export-');
    await writeFile(join(dir, 'small.md'), SMALL);
    const c = captureIo();
    expect(await runExportCorpus(dir, { snapshotDate: '2025-01-01' }, c.io)).toBe(2);
    expect(c.err()).toMatch(/^cairn: invalid_option: .*2025-06-30.*2025-01-01/);
    await copyFile(join(dir, 'small.md'), join(dir, 'small-again.md'));
    const d = captureIo();
    expect(await runExportCorpus(dir, {}, d.io)).toBe(1);
    expect(d.err()).toMatch(/^cairn: duplicate_doc_id: EAR-746.1 is in both/);
  });

  it('exits 1 when nothing in the input is EAR, 2 on unreadable input or bad options', async () => {
    const c = captureIo();
    expect(await runExportCorpus(corpusPath('ecfr', 'title-15', 'chapter-I.md'), {}, c.io)).toBe(1);
    expect(c.err()).toMatch(/^cairn: no_ear_content: /);
    expect(await runExportCorpus('/nonexistent/ecfr', {}, captureIo().io)).toBe(2);
    expect(await runExportCorpus(CHAPTER_VII, { profile: 'far' }, captureIo().io)).toBe(2);
    expect(await runExportCorpus(CHAPTER_VII, { maxTokens: '3' }, captureIo().io)).toBe(2);
    expect(await runExportCorpus(CHAPTER_VII, { snapshotDate: '2025-02-30' }, captureIo().io)).toBe(
      2,
    );
  });

  it('refuses an --out that names an input file, leaving the source as it was', async () => {
    // `--out chapter.md` would replace the eCFR Markdown with the JSONL corpus, silently
    const dir = tempDir('cairn-export-self-');
    const source = join(dir, 'chapter.md');
    const other = join(dir, 'other.md');
    await writeFile(source, SMALL);
    await writeFile(other, '# Not EAR\n');
    for (const [input, out] of [
      [source, source],
      [dir, join(dir, '.', 'other.md')],
    ] as const) {
      const c = captureIo();
      expect(await runExportCorpus(input, { out }, c.io)).toBe(2);
      expect(c.err()).toMatch(/^cairn: invalid_option: --out .* is an input file/);
    }
    expect(await readFile(source, 'utf8')).toBe(SMALL);
    expect(await readFile(other, 'utf8')).toBe('# Not EAR\n');
  });

  it('an --out that cannot be written is output_unwritable (exit 2), and leaves no partial file', async () => {
    const dir = tempDir('cairn-export-out-');
    const source = join(dir, 'chapter.md');
    await writeFile(source, SMALL);
    const c = captureIo();
    // a folder where the file should go is the output's fault: file_unreadable would name the input
    expect(await runExportCorpus(source, { out: dir }, c.io)).toBe(2);
    expect(c.err()).toMatch(/^cairn: output_unwritable: Cannot write .*: EISDIR/);
    expect((await readdir(dir)).sort()).toEqual(['chapter.md']);
  });

  it('registers under an export command', () => {
    const program = new Command();
    registerExportCorpus(program.command('export'));
    const corpus = program.commands[0]!.commands.find((c) => c.name() === 'corpus');
    expect(corpus?.options.map((o) => o.long)).toEqual([
      '--profile',
      '--out',
      '--snapshot-date',
      '--max-tokens',
      '--db',
      '--chunker',
      '--json',
    ]);
    // without an input the corpus comes from the store
    expect(corpus?.registeredArguments.map((a) => a.required)).toEqual([false]);
  });
});
