import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createTransformersEmbedder,
  type TransformersLibrary,
} from '../../src/embed/transformers-embedder.js';
import { isCairnError } from '../../src/errors.js';

/**
 * A stand-in for transformers.js (no model weights can be had here) with its
 * `pipeline` and `env` API: "downloading" writes the model's config.json
 * into `env.cacheDir/<id>/`, which a local-files-only load then needs. Its
 * extractor records the texts it is given and answers `width`-long vectors.
 */
function standIn(width: number) {
  const texts: string[][] = [];
  const loads: { model: string; options: Record<string, unknown> }[] = [];
  const library: TransformersLibrary = {
    env: {},
    async pipeline(_task, model, options) {
      loads.push({ model, options: options as Record<string, unknown> });
      const dir = join(String(library.env.cacheDir), model);
      if (
        (options as { local_files_only?: boolean }).local_files_only ||
        !library.env.allowRemoteModels
      ) {
        if (!existsSync(join(dir, 'config.json')))
          throw new Error(`Could not locate file: "${model}/config.json"`);
      } else {
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, 'config.json'), `{"_name_or_path":"${model}"}`);
      }
      return async (batch: string[]) => {
        texts.push(batch);
        return {
          dims: [batch.length, width],
          data: new Float32Array(batch.length * width).fill(0.5),
        };
      };
    },
  };
  return { library, texts, loads };
}

describe('transformers: models by hub id, over a stand-in transformers.js module', () => {
  let cache: string;
  beforeAll(() => {
    cache = mkdtempSync(join(tmpdir(), 'cairn-models-'));
  });
  afterAll(() => rmSync(cache, { recursive: true, force: true }));

  test('offline before any download fails naming the cache folder to fill by hand', async () => {
    const { library, loads } = standIn(384);
    try {
      await createTransformersEmbedder({
        folder: 'Xenova/e5-small-v2',
        env: { CAIRN_MODELS: cache, HF_HUB_OFFLINE: '1' },
        load: async () => library,
      });
      expect.unreachable();
    } catch (error) {
      expect(isCairnError(error, 'embedder_unavailable')).toBe(true);
      expect((error as Error).message).toContain(
        `${join(cache, 'Xenova/e5-small-v2')} (offline: fill it by hand`,
      );
    }
    expect(library.env.allowRemoteModels).toBe(false);
    expect(loads[0]!.options).toMatchObject({ local_files_only: true, revision: 'main' });
  });

  test('a known model downloads once into CAIRN_MODELS, embeds with its prefixes, and needs no probe', async () => {
    const online = standIn(384);
    const embedder = await createTransformersEmbedder({
      folder: 'Xenova/e5-small-v2',
      env: { CAIRN_MODELS: cache },
      load: async () => online.library,
    });
    expect(online.library.env).toMatchObject({ allowRemoteModels: true, cacheDir: cache });
    expect(online.texts).toEqual([]);
    expect(embedder.dimensions).toBe(384);
    expect(embedder.id).toMatch(
      /^transformers:Xenova\/e5-small-v2@main-[0-9a-f]{8}:384:mean:l2:prefixed$/,
    );
    await embedder.embed(['a paragraph']);
    await embedder.embed(['a question'], { role: 'query' });
    expect(online.texts).toEqual([['passage: a paragraph'], ['query: a question']]);
    // then offline: read from the cache alone, the same model under the same id
    const offline = standIn(384);
    const again = await createTransformersEmbedder({
      folder: 'Xenova/e5-small-v2',
      env: { CAIRN_MODELS: cache },
      offline: true,
      load: async () => offline.library,
    });
    expect(again.id).toBe(embedder.id);
    expect(offline.loads[0]!.options).toMatchObject({ local_files_only: true });
  });

  test('an unknown model takes options and learns its dimensions from one run; the revision is in its id', async () => {
    const { library, texts } = standIn(12);
    const embedder = await createTransformersEmbedder({
      folder: 'someone/tiny-model',
      revision: 'v2',
      pooling: 'cls',
      query_prefix: 'q: ',
      env: { CAIRN_MODELS: cache },
      load: async () => library,
    });
    expect(texts).toEqual([['dimensions probe']]);
    expect(embedder.id).toMatch(
      /^transformers:someone\/tiny-model@v2-[0-9a-f]{8}:12:cls:l2:prefixed$/,
    );
    await embedder.embed(['x'], { role: 'query' });
    expect(texts.at(-1)).toEqual(['q: x']);
  });
});
