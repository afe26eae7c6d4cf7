import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isCairnError } from '../../src/errors.js';
import {
  createCrossEncoderReranker,
  type TransformersModule,
} from '../../src/search/cross-encoder-reranker.js';

/**
 * A stand-in for transformers.js (no model weights can be had here): the
 * same API the reranker calls (`AutoTokenizer`, `AutoModelForSequenceClassification`,
 * `env`), its "model" scoring each (query, passage) pair by the query words
 * the passage holds, as a one-label logit tensor. It records how it was
 * loaded, and refuses a model it "has not downloaded" when files are local only.
 */
function standInTransformers(cached: Set<string>) {
  const loads: { model: string; options: object; env: Record<string, unknown> }[] = [];
  const module: TransformersModule = {
    env: {},
    AutoTokenizer: {
      async from_pretrained(model, options = {}) {
        if ((options as { local_files_only?: boolean }).local_files_only && !cached.has(model))
          throw new Error(`Could not locate file: "${model}/tokenizer.json"`);
        loads.push({ model, options, env: { ...module.env } });
        return (texts: string[], o: object) => ({
          texts,
          pairs: (o as { text_pair: string[] }).text_pair,
        });
      },
    },
    AutoModelForSequenceClassification: {
      async from_pretrained() {
        return async (inputs: unknown) => {
          const { texts, pairs } = inputs as { texts: string[]; pairs: string[] };
          const data = pairs.map((passage, i) => {
            const words = texts[i]!.toLowerCase().split(/\s+/);
            return words.filter((w) => passage.toLowerCase().includes(w)).length;
          });
          return { logits: { dims: [pairs.length, 1], data: Float32Array.from(data) } };
        };
      },
    },
  };
  return { module, loads };
}

describe('the cross-encoder reranker, over a stand-in transformers.js module', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cairn-cross-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('scores each (query, passage) pair with the model and names the model and its config hash', async () => {
    const cache = join(dir, 'models');
    mkdirSync(join(cache, 'Xenova', 'ms-marco-MiniLM-L-6-v2'), { recursive: true });
    writeFileSync(
      join(cache, 'Xenova', 'ms-marco-MiniLM-L-6-v2', 'config.json'),
      '{"num_labels":1}',
    );
    const { module, loads } = standInTransformers(new Set());
    const reranker = await createCrossEncoderReranker({
      model: 'Xenova/ms-marco-MiniLM-L-6-v2',
      env: { CAIRN_MODELS: cache },
      load: async () => module,
    });
    expect(reranker.id).toMatch(/^cross-encoder:Xenova\/ms-marco-MiniLM-L-6-v2@[0-9a-f]{8}$/);
    const scores = await reranker.rerank('borrow checker', [
      'nothing here',
      'the borrow checker rejects it',
      'a borrow',
    ]);
    expect(scores).toEqual([0, 2, 1]);
    // a hub id downloads into CAIRN_MODELS, once
    expect(loads[0]).toMatchObject({
      options: {},
      env: { allowRemoteModels: true, cacheDir: cache },
    });
  });

  test('offline (HF_HUB_OFFLINE=1) reads the cache only, and a missing model names the folder to fill', async () => {
    const cache = join(dir, 'empty-cache');
    const { module } = standInTransformers(new Set());
    try {
      await createCrossEncoderReranker({
        model: 'Xenova/ms-marco-MiniLM-L-6-v2',
        env: { CAIRN_MODELS: cache, HF_HUB_OFFLINE: '1' },
        load: async () => module,
      });
      expect.unreachable();
    } catch (error) {
      expect(isCairnError(error, 'reranker_unavailable')).toBe(true);
      expect((error as Error).message).toContain(join(cache, 'Xenova/ms-marco-MiniLM-L-6-v2'));
      expect(module.env.allowRemoteModels).toBe(false);
    }
  });

  test('a local folder is loaded from disk only; a missing package is reranker_unavailable naming it', async () => {
    const folder = join(dir, 'my-cross-encoder');
    mkdirSync(folder);
    writeFileSync(join(folder, 'config.json'), '{}');
    const { module, loads } = standInTransformers(new Set(['my-cross-encoder']));
    const reranker = await createCrossEncoderReranker({
      model: folder,
      env: {},
      load: async () => module,
    });
    expect(reranker.id).toMatch(/^cross-encoder:my-cross-encoder@[0-9a-f]{8}$/);
    expect(loads[0]).toMatchObject({
      options: { local_files_only: true },
      env: { allowRemoteModels: false, localModelPath: `${dir}/` },
    });
    await expect(
      createCrossEncoderReranker({
        model: folder,
        env: {},
        load: async () => {
          throw new Error("Cannot find package '@huggingface/transformers'");
        },
      }),
    ).rejects.toSatisfy(
      (e) =>
        isCairnError(e, 'reranker_unavailable') && (e as Error).message.includes('npm install'),
    );
  });
});
