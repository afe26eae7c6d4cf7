import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { openStore } from '../../src/store/open-store.js';
import { type Bundle, bundleEntries } from '../store/support/bundle-entries.js';

/**
 * The adapter snippets of docs/adapters.md, each run as it stands in a node
 * process from the project folder, against a store that holds what an
 * ingest from the project folder stores for the chapters they name. Only
 * the package's own entries (package.json "exports") are mapped to the
 * sources (`cairn/langchain` -> src/adapters/langchain/index.ts), so the
 * run needs no build.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const CHAPTERS = [
  '../shared/corpora/rustbook/ch04-01-what-is-ownership.md',
  '../shared/corpora/rustbook/ch04-02-references-and-borrowing.md',
];
const PACKAGE_PATHS: Record<string, string> = Object.fromEntries(
  Object.entries(
    JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).exports as Record<
      string,
      { import: string }
    >,
  ).map(([subpath, target]) => [
    `cairn${subpath.slice(1)}`,
    target.import.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts'),
  ]),
);

function adapterSnippets(): string[] {
  const page = readFileSync(join(ROOT, 'docs', 'adapters.md'), 'utf8');
  return [...page.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

let dir: string;
let db: string;
let bundle: Bundle;
const snippets = adapterSnippets();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cairn-readme-snippets-'));
  db = join(dir, 'cairn.db');
  const store = await openStore({ db });
  try {
    expect((await ingestSources(store, CHAPTERS, { workers: 0, cwd: ROOT })).failed).toBe(0);
  } finally {
    await store.close();
  }
  const sources = join(ROOT, 'test', '.tmp', `readme-snippets-${process.pid}`);
  mkdirSync(sources, { recursive: true });
  const entries: Record<string, string> = {};
  snippets.forEach((code, i) => {
    const mapped = code.replace(/from '(cairn(?:\/\w+)?)'/g, (whole, name: string) =>
      PACKAGE_PATHS[name] === undefined ? whole : `from '${join(ROOT, PACKAGE_PATHS[name]!)}'`,
    );
    const file = join(sources, `snippet-${i}.ts`);
    writeFileSync(file, mapped);
    entries[`snippet-${i}`] = file;
  });
  bundle = await bundleEntries(entries);
  rmSync(sources, { recursive: true, force: true });
});

afterAll(() => {
  bundle?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the adapter snippets of docs/adapters.md run as written', () => {
  test('there are the LangChain and the LlamaIndex snippets, and they use only the package names', () => {
    expect(snippets).toHaveLength(2);
    expect(snippets[0]).toContain("from 'cairn/langchain'");
    expect(snippets[1]).toContain("from 'cairn/llamaindex'");
  });

  test.each([0, 1])('snippet %i exits 0 and every projection is ok', (i) => {
    const run = spawnSync(process.execPath, [bundle.file(`snippet-${i}`)], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, CAIRN_DB: db },
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const [count, ok, last] = run.stdout.trim().split(' ');
    expect(Number(count)).toBeGreaterThan(0);
    expect(ok).toBe('true');
    expect(last === 'true' || Number(last) > 0).toBe(true);
  });
});
