import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, resolve, sep } from 'node:path';
import { CairnError } from '../errors.js';
import { embedInBatches } from './embed-in-batches.js';
import type { Embedder } from './types.js';

/** The optional peer dependency; a variable, so that nothing resolves it before it is asked for. */
const PACKAGE = '@huggingface/transformers';

export interface TransformersEmbedderOptions {
  /**
   * A model folder on this machine in transformers.js layout (`config.json`,
   * `tokenizer.json`, `onnx/model.onnx`): nothing is fetched from a hub.
   */
  folder: string;
  /** How token vectors become one (default `mean`). */
  pooling?: 'mean' | 'cls';
  /** L2-normalise each vector (default true). */
  normalize?: boolean;
  /** Texts per model call (default 32). */
  batch_size?: number;
}

interface Tensor {
  dims: number[];
  data: ArrayLike<number>;
}

type Extractor = (
  texts: string[],
  options: { pooling: string; normalize: boolean },
) => Promise<Tensor>;

/**
 * An embedder over a local feature-extraction model run by transformers.js
 * (`@huggingface/transformers`, an optional peer dependency: install it
 * beside cairn to use this), with remote loading off. The id names the
 * folder, a hash of its `config.json`, the dimensions and the pooling.
 * A missing folder, a folder that is not a model, or a missing package is
 * `embedder_unavailable` saying which.
 */
export async function createTransformersEmbedder(
  options: TransformersEmbedderOptions,
): Promise<Embedder> {
  const folder = resolve(options.folder);
  const pooling = options.pooling ?? 'mean';
  const normalize = options.normalize ?? true;
  const config = await readModelConfig(folder);
  let library: {
    env: Record<string, unknown>;
    pipeline: (task: string, model: string, options: object) => Promise<Extractor>;
  };
  try {
    library = await import(PACKAGE);
  } catch (error) {
    throw new CairnError(
      'embedder_unavailable',
      `The transformers embedder needs the optional package ${PACKAGE}, which is not installed: npm install ${PACKAGE}`,
      { cause: error, details: { package: PACKAGE } },
    );
  }
  library.env.allowRemoteModels = false;
  library.env.allowLocalModels = true;
  library.env.localModelPath = `${dirname(folder)}${sep}`;
  let extractor: Extractor;
  try {
    extractor = await library.pipeline('feature-extraction', basename(folder), {
      local_files_only: true,
    });
  } catch (error) {
    throw new CairnError(
      'embedder_unavailable',
      `transformers.js could not load the model in ${folder}: ${(error as Error).message}`,
      { cause: error, details: { folder } },
    );
  }
  const run = async (texts: readonly string[]): Promise<Float32Array[]> => {
    const tensor = await extractor([...texts], { pooling, normalize });
    const [count, width] = tensor.dims;
    if (tensor.dims.length !== 2 || count !== texts.length || width === undefined) {
      throw new CairnError(
        'embedder_bad_response',
        `The model in ${folder} gave a tensor of shape [${tensor.dims.join(', ')}] for ${texts.length} texts`,
        { details: { folder } },
      );
    }
    return Array.from({ length: count }, (_, i) =>
      Float32Array.from(Array.prototype.slice.call(tensor.data, i * width, (i + 1) * width)),
    );
  };
  const dimensions = (await run(['dimensions probe']))[0]!.length;
  const configHash = createHash('sha256').update(config).digest('hex').slice(0, 8);
  return {
    id: `transformers:${basename(folder)}@${configHash}:${dimensions}:${pooling}${normalize ? ':l2' : ''}`,
    dimensions,
    embed: (texts, call = {}) =>
      embedInBatches(texts, {
        batch_size: options.batch_size ?? 32,
        // one model in this process: batches run one at a time
        concurrency: 1,
        run,
        ...(call.signal === undefined ? {} : { signal: call.signal }),
      }),
  };
}

/** The folder's `config.json`, checked before the package is loaded, so the error names the folder. */
async function readModelConfig(folder: string): Promise<Buffer> {
  const info = await stat(folder).catch(() => null);
  if (info === null || !info.isDirectory()) {
    throw new CairnError('embedder_unavailable', `The model folder ${folder} does not exist`, {
      details: { folder },
    });
  }
  try {
    return await readFile(resolve(folder, 'config.json'));
  } catch (error) {
    throw new CairnError(
      'embedder_unavailable',
      `${folder} holds no config.json: a transformers.js model folder has config.json, tokenizer.json and onnx/model.onnx`,
      { cause: error, details: { folder } },
    );
  }
}
