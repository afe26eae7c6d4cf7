// cairn/corpus: the retrieval-corpus.v1 contract and its EAR profile.

export type { BuildEarCorpusOptions } from './build-ear-corpus.js';
export { buildEarCorpus } from './build-ear-corpus.js';
export type { RetrievalCorpusDocument, StoredCorpusDocument } from './corpus-contract.js';
export { CORPUS_SCHEMA_VERSION } from './corpus-contract.js';
export type {
  CorpusValidationOptions,
  CorpusValidationResult,
  CorpusValidator,
  UnreadableLine,
} from './create-corpus-validator.js';
export { createCorpusValidator } from './create-corpus-validator.js';
export type { EarCorpusExport, ExportEarCorpusOptions } from './export-ear-corpus.js';
export { exportEarCorpus } from './export-ear-corpus.js';
export type {
  ExportStoredEarCorpusOptions,
  StoredCorpusSource,
} from './export-stored-ear-corpus.js';
export { exportStoredEarCorpus } from './export-stored-ear-corpus.js';
export { formatCorpusJsonl, formatCorpusLine } from './format-corpus-line.js';
export type {
  EarIdRejection,
  NormalizedEarId,
  NormalizeEarIdResult,
} from './normalize-ear-id.js';
export { normalizeEarId } from './normalize-ear-id.js';
export type { SplitJsonlOptions } from './split-jsonl-lines.js';
export { validateCorpusFile } from './validate-corpus-file.js';
export type { ValidateCorpusOptions } from './validate-corpus-stream.js';
export { validateCorpusStream, validateCorpusText } from './validate-corpus-stream.js';
