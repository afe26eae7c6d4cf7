import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveEmbedder } from '../../src/embed/resolve-embedder.js';
import { createTransformersEmbedder } from '../../src/embed/transformers-embedder.js';
import { CairnError } from '../../src/errors.js';

// No model can be downloaded here and no npm package ships one, so the path
// that loads a model and embeds is not run by any test: these check the
// errors that come before it.
const installed = (() => {
  try {
    createRequire(import.meta.url).resolve('@huggingface/transformers');
    return true;
  } catch {
    return false;
  }
})();

async function failure(promise: Promise<unknown>): Promise<CairnError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CairnError) return error;
    throw error;
  }
  throw new Error('expected a CairnError');
}

describe('the transformers.js embedder, before any model runs', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cairn-transformers-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a missing model folder with embedder_unavailable naming it', async () => {
    const folder = join(dir, 'no-such-model');
    const error = await failure(resolveEmbedder(`transformers:${folder}`));
    expect(error.code).toBe('embedder_unavailable');
    expect(error.message).toContain(`${folder} does not exist`);
  });

  it('refuses a folder without config.json, and a file, as not a model', async () => {
    const empty = join(dir, 'empty');
    await mkdir(empty);
    const error = await failure(createTransformersEmbedder({ folder: empty }));
    expect(error.code).toBe('embedder_unavailable');
    expect(error.message).toContain('holds no config.json');
    const file = join(dir, 'file.txt');
    await writeFile(file, 'x');
    expect((await failure(createTransformersEmbedder({ folder: file }))).code).toBe(
      'embedder_unavailable',
    );
  });

  it.skipIf(installed)(
    'says the optional package is missing when a model folder is given without it',
    async () => {
      const model = join(dir, 'model');
      await mkdir(model);
      await writeFile(join(model, 'config.json'), '{"model_type":"bert"}');
      const error = await failure(resolveEmbedder(`transformers:${model}`));
      expect(error.code).toBe('embedder_unavailable');
      expect(error.message).toContain('npm install @huggingface/transformers');
      expect(error.details.package).toBe('@huggingface/transformers');
    },
  );
  if (installed) {
    console.log(
      'skipped the missing-package test: @huggingface/transformers is installed on this machine',
    );
  }
});
