import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { corpusPath } from '../corpora.js';
import { type Bundle, bundleEntries } from '../store/support/bundle-entries.js';
import { runCli } from '../store/support/run-cli.js';

let bundle: Bundle;
let dir: string;

beforeAll(async () => {
  bundle = await bundleEntries({
    cli: 'test/store/support/cli-entry.ts',
    'ingest-worker': 'src/ingest/ingest-worker.ts',
  });
  dir = mkdtempSync(join(tmpdir(), 'cairn-stats-'));
  mkdirSync(join(dir, 'book'));
  for (const name of ['ch04-01-what-is-ownership.md', 'ch06-00-enums.md'])
    copyFileSync(corpusPath('rustbook', name), join(dir, 'book', name));
});

afterAll(() => {
  bundle?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const cairn = (...args: string[]) => runCli(bundle.file('cli'), dir, args);

describe('cairn stats names the current index manifest', () => {
  test('after the chunks change, the manifest an earlier search recorded is stale and the new one current', () => {
    expect(cairn('ingest', 'book/ch04-01-what-is-ownership.md', '--workers', '0').code).toBe(0);
    const first = JSON.parse(cairn('search', 'ownership', '--json', '--no-trace').stdout);
    expect(cairn('ingest', 'book/ch06-00-enums.md', '--workers', '0').code).toBe(0);
    const second = JSON.parse(cairn('search', 'enum', '--json', '--no-trace').stdout);
    const before = first.hits[0].index_hash;
    const after = second.hits[0].index_hash;
    expect(before).not.toBe(after);

    const stats = JSON.parse(cairn('stats', '--json').stdout);
    const current = Object.fromEntries(
      stats.index_manifests.map((m: { index_hash: string; current: boolean }) => [
        m.index_hash,
        m.current,
      ]),
    );
    expect(current).toEqual({ [before]: false, [after]: true });
    const text = cairn('stats').stdout;
    expect(text).toMatch(new RegExp(`current +${after}`));
    expect(text).toMatch(new RegExp(`stale +${before}`));
  });
});
