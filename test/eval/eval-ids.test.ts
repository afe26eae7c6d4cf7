import {
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { beforeAll, describe, expect, test } from 'vitest';
import { defaultChunkerRegistry } from '../../src/chunk/chunker-registry.js';
import { registerEval, runEvalIds } from '../../src/cli/commands/eval.js';
import { replayEditHistory } from '../../src/eval/replay-edit-history.js';
import type { IdsEvalReport } from '../../src/eval/run-ids-eval.js';
import { corpusPath } from '../corpora.js';
import { captureIo } from '../support/capture-io.js';
import { tempDir } from '../support/temp-dir.js';

const HISTORY = corpusPath('rustbook-history');
const chunker = defaultChunkerRegistry().get('default');

/** The first `n` revisions of a real chapter's history, copied into `into/<chapter>`. */
function copyRevisions(chapter: string, n: number, into: string): string {
  const dir = join(into, chapter);
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(join(HISTORY, chapter)).sort().slice(0, n)) {
    copyFileSync(join(HISTORY, chapter, name), join(dir, name));
  }
  return dir;
}

/** A history of the given texts as revisions 000.md, 001.md... */
function writeHistory(dir: string, revisions: (string | Uint8Array)[]): string {
  mkdirSync(dir, { recursive: true });
  for (const [k, text] of revisions.entries()) {
    writeFileSync(join(dir, `${String(k).padStart(3, '0')}.md`), text);
  }
  return dir;
}

async function runJson(dir: string, flags: { only?: string } = {}) {
  const c = captureIo();
  const status = await runEvalIds(dir, { ...flags, json: true }, c.io);
  return { status, err: c.err(), report: JSON.parse(c.out() || 'null') as IdsEvalReport };
}

const firstRevision = () =>
  readFileSync(join(HISTORY, 'ch16-01-threads', '000-1fedfc4b.md'), 'utf8');

describe('cairn eval ids on real Rust book revisions', () => {
  let root: string;
  beforeAll(() => {
    root = tempDir('cairn-eval-ids-');
    copyRevisions('ch16-01-threads', 4, root);
    copyRevisions('ch20-01-single-threaded', 3, root);
    mkdirSync(join(root, '.hidden'));
  });

  test('a folder of histories: one row each, sorted, and an overall row that sums them', async () => {
    const { status, err, report } = await runJson(root);
    expect(status).toBe(0);
    expect(report.chunker_id).toBe(chunker.chunker_id);
    expect(report.histories.map((h) => [h.history, h.revisions, h.pairs])).toEqual([
      ['ch16-01-threads', 4, 3],
      ['ch20-01-single-threaded', 3, 2],
    ]);
    expect(report.overall).toMatchObject({ history: 'overall', revisions: 7, pairs: 5 });
    expect(report.failed).toEqual([]);
    expect(report.invalid).toEqual([]);
    // progress, one line per history, on stderr only
    expect(err).toMatch(/^\[1\/2\] ch16-01-threads: 4 revisions, 3 pairs \(\d+\.\d s\)\n\[2\/2\] /);
  });

  test('the figures of these real edits, as measured (cairn, hash, position)', async () => {
    // ch16-01-threads, revisions 000..003 under structure@v1:bef0b2fa: 19 chunks
    // at first; measured once and pinned, so a change to chunking, alignment or
    // the metrics shows here
    const { report } = await runJson(root, { only: 'ch16-01-threads' });
    const row = report.overall;
    expect(report.chunker_id).toBe('structure@v1:bef0b2fa');
    expect(row.majors).toBe(0);
    expect(row.cairn).toEqual({
      kept_mean: 1,
      kept_min: 1,
      resolves_min: 1,
      resolves_median: 1,
      faithful_min: 1,
      faithful_median: 1,
      changed_median: 0,
      changed_mean: 0,
      kept_min_minor: 1,
      minor_pairs_kept_below_1: 0,
      faithful_min_minor: 1,
      faithful_median_minor: 1,
    });
    // content hashes keep unchanged text's ID, and lose every edited chunk's
    expect(row.hash.kept_min).toBe(1);
    expect(row.hash.resolves_min).toBeCloseTo(7 / 19, 12);
    expect(row.hash.changed_mean).toBeCloseTo(14 / 3, 12);
    // positions stay live but name other text after an insertion
    expect(row.position.kept_mean).toBeCloseTo(19 / 21, 12);
    expect(row.position.resolves_min).toBeCloseTo(17 / 19, 12);
    expect(row.position.faithful_min).toBeCloseTo(12 / 19, 12);
    expect(row.position.changed_mean).toBeCloseTo(5 / 3, 12);
    for (const scheme of [row.cairn, row.hash, row.position]) {
      expect(scheme.faithful_min!).toBeLessThanOrEqual(scheme.resolves_min!);
    }
  });

  test('--only on the collection equals the history folder given itself', async () => {
    const viaOnly = (await runJson(root, { only: 'ch20-01-single-threaded' })).report;
    const direct = (await runJson(join(root, 'ch20-01-single-threaded'))).report;
    expect(direct.histories).toEqual(viaOnly.histories);
    expect(direct.histories[0]!.history).toBe('ch20-01-single-threaded');
  });

  test('the text report has the header, a row per history, the overall row and the notes', async () => {
    const c = captureIo();
    expect(await runEvalIds(root, {}, c.io)).toBe(0);
    const lines = c.out().trimEnd().split('\n');
    expect(lines[0]).toBe(
      `chunker ${chunker.chunker_id}; schemes in each column: cairn hash position`,
    );
    expect(lines.map((line) => line.split(' | ')[0]!.trim()).slice(1, 5)).toEqual([
      'history',
      'ch16-01-threads',
      'ch20-01-single-threaded',
      'overall',
    ]);
    expect(lines[4]).toMatch(/^overall +\| +7 \| +5 \| +0 \| 1\.00 /);
    expect(lines[5]).toMatch(
      /minor pairs below 1\.00: 0;.*Invalid ID sets: 0\. Revisions that failed: 0\./,
    );
  });
});

