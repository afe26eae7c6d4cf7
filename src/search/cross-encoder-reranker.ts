import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { CairnError } from '../errors.js';
import type { PassageReranker } from './passage-reranker.js';

/** The optional peer dependency; a variable, so that nothing resolves it before it is asked for. */
const PACKAGE = '@huggingface/transformers';

interface Tensor {
  dims: number[];
  data: ArrayLike<number>;
}

/** What the reranker uses of transformers.js (`@huggingface/transformers`). */
export interface TransformersModule {
  env: Record<string, unknown>;
  AutoTokenizer: { from_pretrained(model: string, options?: object): Promise<Tokenizer> };
  AutoModelForSequenceClassification: {
    from_pretrained(model: string, options?: object): Promise<Classifier>;
  };
}
type Tokenizer = (texts: string[], options: object) => unknown;
type Classifier = (inputs: unknown) => Promise<{ logits: Tensor }>;

export interface CrossEncoderOptions {
  /** A hub id (`Xenova/ms-marco-MiniLM-L-6-v2`) or a model folder on this machine. */
  model: string;
  /** Where hub models are kept (default `CAIRN_MODELS`, else `~/.cache/cairn/models`). */
  cache_dir?: string;
  /** Never reach the hub (default: `HF_HUB_OFFLINE=1`). */
  offline?: boolean;
  env?: NodeJS.ProcessEnv;
  /** Loads transformers.js (default: the installed package); tests hand in a stand-in. */
  load?: () => Promise<TransformersModule>;
}

/**
 * A cross-encoder reranker run by transformers.js: each (query, passage)
 * pair through a sequence-classification model (an MS MARCO cross-encoder
 * such as `Xenova/ms-marco-MiniLM-L-6-v2`), the score its relevance logit.
 * A folder is loaded from disk only; a hub id is downloaded once into the
 * cache folder, or with `offline` read from it alone. The id names the
 * model and a hash of its `config.json`. A missing package, folder or
 * cached model is `reranker_unavailable`, naming what to install or fill.
 */
export async function createCrossEncoderReranker(
  options: CrossEncoderOptions,
): Promise<PassageReranker> {
  const env = options.env ?? process.env;
  const offline = options.offline ?? env.HF_HUB_OFFLINE === '1';
  const cacheDir =
    options.cache_dir ?? env.CAIRN_MODELS ?? join(homedir(), '.cache', 'cairn', 'models');
  let library: TransformersModule;
  try {
    library = options.load === undefined ? await import(PACKAGE) : await options.load();
  } catch (error) {
    throw new CairnError(
      'reranker_unavailable',
      `The cross-encoder reranker needs the optional package ${PACKAGE}, which is not installed: npm install ${PACKAGE}`,
      { cause: error, details: { package: PACKAGE } },
    );
  }
  const folder = resolve(options.model);
  const local = (await stat(folder).catch(() => null))?.isDirectory() === true;
  const name = local ? basename(folder) : options.model;
  if (local) {
    library.env.allowRemoteModels = false;
    library.env.allowLocalModels = true;
    library.env.localModelPath = `${dirname(folder)}${sep}`;
  } else {
    library.env.allowRemoteModels = !offline;
    library.env.allowLocalModels = false;
    library.env.cacheDir = cacheDir;
  }
  const loadOptions = local || offline ? { local_files_only: true } : {};
  let tokenizer: Tokenizer;
  let model: Classifier;
  try {
    tokenizer = await library.AutoTokenizer.from_pretrained(name, loadOptions);
    model = await library.AutoModelForSequenceClassification.from_pretrained(name, loadOptions);
  } catch (error) {
    const where = local
      ? `the folder ${folder}`
      : offline
        ? `the cache folder ${join(cacheDir, name)} (offline: fill it by hand with config.json, tokenizer.json and onnx/model.onnx, or run once without --offline)`
        : `the hub or the cache folder ${join(cacheDir, name)}`;
    throw new CairnError(
      'reranker_unavailable',
      `transformers.js could not load the cross-encoder ${options.model} from ${where}: ${(error as Error).message}`,
      {
        cause: error,
        details: { model: options.model, folder: local ? folder : join(cacheDir, name) },
      },
    );
  }
  const config = await readFile(join(local ? folder : join(cacheDir, name), 'config.json')).catch(
    () => null,
  );
  const hash =
    config === null ? 'nohash' : createHash('sha256').update(config).digest('hex').slice(0, 8);
  return {
    id: `cross-encoder:${name}@${hash}`,
    async rerank(query, passages) {
      if (passages.length === 0) return [];
      const inputs = tokenizer(
        passages.map(() => query),
        { text_pair: [...passages], padding: true, truncation: true },
      );
      const { logits } = await model(inputs);
      const [count, labels] = logits.dims;
      if (
        logits.dims.length !== 2 ||
        count !== passages.length ||
        labels === undefined ||
        labels < 1
      )
        throw new CairnError(
          'reranker_bad_response',
          `The cross-encoder ${name} gave logits of shape [${logits.dims.join(', ')}] for ${passages.length} pairs`,
        );
      // one label: its logit; several: the last (the "relevant" class of a two-way classifier)
      return Array.from({ length: count }, (_, i) => Number(logits.data[i * labels + labels - 1]));
    },
  };
}
