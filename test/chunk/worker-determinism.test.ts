import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { beforeAll, describe, expect, it } from 'vitest';
import { createChunkerRegistry } from '../../src/chunk/chunker-registry.js';

/**
 * Chunking must not depend on the thread or the module instance: workers
 * that build their own registries from the compiled modules give the same
 * ids and the same chunks as this process, run at the same time.
 */

const ROOT = resolve(import.meta.dirname, '../..');
// inside node_modules so that the compiled modules resolve the project's dependencies
const OUT = join(ROOT, 'node_modules/.cache/cairn-chunk-workers');
const TEXT = `1. Scope\n\n${'Each value in Rust has an owner. 😀 naïve e\u0301 '.repeat(300)}\n\n2. Rules\n\n${'There can only be one owner at a time.\n'.repeat(200)}`;
const NAMES = ['char', 'token-like', 'token', 'sentence', 'structure'];

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.registry).then(({ createChunkerRegistry }) => {
  const registry = createChunkerRegistry();
  const result = workerData.names.map((name) => {
    const chunker = registry.get(name);
    return { id: chunker.chunker_id, chunks: chunker.chunk(workerData.text) };
  });
  parentPort.postMessage(JSON.stringify(result));
});
`;

function runWorker(registry: string): Promise<string> {
  return new Promise((done, fail) => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { registry, names: NAMES, text: TEXT },
    });
    worker.once('message', (message: string) => {
      done(message);
      void worker.terminate();
    });
    worker.once('error', fail);
  });
}

describe('determinism across worker threads', () => {
  let registryUrl = '';

  beforeAll(() => {
    mkdirSync(OUT, { recursive: true });
    const config = join(OUT, 'tsconfig.json');
    writeFileSync(
      config,
      JSON.stringify({
        extends: join(ROOT, 'tsconfig.json'),
        compilerOptions: {
          rootDir: join(ROOT, 'src'),
          outDir: OUT,
          declaration: false,
          sourceMap: false,
        },
        include: [join(ROOT, 'src/chunk/chunker-registry.ts')],
      }),
    );
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    try {
      execFileSync(process.execPath, [tsc, '-p', config], { stdio: 'pipe' });
    } catch {
      // type errors elsewhere in the tree still emit: the file check below decides
    }
    const compiled = join(OUT, 'chunk/chunker-registry.js');
    expect(existsSync(compiled)).toBe(true);
    registryUrl = pathToFileURL(compiled).href;
  }, 120_000);

  it('gives the same ids and chunks in two concurrent workers and in this thread', async () => {
    const registry = createChunkerRegistry();
    const here = JSON.stringify(
      NAMES.map((name) => {
        const chunker = registry.get(name);
        return { id: chunker.chunker_id, chunks: chunker.chunk(TEXT) };
      }),
    );
    const [first, second] = await Promise.all([runWorker(registryUrl), runWorker(registryUrl)]);
    expect(first).toBe(here);
    expect(second).toBe(here);
    expect(JSON.parse(here)[4].chunks.length).toBeGreaterThan(2);
  });
});
