import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Bundle, bundleEntries } from '../store/support/bundle-entries.js';

/**
 * Every command the README shows, run as written and in its order from a
 * folder laid out as a fresh clone is (`../shared` beside it, `docs/` inside),
 * on the fresh default store: bash runs each line, with `npx cairn` the
 * bundled CLI and `npm ci` done already (`npm test` is this suite, not run
 * again). A command exits 0 unless its line ends `# exits <code>`; a command
 * whose block is followed by a `text` block prints that text; `cairn serve`
 * runs until it answers a search, then stops.
 */
const ROOT = resolve(import.meta.dirname, '../..');

interface Step {
  line: string;
  exit: number;
  transcript: string | null;
}

function readmeSteps(): Step[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({
    lang: m[1]!,
    body: m[2]!,
  }));
  const steps: Step[] = [];
  blocks.forEach((block, i) => {
    if (block.lang !== 'sh') return;
    const lines = block.body.split('\n').filter((l) => l.trim() !== '' && l.trim() !== 'npm test');
    const next = blocks[i + 1];
    for (const line of lines)
      steps.push({
        line,
        exit: Number(/# exits (\d+)/.exec(line)?.[1] ?? 0),
        transcript: lines.length === 1 && next?.lang === 'text' ? next.body : null,
      });
  });
  return steps;
}

const steps = readmeSteps();
let bundle: Bundle;
let top: string;
let clone: string;

beforeAll(async () => {
  bundle = await bundleEntries({
    cli: 'test/store/support/cli-entry.ts',
    'ingest-worker': 'src/ingest/ingest-worker.ts',
  });
  top = mkdtempSync(join(tmpdir(), 'cairn-readme-commands-'));
  clone = join(top, 'cairn');
  mkdirSync(clone);
  symlinkSync(resolve(ROOT, '../shared'), join(top, 'shared'));
  symlinkSync(join(ROOT, 'docs'), join(clone, 'docs'));
});

afterAll(() => {
  bundle?.dispose();
  if (top) rmSync(top, { recursive: true, force: true });
});

/** `npx cairn` and `npm ci` as a fresh clone has them after `npm ci`; nothing else from npm. */
const PRELUDE = `npx() { [ "$1" = cairn ] || exit 127; shift; node "$CAIRN_CLI" "$@"; }
npm() { [ "$1" = ci ] || exit 127; }
`;
const env = () => ({
  ...process.env,
  CAIRN_DB: '',
  CAIRN_TOKEN: '',
  CAIRN_CLI: bundle.file('cli'),
});

function serveUntilItAnswers(line: string): Promise<{ hits: number }> {
  // its own process group, so that stopping it stops the node under bash too
  const child = spawn('bash', ['-c', `${PRELUDE}${line}`], {
    cwd: clone,
    env: env(),
    detached: true,
  });
  return new Promise((done, fail) => {
    let out = '';
    const onData = async (data: Buffer) => {
      out += data;
      const address = /http:\/\/127\.0\.0\.1:\d+\//.exec(out)?.[0];
      if (!address) return;
      child.stdout.off('data', onData);
      child.stderr.off('data', onData);
      const answer = await fetch(`${address}api/search?q=ownership+rules&k=2`);
      const body = (await answer.json()) as { hits: unknown[] };
      child.removeAllListeners('close');
      child.on('close', () => done({ hits: body.hits.length }));
      process.kill(-child.pid!, 'SIGTERM');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', fail);
    child.on('close', (code) => fail(new Error(`serve exited ${code} before answering:\n${out}`)));
  });
}

describe('the README commands run as written on a fresh clone', () => {
  test('the README shows the start, the tour and the server', () => {
    const lines = steps.map((s) => s.line);
    expect(lines[0]).toMatch(/^npm ci && npx cairn ingest /);
    for (const command of ['ingest', 'search', 'prompt', 'audit', 'serve', 'mcp'])
      expect(lines.some((l) => l.startsWith(`npx cairn ${command} `))).toBe(true);
    expect(steps.some((s) => s.transcript !== null)).toBe(true);
  });

  test('each command, in order', async () => {
    for (const step of steps) {
      if (/^npx cairn serve\b/.test(step.line)) {
        const served = await serveUntilItAnswers(step.line);
        expect(served.hits, step.line).toBe(2);
        continue;
      }
      const run = spawnSync('bash', ['-c', `${PRELUDE}${step.line}`], {
        cwd: clone,
        encoding: 'utf8',
        env: env(),
      });
      expect({
        line: step.line,
        exit: run.status,
        stderr: run.status === step.exit ? '' : run.stderr,
      }).toEqual({
        line: step.line,
        exit: step.exit,
        stderr: '',
      });
      if (step.transcript !== null) expect(run.stdout).toBe(step.transcript);
    }
  });
});
