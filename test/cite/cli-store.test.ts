import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runValidateCitations } from '../../src/cli/commands/validate-citations.js';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { search } from '../../src/search/search.js';
import type { SearchHit } from '../../src/search/types.js';
import { openStore } from '../../src/store/open-store.js';
import { corpusPath } from '../corpora.js';
import { type Bundle, bundleEntries } from '../store/support/bundle-entries.js';
import { captureIo } from '../support/capture-io.js';

const CHAPTERS = ['ch04-01-what-is-ownership.md', 'ch04-02-references-and-borrowing.md'];

let dir: string;
let db: string;
let bundle: Bundle;
let hits: SearchHit[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cairn-cite-cli-db-'));
  db = join(dir, 'cairn.db');
  for (const chapter of CHAPTERS) copyFileSync(corpusPath('rustbook', chapter), join(dir, chapter));
  const store = await openStore({ db });
  try {
    expect((await ingestSources(store, CHAPTERS, { workers: 0, cwd: dir })).failed).toBe(0);
    hits = (await search(store, 'ownership scope borrow', { k: 5, trace_log: false })).hits;
  } finally {
    await store.close();
  }
  bundle = await bundleEntries({ cli: 'test/store/support/cli-entry.ts' });
});

afterAll(() => {
  bundle?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function file(name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
}

function cite(hit: SearchHit, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const { text, heading_path: _headings, ...payload } = hit;
  return { ...payload, quote: text.split(/\s+/u).slice(1, 7).join(' '), ...extra };
}

describe('cairn validate answer|citations --db', () => {
  it('prints each citation with its status; exit 0 when all verified, 1 otherwise', async () => {
    const hit = hits[0]!;
    const good = file('good.json', { citations: [cite(hit)], answer: 'Right.' });
    const c = captureIo();
    expect(await runValidateCitations('answer', good, { db, qid: 'q-cli-good' }, c.io)).toBe(0);
    expect(c.out()).toBe(
      `${good}:/citations/0: verified ${hit.snippet_id}\n${good}: ok, 1 citation (1 verified)\n`,
    );
    expect(readFileSync(join(dir, 'traces.log'), 'utf8')).toContain(' qid=q-cli-good seg=1 ');

    const bad = file('bad.json', {
      citations: [cite(hit), cite(hit, { quote: 'Ownership is checked at run time.' })],
      answer: 'Half right.',
    });
    const b = captureIo();
    expect(await runValidateCitations('answer', bad, { db, json: true }, b.io)).toBe(1);
    const report = JSON.parse(b.out());
    expect(report.ok).toBe(false);
    expect(
      report.citations.map((v: { status: string; reason: string | null }) => [v.status, v.reason]),
    ).toEqual([
      ['verified', null],
      ['unverified', 'quote_not_found'],
    ]);
    expect(report.issues.map((i: { code: string; reason: string }) => [i.code, i.reason])).toEqual([
      ['citation_unverified', 'quote_not_found'],
    ]);
  });

  it('checks a payload list against the store', async () => {
    const payload = file(
      'payload.json',
      hits.map((h) => cite(h)),
    );
    const c = captureIo();
    const flags = { db, json: true, allowCrossSection: true };
    expect(await runValidateCitations('citations', payload, flags, c.io)).toBe(0);
    const report = JSON.parse(c.out());
    expect(report.citations.map((v: { status: string }) => v.status)).toEqual(
      hits.map(() => 'verified'),
    );
    const wrong = file('wrong.json', [
      cite(hits[0]!, { snippet_id: hits[0]!.snippet_id.slice(0, -2) }),
    ]);
    const w = captureIo();
    expect(await runValidateCitations('citations', wrong, { db }, w.io)).toBe(1);
    expect(w.out()).toContain(`${wrong}:/0: unverified snippet_not_found `);
    expect(w.out()).toContain(
      ': citation_unverified: Citation not backed by the store: snippet_not_found',
    );
  });

  it('takes `cairn search --json` output as a list: its hits, checked against the store', async () => {
    const run = spawnSync(
      process.execPath,
      [bundle.file('cli'), 'search', 'ownership scope borrow', '-k', '5', '--json', '--db', db],
      { cwd: dir, encoding: 'utf8', env: { ...process.env, CAIRN_DB: '' } },
    );
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(
      new Set(result.hits.map((h: { section_id: string }) => h.section_id)).size,
    ).toBeGreaterThan(1);
    const searched = join(dir, 'search.json');
    writeFileSync(searched, run.stdout);

    const flags = { db, json: true, allowCrossSection: true, ranked: true };
    const c = captureIo();
    expect(await runValidateCitations('citations', searched, flags, c.io)).toBe(0);
    const report = JSON.parse(c.out());
    expect(
      report.citations.map((v: { path: string; status: string }) => [v.path, v.status]),
    ).toEqual(result.hits.map((_: unknown, i: number) => [`/hits/${i}`, 'verified']));

    // without the flag, one list is one answer segment: hits of several sections break rule 3
    const d = captureIo();
    expect(await runValidateCitations('citations', searched, { json: true }, d.io)).toBe(1);
    const codes = new Set(JSON.parse(d.out()).issues.map((i: { code: string }) => i.code));
    expect([...codes]).toEqual(['cross_section_reuse']);
  });

  it('runs as `cairn validate answer <file> --db <db>` in a child process', () => {
    const hit = hits[1]!;
    const good = file('child-good.json', { citations: [cite(hit)], answer: 'Right.' });
    const offsets = { start: hit.offsets.start + 2, end: hit.offsets.end + 2, unit: 'char' };
    const bad = file('child-bad.json', {
      citations: [cite(hit, { offsets })],
      answer: 'Off by two.',
    });
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [bundle.file('cli'), ...args], { cwd: dir, encoding: 'utf8' });
    const ok = run('validate', 'answer', good, '--db', db, '--no-trace-log');
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain(`/citations/0: verified ${hit.snippet_id}`);
    const wrong = run('validate', 'answer', bad, '--db', db, '--json');
    expect(wrong.status).toBe(1);
    expect(JSON.parse(wrong.stdout).citations[0]).toMatchObject({
      status: 'unverified',
      reason: 'offsets_mismatch',
    });
  });

  it('checks against $CAIRN_DB, else .cairn/cairn.db, without --db; --no-db checks none', () => {
    const hit = hits[2]!;
    const good = file('default-store.json', { citations: [cite(hit)], answer: 'Right.' });
    const run = (cwd: string, env: Record<string, string>, ...args: string[]) =>
      spawnSync(process.execPath, [bundle.file('cli'), 'validate', 'answer', good, ...args], {
        cwd,
        encoding: 'utf8',
        env: { ...process.env, ...env },
      });
    const fromEnv = run(dir, { CAIRN_DB: db }, '--json', '--no-trace-log');
    expect(fromEnv.status).toBe(0);
    expect(JSON.parse(fromEnv.stdout)).toMatchObject({
      ok: true,
      store: db,
      warnings: [],
      citations: [{ status: 'verified', snippet_id: hit.snippet_id }],
    });
    // a folder holding .cairn/cairn.db, as `cairn ingest` leaves it
    const project = mkdtempSync(join(tmpdir(), 'cairn-cite-cli-default-'));
    try {
      mkdirSync(join(project, '.cairn'));
      copyFileSync(db, join(project, '.cairn', 'cairn.db'));
      const fromFolder = run(project, { CAIRN_DB: '' }, '--no-trace-log');
      expect(fromFolder.stderr).toBe('');
      expect(fromFolder.stdout).toContain(`/citations/0: verified ${hit.snippet_id}`);
      expect(fromFolder.status).toBe(0);
      const none = run(project, { CAIRN_DB: '' }, '--no-db', '--json');
      expect(none.status).toBe(0);
      const report = JSON.parse(none.stdout);
      expect('store' in report).toBe(false);
      expect(report.citations[0]).toMatchObject({ reason: 'not_checked_against_store' });
      // no store anywhere: the payload rules alone, as before
      const bare = mkdtempSync(join(tmpdir(), 'cairn-cite-cli-nostore-'));
      try {
        const alone = run(bare, { CAIRN_DB: '' }, '--json');
        expect(alone.status).toBe(0);
        expect(JSON.parse(alone.stdout).citations[0].reason).toBe('not_checked_against_store');
      } finally {
        rmSync(bare, { recursive: true, force: true });
      }
      // a CAIRN_DB that names no store is the caller's mistake: exit 2, nothing created
      const missing = run(project, { CAIRN_DB: join(project, 'nope.db') });
      expect(missing.status).toBe(2);
      expect(missing.stderr).toContain('store_unavailable');
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });

  it('reads an answer in a ```json fence, and warns stale_index for an index recorded before the live one', async () => {
    const hit = hits[3]!;
    const fenced = join(dir, 'fenced.md');
    writeFileSync(
      fenced,
      `\`\`\`json\n${JSON.stringify({ citations: [cite(hit)], answer: 'Right.' }, null, 2)}\n\`\`\`\n`,
    );
    const c = captureIo();
    expect(await runValidateCitations('answer', fenced, { db, traceLog: false }, c.io)).toBe(0);
    expect(c.out()).toContain(`${fenced}:/citations/0: verified ${hit.snippet_id}`);
    // ingesting one more document makes a new live index; the hit's index is now a recorded one
    const store = await openStore({ db });
    let live: string;
    try {
      writeFileSync(join(dir, 'note.md'), '# Note\n\nA short note about lifetimes and scopes.\n');
      expect((await ingestSources(store, ['note.md'], { workers: 0, cwd: dir })).created).toBe(1);
      live = (await search(store, 'lifetimes note', { k: 1, trace_log: false })).index_hash;
    } finally {
      await store.close();
    }
    expect(live).not.toBe(hit.index_hash);
    const stale = file('stale.json', { citations: [cite(hit)], answer: 'Right.' });
    const t = captureIo();
    expect(await runValidateCitations('answer', stale, { db, traceLog: false }, t.io)).toBe(0);
    expect(t.out()).toMatch(
      new RegExp(
        `:/citations/0: warning: stale_index: index ${hit.index_hash} \\(recorded \\d{4}-\\d\\d-\\d\\dT[^)]+\\) is no longer the live index ${live}`,
        'u',
      ),
    );
    const j = captureIo();
    await runValidateCitations('answer', stale, { db, traceLog: false, json: true }, j.io);
    expect(JSON.parse(j.out()).warnings).toEqual([
      expect.objectContaining({
        code: 'stale_index',
        index_hash: hit.index_hash,
        live_index_hash: live,
        path: '/citations/0',
        snippet_id: hit.snippet_id,
      }),
    ]);
  });

  // last: it edits a chapter, so the other tests' hits are no longer current
  it('names a redirected chunk that kept its ID once, with the rev that is no longer current', async () => {
    const chapter = hits[0]!.source_url;
    const edited = hits.filter((h) => h.source_url === chapter);
    const path = join(dir, chapter);
    writeFileSync(path, `A line added before the chapter.\n\n${readFileSync(path, 'utf8')}`);
    const store = await openStore({ db });
    try {
      expect((await ingestSources(store, CHAPTERS, { workers: 0, cwd: dir })).updated).toBe(1);
    } finally {
      await store.close();
    }
    const list = edited.map((h) => cite(h));
    for (const [kind, payload, at] of [
      ['citations', file('old-rev.json', list), ''],
      ['answer', file('old-rev-answer.json', { citations: list, answer: 'Old.' }), '/citations'],
    ] as const) {
      const c = captureIo();
      const flags = { db, allowCrossSection: true, traceLog: false as const };
      await runValidateCitations(kind, payload, flags, c.io);
      const lines = c.out().split('\n');
      const kept = edited.filter((h, i) =>
        lines.includes(
          `${payload}:${at}/${i}: redirected from rev ${h.rev.slice(0, 12)} (ID and text unchanged) ${h.snippet_id}`,
        ),
      );
      expect(kept.length).toBeGreaterThan(0);
      for (const line of lines) expect(line).not.toMatch(/ -> (\S+) \1$/);
    }
  });
});