describe('the figures on constructed edits of real text', () => {
  test('a revision identical to its predecessor: every scheme keeps every ID, none changed', async () => {
    const text = firstRevision();
    const dir = writeHistory(join(tempDir('cairn-eval-ids-'), 'same'), [text, text]);
    const replay = await replayEditHistory(
      { name: 'same', dir, revisions: ['000.md', '001.md'] },
      chunker,
    );
    const [pair] = replay.pairs;
    expect(pair!.change).toBe('none');
    for (const scheme of ['cairn', 'hash', 'position'] as const) {
      expect(pair!.schemes[scheme]).toMatchObject({
        kept: 1,
        resolves: 1,
        faithful: 1,
        changed: 0,
      });
    }
  });

  test('a long paragraph inserted at the top shifts position IDs; cairn and hash keep unchanged chunks', async () => {
    const text = firstRevision();
    // real text of another chapter, long enough to be a chunk of its own
    const inserted = readFileSync(
      join(HISTORY, 'ch20-01-single-threaded', '000-1fedfc4b.md'),
      'utf8',
    )
      .split('\n\n')
      .filter((block) => /^[A-Z]/.test(block))
      .join(' ')
      .replace(/\n/g, ' ')
      .slice(0, 3000);
    const [heading, ...rest] = text.split('\n\n');
    const edited = [heading, inserted, ...rest].join('\n\n');
    const dir = writeHistory(join(tempDir('cairn-eval-ids-'), 'top'), [text, edited]);
    const { schemes, change, stats } = (
      await replayEditHistory({ name: 'top', dir, revisions: ['000.md', '001.md'] }, chunker)
    ).pairs[0]!;
    expect(change).toBe('minor');
    expect(stats.inserted).toBeGreaterThan(0);
    expect(schemes.cairn.kept).toBe(1);
    expect(schemes.hash.kept).toBe(1);
    expect(schemes.position.kept!).toBeLessThan(0.5);
    expect(schemes.position.faithful!).toBeLessThan(0.5);
    // cairn: only the inserted chunks get new IDs; every old ID still names its content
    expect(schemes.cairn.changed).toBe(stats.inserted);
    expect(schemes.cairn.faithful).toBe(1);
    expect(schemes.position.changed).toBeGreaterThan(stats.inserted);
  });
});

describe('cairn eval ids on a folder of histories with a note beside them', () => {
  test('one README.md beside the history folders does not make the folder a history of one revision', async () => {
    const root = tempDir('cairn-eval-ids-');
    writeHistory(join(root, 'a'), [firstRevision(), firstRevision()]);
    writeHistory(join(root, 'b'), [firstRevision(), firstRevision()]);
    writeFileSync(join(root, 'README.md'), '# Histories\n\nOne folder per document.\n');
    const { status, report } = await runJson(root);
    expect(status).toBe(0);
    expect(report.histories.map((h) => h.history)).toEqual(['a', 'b']);
  });

  test('a folder without revision files beside the histories (assets/) is not one of them', async () => {
    const root = tempDir('cairn-eval-ids-');
    writeHistory(join(root, 'a'), [firstRevision(), firstRevision()]);
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'assets', 'logo.png'), 'not a revision');
    const { status, report } = await runJson(root);
    expect(status).toBe(0);
    expect(report.histories.map((h) => h.history)).toEqual(['a']);
    // with no history at all, it still says there is none
    const empty = tempDir('cairn-eval-ids-');
    mkdirSync(join(empty, 'assets'));
    expect((await runJson(empty)).status).toBe(1);
  });
});

