import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { CairnError } from '../errors.js';
import { embedInBatches } from './embed-in-batches.js';
import { KNOWN_TRANSFORMERS_MODELS } from './known-transformers-models.js';
import type { Embedder } from './types.js';

/** The optional peer dependency; a variable, so that nothing resolves it before it is asked for. */
const PACKAGE = '@huggingface/transformers';

export interface TransformersEmbedderOptions {
  /**
   * A model folder on this machine in transformers.js layout (`config.json`,
   * `tokenizer.json`, `onnx/model.onnx`), or a hub id (`Xenova/bge-small-en-v1.5`)
   * downloaded once into `cache_dir`.
   */
  folder: string;
  /** How token vectors become one (default: the known model's, else `mean`). */
  pooling?: 'mean' | 'cls';
  /** L2-normalise each vector (default true). */
  normalize?: boolean;
  /** Put before each query / passage (default: the known model's, else none). */
  query_prefix?: string;
  passage_prefix?: string;
  /** Texts per model call (default 32). */
  batch_size?: number;
  /** A hub model's revision (default `main`); part of the embedder's id. */
  revision?: string;
  /** Where hub models are kept (default `CAIRN_MODELS`, else `~/.cache/cairn/models`). */
  cache_dir?: string;
  /** Never reach the hub, read the cache only (default: `HF_HUB_OFFLINE=1`). */
  offline?: boolean;
  env?: NodeJS.ProcessEnv;
  /** Loads transformers.js (default: the installed package); tests hand in a stand-in. */
  load?: () => Promise<TransformersLibrary>;
}

/** What the embedder uses of transformers.js (`@huggingface/transformers`). */
export interface TransformersLibrary {
  env: Record<string, unknown>;
  pipeline: (
    task: string,
    model: string,
    options: object,
  ) => Promise<
    (
      texts: string[],
      options: { pooling: string; normalize: boolean },
    ) => Promise<{ dims: number[]; data: ArrayLike<number> }>
  >;
}

type Extractor = Awaited<ReturnType<TransformersLibrary['pipeline']>>;

/** A hub id: `owner/name`, no path of this machine. */
const HUB_ID = /^[A-Za-z0-9][\w.-]*\/[\w.-]+$/;

/**
 * An embedder over a feature-extraction model run by transformers.js
 * (`@huggingface/transformers`, an optional peer dependency: install it
 * beside cairn to use this). A folder is read from disk only; a hub id is
 * downloaded once into the cache folder and read from it after, never
 * fetched with `offline` (or `HF_HUB_OFFLINE=1`). A known model
 * (`KNOWN_TRANSFORMERS_MODELS`) brings its pooling, normalization, query
 * and passage prefixes and dimensions (no probe run); others take options.
 * The id names the model, its revision (hub), a hash of its `config.json`,
 * the dimensions and the pooling. A missing folder, a folder that is not a
 * model, a model missing from the cache offline, or a missing package is
 * `embedder_unavailable` saying which, and which folder to fill by hand.
 */
export async function createTransformersEmbedder(
  options: TransformersEmbedderOptions,
): Promise<Embedder> {
  const env = options.env ?? process.env;
  const folder = resolve(options.folder);
  const isFolder = (await stat(folder).catch(() => null)) !== null;
  const hub = !isFolder && HUB_ID.test(options.folder) ? options.folder : null;
  const known = hub === null ? undefined : KNOWN_TRANSFORMERS_MODELS[hub];
  const pooling = options.pooling ?? known?.pooling ?? 'mean';
  const normalize = options.normalize ?? known?.normalize ?? true;
  const prefixes = {
    query: options.query_prefix ?? known?.query_prefix ?? '',
    passage: options.passage_prefix ?? known?.passage_prefix ?? '',
  };
  const offline = options.offline ?? env.HF_HUB_OFFLINE === '1';
  const cacheDir =
    options.cache_dir ?? env.CAIRN_MODELS ?? join(homedir(), '.cache', 'cairn', 'models');
  const revision = options.revision ?? 'main';
  const config = hub === null ? await readModelConfig(folder) : null;
  let library: TransformersLibrary;
  try {
    library = options.load === undefined ? await import(PACKAGE) : await options.load();
  } catch (error) {
    throw new CairnError(
      'embedder_unavailable',
      `The transformers embedder needs the optional package ${PACKAGE}, which is not installed: npm install ${PACKAGE}`,
      { cause: error, details: { package: PACKAGE } },
    );
  }
  let extractor: Extractor;
  if (hub === null) {
    library.env.allowRemoteModels = false;
    library.env.allowLocalModels = true;
    library.env.localModelPath = `${dirname(folder)}${sep}`;
  } else {
    library.env.allowRemoteModels = !offline;
    library.env.allowLocalModels = false;
    library.env.cacheDir = cacheDir;
  }
  try {
    extractor =
      hub === null
        ? await library.pipeline('feature-extraction', basename(folder), { local_files_only: true })
        : await library.pipeline('feature-extraction', hub, {
            revision,
            ...(offline ? { local_files_only: true } : {}),
          });
  } catch (error) {
    const where =
      hub === null
        ? `the folder ${folder}`
        : offline
          ? `the cache folder ${join(cacheDir, hub)} (offline: fill it by hand with config.json, tokenizer.json and onnx/model.onnx, or run once online)`
          : `the hub, nor from the cache folder ${join(cacheDir, hub)} (on a machine that cannot reach the hub, fill that folder by hand with config.json, tokenizer.json and onnx/model.onnx)`;
    throw new CairnError(
      'embedder_unavailable',
      `transformers.js could not load the model ${options.folder} from ${where}: ${(error as Error).message}`,
      { cause: error, details: { folder: hub === null ? folder : join(cacheDir, hub) } },
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
  // a known model's dimensions spare a run
  const dimensions = known?.dimensions ?? (await run(['dimensions probe']))[0]!.length;
  const configBytes =
    config ?? (await readFile(join(cacheDir, hub!, 'config.json')).catch(() => null));
  const configHash =
    configBytes === null
      ? 'noconfig'
      : createHash('sha256').update(configBytes).digest('hex').slice(0, 8);
  const name =
    hub === null ? `${basename(folder)}@${configHash}` : `${hub}@${revision}-${configHash}`;
  const prefixed = prefixes.query === '' && prefixes.passage === '' ? '' : ':prefixed';
  return {
    id: `transformers:${name}:${dimensions}:${pooling}${normalize ? ':l2' : ''}${prefixed}`,
    dimensions,
    embed: (texts, call = {}) => {
      const prefix = call.role === 'query' ? prefixes.query : prefixes.passage;
      return embedInBatches(prefix === '' ? texts : texts.map((t) => `${prefix}${t}`), {
        batch_size: options.batch_size ?? 32,
        // one model in this process: batches run one at a time
        concurrency: 1,
        run,
        ...(call.signal === undefined ? {} : { signal: call.signal }),
      });
    },
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
