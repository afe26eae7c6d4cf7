import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runAudit } from '../../../src/cli/commands/audit.js';
import type { ChunkRow } from '../../../src/store/types.js';
import { captureIo } from '../../support/capture-io.js';
import { type AuditStore, CHAPTERS, openAuditStore } from './audit-store.js';
import { buildAnswer, type Cited } from './shape-fixtures.js';

let s: AuditStore;
let dir: string;
let db: string;
let A: ChunkRow;
let source: string;

beforeAll(async () => {
  s = await openAuditStore();
  db = s.store.capabilities.file_path!;
  dir = mkdtempSync(join(tmpdir(), 'cairn-audit-cli-'));
  A = (await s.live(CHAPTERS[0]!)).find((c) => c.text.split(/\s+/u).length >= 24)!;
  source = (await s.store.getDocumentById(A.document_id))!.source_url;
}, 120_000);

afterAll(async () => {
  await s?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const words = (from: number, count: number) =>
  A.text
    .split(/\s+/u)
    .filter(Boolean)
    .slice(from, from + count)
    .join(' ');

function write(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const cited = (quote: string): Cited => ({ chunk: A, source_url: source, rev: '', quote });

describe('cairn audit', () => {
  test('every citation verified and every claim supported: exit 0, a JSON report in answer order', async () => {
    const { answer, request } = buildAnswer('anthropic', cited(words(2, 10)));
    const file = write('ok.json', answer);
    const req = write('ok-request.json', request!);
    const c = captureIo();
    const code = await runAudit(file, { db, json: true, request: req }, c.io);
    expect(c.err()).toBe('');
    expect(JSON.parse(c.out()).claim_summary).toMatchObject({ claims: 1, supported: 1 });
    expect(code).toBe(0);
    const report = JSON.parse(c.out());
    expect(report).toMatchObject({ format: 'anthropic', ok: true, summary: { verified: 1 } });
    expect(report.citations[0]).toMatchObject({
      index: 0,
      status: 'verified',
      code: 'quote_verified',
      chunk_id: A.chunk_id,
    });
  });

  test('an unverified citation: exit 1, and the text report names the code', async () => {
    const file = write(
      'bad.json',
      buildAnswer('gemini', cited('Rust lets two owners free one value twice')).answer,
    );
    const c = captureIo();
    expect(await runAudit(file, { db }, c.io)).toBe(1);
    expect(c.out()).toContain('unverified quote_not_found');
    expect(c.out()).toContain('1 citations: 0 verified, 0 repaired, 1 unverified');
  });

  test('unreadable answers exit 1 with a typed error; bad options exit 2', async () => {
    const truncated = write(
      'cut.json',
      buildAnswer('cohere', cited(words(2, 10))).answer.slice(0, 80),
    );
    const c = captureIo();
    expect(await runAudit(truncated, { db, json: true }, c.io)).toBe(1);
    expect(JSON.parse(c.err())).toMatchObject({ error: { code: 'malformed_json' } });
    const unknown = write('unknown.json', '{"completion": "text", "stop_reason": "stop"}');
    const d = captureIo();
    expect(await runAudit(unknown, { db }, d.io)).toBe(1);
    expect(d.err()).toContain('unknown_answer_shape');
    expect(d.err()).toContain('gemini: a GenerateContentResponse');
    const e = captureIo();
    expect(await runAudit(truncated, { db, format: 'bard' }, e.io)).toBe(2);
    expect(e.err()).toContain('invalid_option');
    const f = captureIo();
    expect(await runAudit(join(dir, 'missing.json'), { db }, f.io)).toBe(2);
  });

  test('--html writes one page without script: the quote marked, every text escaped', async () => {
    const hostile = `<script>alert(1)</script> ${words(2, 10)}`;
    const answer = JSON.parse(buildAnswer('cairn', cited(words(2, 10))).answer);
    answer.answer = hostile;
    answer.citations[0].rev = undefined;
    const file = write('html.json', JSON.stringify(answer));
    const out = join(dir, 'audit.html');
    const c = captureIo();
    expect(await runAudit(file, { db, html: out }, c.io)).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(html).not.toMatch(/<script/iu);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toMatch(/<mark class="quote">[^<]+<\/mark>/u);
    const markedText = /<mark class="quote">([^<]+)<\/mark>/u.exec(html)![1]!;
    expect(markedText.split(/\s+/u).join(' ')).toBe(
      words(2, 10).replaceAll("'", '&#39;').replaceAll('"', '&quot;'),
    );
    expect(html).toContain('Content-Security-Policy');
  });
});

describe('cairn audit claims', () => {
  test('a contradicted claim fails the audit unless --fail-on leaves it out', async () => {
    const quote = words(2, 10);
    const answer = JSON.parse(buildAnswer('anthropic', cited(quote)).answer);
    answer.content.push({ type: 'text', text: ' that is never a set of rules.' });
    const file = write('claims.json', JSON.stringify(answer));
    const c = captureIo();
    expect(await runAudit(file, { db }, c.io)).toBe(1);
    expect(c.out()).toContain('negation_flipped');
    const quiet = captureIo();
    expect(await runAudit(file, { db, failOn: 'unverified,uncited' }, quiet.io)).toBe(0);
    const strict = captureIo();
    expect(await runAudit(file, { db, failOn: 'contradicted' }, strict.io)).toBe(1);
    const bad = captureIo();
    expect(await runAudit(file, { db, failOn: 'nonsense' }, bad.io)).toBe(2);
    expect(bad.err()).toContain('--fail-on');
  });
});

describe('cairn audit text output', () => {
  test('a quote over a line break reads as words: no U+FFFD where the stored text has a newline', async () => {
    const multi = (await s.live(CHAPTERS[0]!)).find((c) => /\S\n\S/u.test(c.text))!;
    const at = multi.text.search(/\S\n\S/u);
    // a quote that is near but not in the text: its closest passage crosses the line break
    const quote = `${multi.text.slice(Math.max(0, at - 60), at + 1)} not ${multi.text.slice(at + 2, at + 60)}`;
    const file = write(
      'newline.json',
      buildAnswer('gemini', { chunk: multi, source_url: source, rev: '', quote }).answer,
    );
    const c = captureIo();
    await runAudit(file, { db }, c.io);
    expect(c.out()).toContain('closest');
    expect(c.out()).not.toContain('\uFFFD');
  });
});