describe('cairn eval ids on symbolic links', () => {
  test('a linked history folder is replayed, not dropped from the collection', async () => {
    const root = tempDir('cairn-eval-ids-');
    writeHistory(join(root, 'a'), [firstRevision(), firstRevision()]);
    const elsewhere = writeHistory(join(tempDir('cairn-eval-ids-'), 'b'), [
      firstRevision(),
      firstRevision(),
    ]);
    symlinkSync(elsewhere, join(root, 'b'));
    const { status, report } = await runJson(root);
    expect(status).toBe(0);
    expect(report.histories.map((h) => [h.history, h.pairs])).toEqual([
      ['a', 1],
      ['b', 1],
    ]);
  });

  test('linked revision files are revisions', async () => {
    const source = writeHistory(join(tempDir('cairn-eval-ids-'), 'src'), [
      firstRevision(),
      firstRevision(),
    ]);
    const dir = join(tempDir('cairn-eval-ids-'), 'linked');
    mkdirSync(dir);
    for (const name of readdirSync(source)) symlinkSync(join(source, name), join(dir, name));
    const { status, report } = await runJson(dir);
    expect(status).toBe(0);
    expect(report.overall).toMatchObject({ history: 'overall', revisions: 2, pairs: 1 });
  });
});

describe('cairn eval ids on folders it cannot replay', () => {
  test('a missing folder is file_not_found, exit 2', async () => {
    const { status, err } = await runJson(join(tempDir('cairn-eval-ids-'), 'nope'));
    expect(status).toBe(2);
    expect(JSON.parse(err)).toMatchObject({ error: { code: 'file_not_found' } });
  });

  test('one revision is too_few_revisions, exit 1, and no report', async () => {
    const dir = writeHistory(join(tempDir('cairn-eval-ids-'), 'one'), [firstRevision()]);
    const c = captureIo();
    expect(await runEvalIds(dir, {}, c.io)).toBe(1);
    expect(c.err()).toMatch(
      /^cairn: too_few_revisions: .*one has 1 revision file \(.*\): a replay needs at least 2\n$/,
    );
    expect(c.out()).toBe('');
  });

  test('a folder without supported files or folders is too_few_revisions', async () => {
    const dir = join(tempDir('cairn-eval-ids-'), 'empty');
    mkdirSync(dir);
    writeFileSync(join(dir, 'main.rs'), 'fn main() {}\n');
    const { status, err } = await runJson(dir);
    expect(status).toBe(1);
    expect(JSON.parse(err).error).toMatchObject({ code: 'too_few_revisions' });
    expect(JSON.parse(err).error.message).toMatch(/neither revision files \(\.md .*\) nor folders/);
  });

  test('a history of one revision among good ones stops the run; --only another does not', async () => {
    const root = tempDir('cairn-eval-ids-');
    writeHistory(join(root, 'a'), [firstRevision(), firstRevision()]);
    writeHistory(join(root, 'b'), [firstRevision()]);
    expect((await runJson(root)).status).toBe(1);
    expect((await runJson(root, { only: 'a' })).status).toBe(0);
  });

  test('--only naming no history is invalid_option, exit 2, and lists the histories', async () => {
    const root = tempDir('cairn-eval-ids-');
    writeHistory(join(root, 'a'), [firstRevision(), firstRevision()]);
    const { status, err } = await runJson(root, { only: 'b' });
    expect(status).toBe(2);
    expect(JSON.parse(err).error).toMatchObject({ code: 'invalid_option' });
    expect(JSON.parse(err).error.message).toMatch(/\(histories: a\)/);
  });

  test('an unknown chunker is a usage error', async () => {
    const c = captureIo();
    expect(await runEvalIds(HISTORY, { chunker: 'nope' }, c.io)).toBe(2);
    expect(c.err()).toMatch(/^cairn: unknown_chunker: /);
  });

  test('a revision that is not UTF-8 is reported with its code and left out, exit 1', async () => {
    const text = firstRevision();
    const broken = Buffer.concat([Buffer.from(text.slice(0, 200)), Buffer.from([0xc3, 0x28])]);
    const dir = writeHistory(join(tempDir('cairn-eval-ids-'), 'bad'), [text, broken, text]);
    const { status, report } = await runJson(dir);
    expect(status).toBe(1);
    expect(report.failed).toEqual([
      expect.objectContaining({ history: 'bad', revision: '001.md', code: 'invalid_utf8' }),
    ]);
    // the next revision pairs with the last one that parsed
    expect(report.overall).toMatchObject({ revisions: 3, pairs: 1 });
    expect(report.overall.cairn.kept_min_minor).toBe(1);
  });
});

describe('cairn eval ids --help', () => {
  test('says what each figure means, what exits mean, and gives examples', async () => {
    let out = '';
    const program = new Command().exitOverride().configureOutput({ writeOut: (t) => (out += t) });
    registerEval(program);
    await expect(program.parseAsync(['eval', 'ids', '--help'], { from: 'user' })).rejects.toThrow();
    expect(out).toMatch(/\n {2}\(a\) kept {2}of the old chunks whose text is unchanged, the share/);
    expect(out).toMatch(/\n {2}\(b\) faithful {2}the stricter share/);
    expect(out).toMatch(/\n {2}\(c\) changed {3}new chunks whose ID did not name the same content/);
    expect(out).toMatch(/--only <name>/);
    expect(out).toMatch(/\nExit status: 0 report printed, 1 /);
    expect(out).toMatch(
      /\nExamples:\n {2}cairn eval ids \.\.\/shared\/corpora\/rustbook-history\n/,
    );
  });
});
