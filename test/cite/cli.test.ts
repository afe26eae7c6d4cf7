import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runValidateCitations } from '../../src/cli/commands/validate-citations.js';
import { type Bundle, bundleEntries } from '../store/support/bundle-entries.js';
import { captureIo } from '../support/capture-io.js';
import { ANSWER } from './answer-fixtures.js';
import { CITATION, ID_7 } from './cite-fixtures.js';

let dir: string;
let bundle: Bundle;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cairn-cite-cli-'));
  bundle = await bundleEntries({ cli: 'test/store/support/cli-entry.ts' });
});

afterAll(() => {
  bundle?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('cairn validate citations / answer', () => {
  it('exits 0 on a clean payload and 1 with each issue on a broken one', async () => {
    const clean = file('clean.json', JSON.stringify([CITATION]));
    const c = captureIo();
    expect(await runValidateCitations('citations', clean, {}, c.io)).toBe(0);
    expect(c.out()).toBe(`${clean}: ok\n`);

    const broken = file(
      'broken.json',
      JSON.stringify({
        citations: [{ ...CITATION, offsets: { start: 1500, end: 1400, unit: 'char' } }],
      }),
    );
    const b = captureIo();
    expect(await runValidateCitations('citations', broken, {}, b.io)).toBe(1);
    expect(b.out()).toBe(
      `${broken}:/citations/0/offsets: bad_offsets: Bad offsets: expected 0 <= start < end, received 1500..1400 (citation 0, snippet "${ID_7}")\n${broken}: 1 issue: bad_offsets 1\n`,
    );
  });

  it('checks the live index hash and analyzer given as flags', async () => {
    const path = file('live.json', JSON.stringify([CITATION]));
    const c = captureIo();
    const flags = { json: true, indexHash: 'faiss:other', analyzer: 'lowercase' };
    expect(await runValidateCitations('citations', path, flags, c.io)).toBe(1);
    const report = JSON.parse(c.out());
    expect(report.issues.map((i: { code: string }) => i.code)).toEqual([
      'mismatch_index_hash',
      'analyzer_mismatch',
    ]);
  });

  it('--require-k-pos asks each citation for k_pos (trace completeness)', async () => {
    const { k_pos: _, ...withoutKPos } = CITATION;
    const path = file('no-k-pos.json', JSON.stringify([withoutKPos]));
    expect(await runValidateCitations('citations', path, {}, captureIo().io)).toBe(0);
    const c = captureIo();
    expect(
      await runValidateCitations('citations', path, { json: true, requireKPos: true }, c.io),
    ).toBe(1);
    expect(JSON.parse(c.out()).issues.map((i: { code: string }) => i.code)).toEqual([
      'missing_k_pos',
    ]);
  });

  it('reports an answer with its citation statuses in --json', async () => {
    const path = file('answer.json', JSON.stringify(ANSWER));
    const c = captureIo();
    expect(await runValidateCitations('answer', path, { json: true }, c.io)).toBe(0);
    const report = JSON.parse(c.out());
    expect(report.ok).toBe(true);
    expect(report.citations).toHaveLength(2);
    expect(report.citations[0]).toMatchObject({
      status: 'unverified',
      reason: 'not_checked_against_store',
    });
  });

  it('reports duplicate keys and trailing prose in an answer file', async () => {
    const text = `{"citations": [], "citations": [], "answer": "x"}\nHope this helps!`;
    const path = file('sloppy.json', text);
    const c = captureIo();
    expect(await runValidateCitations('answer', path, { json: true }, c.io)).toBe(1);
    expect(JSON.parse(c.out()).issues.map((i: { code: string }) => i.code)).toEqual([
      'duplicate_key',
      'trailing_content',
    ]);
  });

  it('exits 2 on a missing file or a bad flag, and refuses a file over --max-bytes unread', async () => {
    const c = captureIo();
    expect(await runValidateCitations('answer', join(dir, 'nope.json'), {}, c.io)).toBe(2);
    expect(c.err()).toMatch(/^cairn: file_not_found: /);
    const path = file('big.json', JSON.stringify(ANSWER));
    const d = captureIo();
    expect(await runValidateCitations('answer', path, { maxBytes: 'lots' }, d.io)).toBe(2);
    const e = captureIo();
    expect(await runValidateCitations('answer', path, { maxBytes: '10', json: true }, e.io)).toBe(
      1,
    );
    expect(JSON.parse(e.err()).error.code).toBe('input_too_large');
  });

  it('lists at most --max-issues issues and counts them all, in text and JSON', async () => {
    // 300,000 citations in 10 MB give 3.3 million issues: listed whole, the text report
    // overflows the stack (Maximum call stack size exceeded), --json "Invalid string length"
    const path = file('many.json', JSON.stringify(Array.from({ length: 9_000 }, () => ({}))));
    const text = captureIo();
    expect(await runValidateCitations('citations', path, {}, text.io)).toBe(1);
    const lines = text.out().trimEnd().split('\n');
    expect(lines).toHaveLength(1001);
    expect(lines.at(-1)).toMatch(/: 99000 issues \(first 1000 listed\): missing_doc_id 9000, /);
    const json = captureIo();
    expect(
      await runValidateCitations('citations', path, { json: true, maxIssues: '5' }, json.io),
    ).toBe(1);
    const report = JSON.parse(json.out());
    expect(report.issues).toHaveLength(5);
    expect(report.stats).toMatchObject({ issues: 99_000, truncated: true });
    expect(report.stats.issue_counts.missing_score).toBe(9_000);
    const bad = captureIo();
    expect(await runValidateCitations('citations', path, { maxIssues: '0' }, bad.io)).toBe(2);
    // past 10,000 citations the list is one issue: checked, 3 million {} in 10 MB run out of memory
    const huge = file('huge.json', JSON.stringify(Array.from({ length: 10_001 }, () => ({}))));
    const over = captureIo();
    expect(await runValidateCitations('citations', huge, { json: true }, over.io)).toBe(1);
    expect(JSON.parse(over.out())).toMatchObject({
      ok: false,
      issues: [{ code: 'too_many_items', count: 10_001, limit: 10_000 }],
      stats: { issues: 1 },
    });
  });

  it('reads standard input for -, as validate corpus does, and bounds it by --max-bytes', async () => {
    // `cairn search --json | cairn validate citations -` is the pipe this serves: - is no file name
    async function* stdin(text: string): AsyncGenerator<Uint8Array> {
      const bytes = Buffer.from(text);
      yield bytes.subarray(0, 10);
      yield bytes.subarray(10);
    }
    const c = captureIo();
    const io = { ...c.io, stdin: stdin(JSON.stringify([CITATION])) };
    expect(await runValidateCitations('citations', '-', {}, io)).toBe(0);
    expect(c.out()).toBe('-: ok\n');
    const big = captureIo();
    const bigIo = { ...big.io, stdin: stdin(JSON.stringify([CITATION])) };
    expect(await runValidateCitations('citations', '-', { maxBytes: '20' }, bigIo)).toBe(1);
    expect(big.err()).toMatch(
      /^cairn: input_too_large: standard input is over the limit of 20 bytes/,
    );
  });

  it('says why a file cannot be read', async () => {
    const loop = join(dir, 'loop.json');
    symlinkSync(loop, loop);
    const c = captureIo();
    expect(await runValidateCitations('citations', loop, {}, c.io)).toBe(2);
    expect(c.err()).toMatch(/^cairn: file_unreadable: .*loop\.json cannot be read: ELOOP/);
  });

  it('refuses the store-only options without --db instead of dropping them, exit 2', async () => {
    const answer = file('store-only.json', JSON.stringify(ANSWER));
    const cases: [Parameters<typeof runValidateCitations>[2], string][] = [
      [{ chunker: 'char' }, '--chunker acts on the store'],
      [{ qid: 'q-1', traceLog: join(dir, 'never.log') }, '--qid, --trace-log act on the store'],
    ];
    for (const [flags, message] of cases) {
      const c = captureIo();
      expect(await runValidateCitations('answer', answer, flags, c.io)).toBe(2);
      expect(c.err()).toBe(`cairn: invalid_option: ${message}: add --db <path|url>\n`);
      expect(c.out()).toBe('');
    }
    // --no-trace-log asks for nothing to be written: harmless without a store
    const c = captureIo();
    expect(await runValidateCitations('answer', answer, { traceLog: false }, c.io)).toBe(0);
  });

  it('runs as `cairn validate answer|citations` in a child process', () => {
    const good = file('child-answer.json', JSON.stringify(ANSWER));
    const bad = file('child-payload.json', '[]');
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [bundle.file('cli'), ...args], { cwd: dir, encoding: 'utf8' });
    const ok = run('validate', 'answer', good);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('ok, 2 citations (not checked against a store)');
    const empty = run('validate', 'citations', bad, '--json');
    expect(empty.status).toBe(1);
    expect(JSON.parse(empty.stdout).issues[0].code).toBe('empty_citations');
    expect(run('validate', 'answer').status).toBe(2);
  });

  it('--help gives examples, and says how to check a search result list that spans sections', () => {
    const help = (kind: string) =>
      spawnSync(process.execPath, [bundle.file('cli'), 'validate', kind, '--help'], {
        cwd: dir,
        encoding: 'utf8',
      }).stdout;
    const citations = help('citations');
    expect(citations).toMatch(/\nExamples:\n {2}cairn validate citations /);
    expect(citations).toMatch(/cairn search .* --json > hits\.json\n/);
    expect(citations).toMatch(/cairn validate citations hits\.json --allow-cross-section/);
    expect(help('answer')).toMatch(/\nExamples:\n {2}cairn validate answer /);
  });
});
