import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type Bundle, bundleEntries } from '../store/support/bundle-entries.js';
import { runCli } from '../store/support/run-cli.js';

export interface CliSandbox {
  /** The temporary folder the CLI runs in (set once `beforeAll` has run). */
  readonly dir: string;
  /** `cairn <args>` in a child process, in `dir`. */
  cairn(args: string[], env?: Record<string, string>): ReturnType<typeof runCli>;
  /** The same, with the child's peak RSS in MB (VmHWM; the entry must be `max-rss-cli-entry.ts`). */
  cairnPeak(
    args: string[],
    env?: Record<string, string>,
  ): ReturnType<typeof runCli> & { peak_mb: number };
}

/**
 * The real CLI bundled with its worker, and a temporary folder `setup` fills,
 * for one test file's child-process runs; both removed after the file.
 */
export function useCliSandbox(
  prefix: string,
  options: { entry?: string; setup?: (dir: string) => void } = {},
): CliSandbox {
  let bundle: Bundle | undefined;
  let dir = '';
  beforeAll(async () => {
    bundle = await bundleEntries({
      cli: options.entry ?? 'test/store/support/cli-entry.ts',
      'ingest-worker': 'src/ingest/ingest-worker.ts',
    });
    dir = mkdtempSync(join(tmpdir(), prefix));
    options.setup?.(dir);
  });
  afterAll(() => {
    bundle?.dispose();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const cairn = (args: string[], env: Record<string, string> = {}) =>
    runCli(bundle!.file('cli'), dir, args, env);
  return {
    get dir() {
      return dir;
    },
    cairn,
    cairnPeak(args, env = {}) {
      const rssFile = join(dir, `rss-${Math.random().toString(36).slice(2)}`);
      const run = cairn(args, { ...env, CAIRN_TEST_RSS_FILE: rssFile });
      return { ...run, peak_mb: Number(readFileSync(rssFile, 'utf8')) / 1024 };
    },
  };
}
