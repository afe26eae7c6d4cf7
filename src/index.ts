// The one public barrel: everything a library user imports comes from here,
// grouped by pipeline stage (biome keeps the statements in path order).

// chunk: chunkers, their ids and the registry (seed 002)
export type { CharChunkerConfig, CharChunkerSettings } from './chunk/char-chunker.js';
export { CHAR_DEFAULTS, CharChunker, createCharChunker } from './chunk/char-chunker.js';
export type { ChunkerIdParts } from './chunk/chunker-id.js';
export { formatChunkerId, parseChunkerId } from './chunk/chunker-id.js';
export type { ChunkerFactory, ChunkerRegistryOptions } from './chunk/chunker-registry.js';
export {
  ChunkerRegistry,
  createChunkerRegistry,
  defaultChunkerRegistry,
} from './chunk/chunker-registry.js';
export { isFurniture } from './chunk/furniture.js';
export type { FurnitureSetting } from './chunk/furniture-setting.js';
export { limitChunker } from './chunk/limit-chunker.js';
export { runChunker } from './chunk/run-chunker.js';
export type { SemanticChunkerConfig, SemanticChunkerSettings } from './chunk/semantic-chunker.js';
export {
  createSemanticChunker,
  SEMANTIC_DEFAULTS,
  SemanticChunker,
} from './chunk/semantic-chunker.js';
export type {
  SentenceChunkerConfig,
  SentenceChunkerSettings,
} from './chunk/sentence-chunker.js';
export { createSentenceChunker, SentenceChunker } from './chunk/sentence-chunker.js';
export type {
  StructureChunkerConfig,
  StructureChunkerSettings,
} from './chunk/structure-chunker.js';
export {
  createStructureChunker,
  STRUCTURE_DEFAULTS,
  StructureChunker,
} from './chunk/structure-chunker.js';
export type { TokenChunkerConfig, TokenChunkerSettings } from './chunk/token-chunker.js';
export { createTokenChunker, TOKEN_DEFAULTS, TokenChunker } from './chunk/token-chunker.js';
export type {
  TokenLikeChunkerConfig,
  TokenLikeChunkerSettings,
} from './chunk/token-like-chunker.js';
export {
  createTokenLikeChunker,
  TOKEN_LIKE_DEFAULTS,
  TokenLikeChunker,
} from './chunk/token-like-chunker.js';
export type { TokenizerSettings } from './chunk/tokenizers/resolve-token-counter.js';
export type {
  Chunk,
  Chunker,
  ChunkerConfig,
  ChunkingOptions,
  ChunkLimits,
  ChunkSplitReason,
  SentenceEmbedder,
} from './chunk/types.js';
// cite: the answer audit (any shape, cairn's own among them), citation payload validators and their store checks (seed 001)
export { auditAnswer } from './cite/audit/audit-answer.js';
export type {
  AuditCode,
  AuditedCitation,
  AuditOptions,
  AuditPassage,
  AuditQuote,
  AuditQuoteStatus,
  AuditReport,
  AuditStatus,
  AuditSummary,
} from './cite/audit/types.js';
export type {
  AnswerCitation,
  CitationOffsets,
  CitationPayload,
} from './cite/citation-contract.js';
export { ANSWER_CITATION_FIELDS, REQUIRED_CITATION_FIELDS } from './cite/citation-contract.js';
export type {
  CitationStatus,
  CitationStatusReason,
  IndexMismatchReason,
  StaleIndexWarning,
  StoreVerdict,
} from './cite/citation-status.js';
export type { CitationIssue, CiteIssue, CiteIssueCode } from './cite/cite-issue.js';
export type {
  AuditedClaim,
  ClaimCheck,
  ClaimReason,
  ClaimSummary,
  ClaimSupport,
} from './cite/claims/types.js';
export type { ParseAnswerJsonOptions, ParseAnswerJsonResult } from './cite/parse-answer-json.js';
export { parseAnswerJson } from './cite/parse-answer-json.js';
export type { ClosestPassage } from './cite/quote/closest-passage.js';
export type { QuoteMatch, QuoteMatchStatus, QuoteSpan } from './cite/quote/locate-quote.js';
export {
  locateQuote,
  MAX_ELISION_GAP,
  MIN_FRAGMENT_WORDS,
  MIN_QUOTE_WORDS,
} from './cite/quote/locate-quote.js';
export type { Normalization } from './cite/quote/normalize-for-match.js';
export type { ReadAnswerShapeOptions } from './cite/shapes/read-answer-shape.js';
export { readAnswerShape } from './cite/shapes/read-answer-shape.js';
export type {
  AnswerFormat,
  ReadAnswer,
  ReadCitation,
  ReaderProblem,
  ReaderProblemCode,
} from './cite/shapes/types.js';
export { ANSWER_FORMATS } from './cite/shapes/types.js';
export type {
  CitationLookupOptions,
  CitationValidationOptions,
  CitationValidationResult,
  CitationVerificationResult,
  VerifyCitationsOptions,
} from './cite/types.js';
export { validateCitations } from './cite/validate-citations.js';
export { verifyCitations } from './cite/verify-citations.js';
// corpus: the retrieval-corpus.v1 contract and its EAR profile (seed 003)
export type { BuildEarCorpusOptions } from './corpus/build-ear-corpus.js';
export { buildEarCorpus } from './corpus/build-ear-corpus.js';
export type { RetrievalCorpusDocument, StoredCorpusDocument } from './corpus/corpus-contract.js';
export { CORPUS_SCHEMA_VERSION } from './corpus/corpus-contract.js';
export type {
  CorpusValidationOptions,
  CorpusValidationResult,
  CorpusValidator,
  UnreadableLine,
} from './corpus/create-corpus-validator.js';
export { createCorpusValidator } from './corpus/create-corpus-validator.js';
export type { EarCorpusExport, ExportEarCorpusOptions } from './corpus/export-ear-corpus.js';
export { exportEarCorpus } from './corpus/export-ear-corpus.js';
export type {
  ExportStoredEarCorpusOptions,
  StoredCorpusSource,
} from './corpus/export-stored-ear-corpus.js';
export { exportStoredEarCorpus } from './corpus/export-stored-ear-corpus.js';
export { formatCorpusJsonl, formatCorpusLine } from './corpus/format-corpus-line.js';
export type {
  EarIdRejection,
  NormalizedEarId,
  NormalizeEarIdResult,
} from './corpus/normalize-ear-id.js';
export { normalizeEarId } from './corpus/normalize-ear-id.js';
export type { SplitJsonlOptions } from './corpus/split-jsonl-lines.js';
export { validateCorpusFile } from './corpus/validate-corpus-file.js';
export type { ValidateCorpusOptions } from './corpus/validate-corpus-stream.js';
export { validateCorpusStream, validateCorpusText } from './corpus/validate-corpus-stream.js';
// embed: embedders (OpenAI-compatible HTTP, the lexical hash embedder) and vectors beside the chunks
export type { CachedEmbedder, EmbedCacheCounts } from './embed/cached-embedder.js';
export { createCachedEmbedder } from './embed/cached-embedder.js';
export { cosine, deltaS } from './embed/cosine.js';
export type {
  EmbedChunkSetsOptions,
  EmbedProgress,
  EmbedReport,
} from './embed/embed-chunk-sets.js';
export { embedChunkSets } from './embed/embed-chunk-sets.js';
export type { EmbedContext } from './embed/embedded-text.js';
export { embeddedText } from './embed/embedded-text.js';
export type { HashEmbedderOptions } from './embed/hash-embedder.js';
export { createHashEmbedder } from './embed/hash-embedder.js';
export { KNOWN_EMBEDDING_DIMENSIONS } from './embed/known-embedding-models.js';
export type { TransformersModelCard } from './embed/known-transformers-models.js';
export { KNOWN_TRANSFORMERS_MODELS } from './embed/known-transformers-models.js';
export type { OpenAIEmbedderOptions } from './embed/openai-embedder.js';
export { createOpenAIEmbedder } from './embed/openai-embedder.js';
export type { ResolveEmbedderOptions } from './embed/resolve-embedder.js';
export { resolveEmbedder } from './embed/resolve-embedder.js';
export type {
  TransformersEmbedderOptions,
  TransformersLibrary,
} from './embed/transformers-embedder.js';
export { createTransformersEmbedder } from './embed/transformers-embedder.js';
export type { EmbedCallOptions, Embedder } from './embed/types.js';
// errors: CairnError and its stable codes
export type { CairnErrorDetails, ErrorCode } from './errors.js';
export { CairnError, ERROR_CODES, isCairnError } from './errors.js';
export type { RankingDifference } from './eval/compare-rankings.js';
// eval: retrieval quality on SQuAD, chunk ID stability over real edit histories
export type {
  QuestionOutcome,
  RetrievalMetrics,
  RetrievedSpan,
} from './eval/eval-metrics.js';
export { computeMetrics, firstHitRank } from './eval/eval-metrics.js';
export type { ReingestLoss, ReingestReport } from './eval/follow-reingest.js';
export { formatEvalTable } from './eval/format-eval-table.js';
export { formatGoldTable } from './eval/format-gold-table.js';
export { formatIdsEvalTable } from './eval/format-ids-eval-table.js';
export type { GoldCitationMatch } from './eval/gold-citation-match.js';
export { CITATION_MATCH_THRESHOLD, goldCitationMatch } from './eval/gold-citation-match.js';
export type { GoldSearchMode } from './eval/gold-search-mode.js';
export { GOLD_SEARCH_MODES } from './eval/gold-search-mode.js';
export type {
  GoldCitation,
  GoldDocRef,
  GoldDocs,
  GoldIssue,
  GoldIssueCode,
  GoldQuestion,
} from './eval/gold-set.js';
export { GOLD_ISSUE_CODES } from './eval/gold-set.js';
export type { IdPairMeasure, LostIdText } from './eval/id-pair-metrics.js';
export type { EditHistory, LoadEditHistoriesOptions } from './eval/load-edit-histories.js';
export { loadEditHistories } from './eval/load-edit-histories.js';
export type { LoadedGold } from './eval/load-gold-set.js';
export { loadGoldCitations, loadGoldQuestions } from './eval/load-gold-set.js';
export type { GoldSpan, SquadArticle, SquadQuestion } from './eval/load-squad.js';
export { loadSquad } from './eval/load-squad.js';
export type {
  HistoryReplay,
  IdScheme,
  InvalidIdSet,
  ReplayedPair,
  ReplayOptions,
  RevisionFailure,
} from './eval/replay-edit-history.js';
export { ID_SCHEMES, replayEditHistory } from './eval/replay-edit-history.js';
export type {
  DeterminismReport,
  GoldEvalOptions,
  GoldEvalReport,
} from './eval/run-gold-eval.js';
export { runGoldEval } from './eval/run-gold-eval.js';
export type {
  CairnIdSummary,
  IdSchemeSummary,
  IdsEvalOptions,
  IdsEvalReport,
  IdsEvalRow,
} from './eval/run-ids-eval.js';
export { runIdsEval } from './eval/run-ids-eval.js';
export type {
  ChunkerEvalResult,
  SquadEvalOptions,
  SquadEvalReport,
} from './eval/run-squad-eval.js';
export { DEFAULT_EVAL_CHUNKERS, runSquadEval } from './eval/run-squad-eval.js';
export type {
  GoldScores,
  HitRates,
  PhrasingScore,
  QuestionScore,
} from './eval/score-gold-runs.js';
export type { SectionLabel } from './eval/section-label.js';
export { isInSection, parseSectionLabel } from './eval/section-label.js';
export type { SquadSplit } from './eval/squad-split.js';
export { checkSquadSplit, SQUAD_SPLITS, squadSplit } from './eval/squad-split.js';
export { storeGoldDocs } from './eval/store-gold-docs.js';
// ids: chunk IDs, re-ingest alignment and the validator (seed 000, docs/chunk-ids.md)
export type {
  AlignableChunk,
  AlignmentResult,
  AlignOptions,
  ChangeKind,
  ChunkRedirect,
  PreviousChunk,
} from './ids/align-chunk-ids.js';
export { alignChunkIds } from './ids/align-chunk-ids.js';
export { chunkIdAlias } from './ids/chunk-id-alias.js';
export type { ChunkIdParts } from './ids/chunk-id-parts.js';
export { formatChunkId } from './ids/format-chunk-id.js';
export type { ChunkAnchor, MintOptions } from './ids/mint-chunk-ids.js';
export { mintChunkIds } from './ids/mint-chunk-ids.js';
export { isChunkId, parseChunkId } from './ids/parse-chunk-id.js';
export type {
  ChunkIdIssue,
  ChunkIdValidationResult,
  ValidateChunkIdsInput,
} from './ids/validate-chunk-ids.js';
export { validateChunkIds } from './ids/validate-chunk-ids.js';
// ingest: files, folders and globs through worker threads into a store
export type {
  FileStatus,
  IngestEvent,
  IngestedFile,
  IngestOptions,
  IngestSummary,
} from './ingest/ingest-sources.js';
export { ingestSources } from './ingest/ingest-sources.js';
// load: decoding, formats, document ids and normalized text
export type { DecodedText } from './load/decode-text.js';
export { decodeText } from './load/decode-text.js';
export { detectFormat, SUPPORTED_EXTENSIONS } from './load/detect-format.js';
export { canonicalizeSource, deriveDocUid } from './load/doc-uid.js';
export { normalizeText } from './load/normalize-text.js';
export { DEFAULT_JSON_TITLE_KEYS } from './parse/json/extract-string-nodes.js';
export { MODEL_VERSIONS, modelVersionOf } from './parse/model-version.js';
// parse: documents into the section tree and typed blocks
export type { ParseDocumentInput, ParseFileOptions } from './parse/parse-document.js';
export { parseDocument, parseFile } from './parse/parse-document.js';
export type { ParseInput, ParseOptions } from './parse/parse-input.js';
export type { PageBox } from './parse/pdf/boxes-for-span.js';
export { boxesForSpan } from './parse/pdf/boxes-for-span.js';
export type { ChunkPlace, SectionKey, SectionKeySource } from './parse/section-keys.js';
export { chunkSectionKey, documentKey, sectionKeys } from './parse/section-keys.js';
// pipeline: ensure, late chunking and resolve, the orchestration above the store
export type { CanonicalChunkFields, NodeOffsets } from './pipeline/canonical-fields.js';
export type { ChunkBoxes } from './pipeline/chunk-boxes.js';
export { readChunkBoxes } from './pipeline/chunk-boxes.js';
export type { ChunkStoredOptions, ChunkStoredSummary } from './pipeline/chunk-stored.js';
export { chunkStored } from './pipeline/chunk-stored.js';
export { deriveAnchor } from './pipeline/derive-anchor.js';
export type {
  ChunkSource,
  EnsureOptions,
  EnsureResult,
  EnsureSource,
  EnsureStatus,
  PrecomputedChunks,
} from './pipeline/ensure.js';
export { ensure } from './pipeline/ensure.js';
export type { LegibleSection } from './pipeline/legible-section.js';
export {
  legibleSection,
  legibleSections,
  storedSectionRecords,
} from './pipeline/legible-section.js';
export type { NodeReport, NodeStatus } from './pipeline/node-report.js';
export type {
  RemovedDocument,
  RemoveOptions,
  RemoveOutcome,
} from './pipeline/remove-documents.js';
export { removeDocuments } from './pipeline/remove-documents.js';
export type { RedirectHop, ResolveOptions, ResolveResult } from './pipeline/resolve-chunk.js';
export { resolveChunk } from './pipeline/resolve-chunk.js';
export type { SectionRecordSource } from './pipeline/section-records.js';
export { sectionRecords } from './pipeline/section-records.js';
export { splitTableHeaders } from './pipeline/split-table-headers.js';
// prompt: request bodies that ask an LLM for answers cairn can audit
export { strictAnswerSchema } from './prompt/answer-json-schema.js';
export { buildPrompt, checkPromptOptions } from './prompt/build-prompt.js';
export type {
  QueriesPromptOptions,
  QueriesPromptRequest,
  QueriesProvider,
} from './prompt/build-queries-prompt.js';
export { buildQueriesPrompt, QUERIES_PROVIDERS } from './prompt/build-queries-prompt.js';
export type { PromptStyle, PromptTarget } from './prompt/prompt-styles.js';
export { PROMPT_STYLES, PROMPT_TARGETS } from './prompt/prompt-styles.js';
export { readSearchQueries } from './prompt/read-search-queries.js';
export type { OutlineDocument, StoreOutline } from './prompt/read-store-outline.js';
export { readStoreOutline } from './prompt/read-store-outline.js';
export type {
  BuildPromptOptions,
  PromptHit,
  PromptRequest,
  PromptSource,
} from './prompt/types.js';
// search: lexical search with seed 001's citation payload
export { computeIndexHash } from './search/compute-index-hash.js';
export type {
  CrossEncoderOptions,
  TransformersModule,
} from './search/cross-encoder-reranker.js';
export { createCrossEncoderReranker } from './search/cross-encoder-reranker.js';
export type { ExportChunksOptions, ExportedChunk } from './search/export-chunks.js';
export { exportChunks } from './search/export-chunks.js';
export { highlightTerms } from './search/highlight-terms.js';
export type { HttpRerankerOptions, RerankApi } from './search/http-reranker.js';
export { createHttpReranker } from './search/http-reranker.js';
export type { PassageReranker } from './search/passage-reranker.js';
export { DEFAULT_RERANK_TOP } from './search/passage-reranker.js';
export type { EngineRanks, SearchMode } from './search/rank-by-mode.js';
export { RRF_K, SEARCH_MODES } from './search/rank-by-mode.js';
export { resolveReranker } from './search/resolve-reranker.js';
export type { SearchReads } from './search/search.js';
export { MAX_QUERIES, readSearch, search, traceSearch } from './search/search.js';
export { tokenizeQuery } from './search/tokenize-query.js';
export type {
  Citation,
  QueryRank,
  SearchHit,
  SearchOptions,
  SearchQuery,
  SearchResult,
} from './search/types.js';
// server: the HTTP API and web viewer (`cairn serve`)
export type { CreateAppOptions } from './server/create-app.js';
export { createApp } from './server/create-app.js';
export { bearerRefusal } from './server/require-token.js';
export type {
  SearchBody,
  SearchPool,
  SearchPoolOptions,
  SearchWorkerOptions,
} from './server/search-pool.js';
export { createSearchPool, defaultSearchWorkers } from './server/search-pool.js';
export type { RunningServer } from './server/start-server.js';
export { startServer } from './server/start-server.js';
// store: persistence in SQLite or PostgreSQL (seed 004)
export type { ChunkSetWrite } from './store/chunk-set-store.js';
export type {
  DocumentInput,
  DocumentState,
  VersionInput,
  WriteVersionInput,
  WriteVersionOutcome,
} from './store/document-store.js';
export { HEADING_WEIGHT, headingFieldText } from './store/heading-field.js';
export type { LayoutStore, VersionLayoutInput, VersionSource } from './store/layout-store.js';
export type { OpenStoreOptions, TemporaryStore } from './store/open-store.js';
export { DEFAULT_DB_PATH, openStore, openTemporaryStore } from './store/open-store.js';
export type {
  ResolvedSection,
  SectionRecord,
  StoredSectionKey,
} from './store/section-record.js';
export { resolveSection } from './store/section-record.js';
export type {
  CurrentChunk,
  DocumentListQuery,
  DocumentSummary,
  StoreInventory,
  StoreStats,
} from './store/store-inventory.js';
export type { TraceRetention } from './store/trace-store.js';
export type {
  ChunkInput,
  ChunkRow,
  ChunkSetRow,
  ChunkStore,
  DocumentRow,
  IndexManifestRow,
  LexicalIndexState,
  LexicalMatch,
  LexicalQuery,
  RagTraceRow,
  RedirectInput,
  RedirectKind,
  RedirectRow,
  SeenFileRow,
  StatementHook,
  StoreCapabilities,
  StoreCounts,
  VersionModel,
  VersionRow,
  VersionWithText,
  WaitOptions,
} from './store/types.js';
export type {
  PendingVectorSet,
  VectorIndexState,
  VectorMatch,
  VectorQuery,
  VectorSetWrite,
  VectorStore,
} from './store/vector-store.js';
// trace: the rag_traces row and grep-friendly line of each search and answer segment
export { formatTraceLine, type TraceFields, type TraceRun } from './trace/format-trace-line.js';
export {
  DEFAULT_TRACE_RETENTION,
  parseTraceRetention,
} from './trace/trace-retention.js';
export type { TracedHit, TracedResult } from './trace/types.js';
// types: the document model (spans in code points and UTF-8 bytes)
export type {
  Block,
  BlockType,
  CairnDocument,
  Format,
  JsonNode,
  Page,
  PageGeometry,
  ParseWarning,
  Section,
  Span,
  TextRun,
} from './types.js';
export { ATOMIC_BLOCK_TYPES } from './types.js';
