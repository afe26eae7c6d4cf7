import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPrompt } from '../../src/cli/commands/prompt.js';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { openStore } from '../../src/store/open-store.js';
import { corpusPath } from '../corpora.js';
import { type Bundle, bundleEntries } from '../store/support/bundle-entries.js';
import { captureIo } from '../support/capture-io.js';

const CHAPTERS = ['ch04-01-what-is-ownership.md', 'ch04-02-references-and-borrowing.md'];
const QUESTION = 'What does the borrow checker reject?';

let dir: string;
let db: string;
let bundle: Bundle;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cairn-prompt-cli-'));
  db = join(dir, 'cairn.db');
  for (const chapter of CHAPTERS) copyFileSync(corpusPath('rustbook', chapter), join(dir, chapter));
  const store = await openStore({ db });
  try {
    expect((await ingestSources(store, CHAPTERS, { workers: 0, cwd: dir })).failed).toBe(0);
  } finally {
    await store.close();
  }
  bundle = await bundleEntries({ cli: 'test/store/support/cli-entry.ts' });
});

afterAll(() => {
  bundle?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('cairn prompt', () => {
  it('--json prints the body alone: k search hits as search_result blocks', async () => {
    const c = captureIo();
    const flags = {
      db,
      style: 'anthropic-search-results',
      k: '3',
      json: true,
      traceLog: false as const,
    };
    expect(await runPrompt(QUESTION, flags, c.io)).toBe(0);
    const body = JSON.parse(c.out());
    expect(Object.keys(body)).toEqual(['model', 'max_tokens', 'system', 'messages']);
    const blocks = body.messages[0].content;
    expect(blocks.map((b: { type: string }) => b.type)).toEqual([
      'search_result',
      'search_result',
      'search_result',
      'text',
    ]);
    expect(c.err()).toBe(
      'cairn: 3 sources; send it: POST https://api.anthropic.com/v1/messages with anthropic-version: 2023-06-01, content-type: application/json (API version 2023-06-01)\n',
    );
  });

  it('plain prints the prompt text; openai-json-schema a body with its response_format', async () => {
    const p = captureIo();
    expect(await runPrompt(QUESTION, { db, k: '2', traceLog: false }, p.io)).toBe(0);
    expect(p.out().startsWith('Contract:\n- You must cite before you explain.\n')).toBe(true);
    expect(p.out().endsWith(`Question: ${QUESTION}\n`)).toBe(true);
    expect(p.err()).toBe('');
    const o = captureIo();
    const flags = {
      db,
      style: 'openai-json-schema',
      model: 'gpt-4.1',
      maxTokens: '800',
      traceLog: false as const,
    };
    expect(await runPrompt(QUESTION, flags, o.io)).toBe(0);
    const body = JSON.parse(o.out());
    expect([body.model, body.max_completion_tokens, body.response_format.type]).toEqual([
      'gpt-4.1',
      800,
      'json_schema',
    ]);
  });

  it('cohere-documents prints a v2 chat body whose documents are ided by chunk ID', async () => {
    const c = captureIo();
    const flags = { db, style: 'cohere-documents', k: '2', json: true, traceLog: false as const };
    expect(await runPrompt(QUESTION, flags, c.io)).toBe(0);
    const body = JSON.parse(c.out());
    expect(Object.keys(body)).toEqual(['model', 'messages', 'documents']);
    expect(body.documents).toHaveLength(2);
    for (const d of body.documents) expect(d.id).toMatch(/^[0-9a-f]{8}\|r=[0-9a-f]{8}\|s=/u);
    expect(c.err()).toBe(
      'cairn: 2 sources; send it: POST https://api.cohere.com/v2/chat with content-type: application/json (API version v2 (Chat API v2))\n',
    );
  });

  it('refuses a bad style or flag before it opens the store (exit 2), and says so for no hits (exit 1)', async () => {
    const missing = join(dir, 'missing.db');
    const bad = captureIo();
    expect(await runPrompt(QUESTION, { db: missing, style: 'gemini' }, bad.io)).toBe(2);
    expect(bad.err()).toContain('invalid_option: Unknown prompt style "gemini"');
    expect(existsSync(missing)).toBe(false);
    const k = captureIo();
    expect(await runPrompt(QUESTION, { db, k: '0' }, k.io)).toBe(2);
    const none = captureIo();
    expect(await runPrompt('zyzzyva quokka', { db, json: true, traceLog: false }, none.io)).toBe(1);
    expect(JSON.parse(none.err()).error.code).toBe('no_hits');
    const noStore = captureIo();
    expect(await runPrompt(QUESTION, { db: missing }, noStore.io)).toBe(2);
    expect(noStore.err()).toContain('store_unavailable');
  });

  it('runs in a child process, with --help that teaches', () => {
    const run = spawnSync(
      process.execPath,
      [
        bundle.file('cli'),
        'prompt',
        QUESTION,
        '--db',
        db,
        '--style',
        'anthropic-documents',
        '--json',
        '--no-trace-log',
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    expect(run.status).toBe(0);
    const body = JSON.parse(run.stdout);
    expect(body.messages[0].content[0]).toMatchObject({
      type: 'document',
      citations: { enabled: true },
    });
    const help = spawnSync(process.execPath, [bundle.file('cli'), 'prompt', '--help'], {
      encoding: 'utf8',
    });
    expect(help.status).toBe(0);
    for (const text of [
      'anthropic-search-results',
      'openai-json-schema',
      'cohere-documents',
      'Examples:',
      'cairn audit',
    ])
      expect(help.stdout).toContain(text);
  });
});
