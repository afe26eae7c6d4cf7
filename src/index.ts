// cairn: what a library user adopts, grouped by pipeline stage (biome keeps
// the statements in path order). The rest has its own entry, named for its
// stage: cairn/chunk, cairn/store, cairn/corpus, cairn/eval, cairn/server,
// cairn/langchain, cairn/llamaindex.

// chunk: the chunker factories and the registry that names them
export type { CharChunkerConfig, CharChunkerSettings } from './chunk/char-chunker.js';
export { createCharChunker } from './chunk/char-chunker.js';
export type { ChunkerFactory, ChunkerRegistryOptions } from './chunk/chunker-registry.js';
export {
  type ChunkerRegistry,
  createChunkerRegistry,
  defaultChunkerRegistry,
} from './chunk/chunker-registry.js';
export { limitChunker } from './chunk/limit-chunker.js';
export { runChunker } from './chunk/run-chunker.js';
export type { SemanticChunkerConfig, SemanticChunkerSettings } from './chunk/semantic-chunker.js';
export { createSemanticChunker } from './chunk/semantic-chunker.js';
export type { SentenceChunkerConfig, SentenceChunkerSettings } from './chunk/sentence-chunker.js';
export { createSentenceChunker } from './chunk/sentence-chunker.js';
export type {
  StructureChunkerConfig,
  StructureChunkerSettings,
} from './chunk/structure-chunker.js';
export { createStructureChunker } from './chunk/structure-chunker.js';
export type { TokenChunkerConfig, TokenChunkerSettings } from './chunk/token-chunker.js';
export { createTokenChunker } from './chunk/token-chunker.js';
export type {
  TokenLikeChunkerConfig,
  TokenLikeChunkerSettings,
} from './chunk/token-like-chunker.js';
export { createTokenLikeChunker } from './chunk/token-like-chunker.js';
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
// cite: the answer audit (any shape, cairn's own among them), citation payload checks and their store checks
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
export type { ClosestPassage } from './cite/quote/closest-passage.js';
export type { QuoteMatch, QuoteMatchStatus, QuoteSpan } from './cite/quote/locate-quote.js';
export type { Normalization } from './cite/quote/normalize-for-match.js';
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
// embed: embedders (OpenAI-compatible HTTP, transformers.js, the lexical hash embedder) and vectors beside the chunks
export type { CachedEmbedder, EmbedCacheCounts } from './embed/cached-embedder.js';
export { createCachedEmbedder } from './embed/cached-embedder.js';
export type {
  EmbedChunkSetsOptions,
  EmbedProgress,
  EmbedReport,
} from './embed/embed-chunk-sets.js';
export { embedChunkSets } from './embed/embed-chunk-sets.js';
export type { EmbedContext } from './embed/embedded-text.js';
export type { HashEmbedderOptions } from './embed/hash-embedder.js';
export { createHashEmbedder } from './embed/hash-embedder.js';
export type { TransformersModelCard } from './embed/known-transformers-models.js';
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
// ids: chunk IDs, re-ingest alignment and the validator (docs/chunk-ids.md)
export type {
  AlignableChunk,
  AlignmentResult,
  AlignOptions,
  ChangeKind,
  ChunkRedirect,
  PreviousChunk,
} from './ids/align-chunk-ids.js';
export { alignChunkIds } from './ids/align-chunk-ids.js';
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
// load and parse: formats, normalized text, documents into the section tree and typed blocks
export { detectFormat, SUPPORTED_EXTENSIONS } from './load/detect-format.js';
export { normalizeText } from './load/normalize-text.js';
export type { ParseDocumentInput, ParseFileOptions } from './parse/parse-document.js';
export { parseDocument, parseFile } from './parse/parse-document.js';
export type { ParseInput, ParseOptions } from './parse/parse-input.js';
export type { PageBox } from './parse/pdf/boxes-for-span.js';
export type { ChunkPlace, SectionKey, SectionKeySource } from './parse/section-keys.js';
// pipeline: ensure, late chunking and resolve, the orchestration above the store
export type { CanonicalChunkFields, NodeOffsets } from './pipeline/canonical-fields.js';
export type { ChunkBoxes } from './pipeline/chunk-boxes.js';
export type { ChunkStoredOptions, ChunkStoredSummary } from './pipeline/chunk-stored.js';
export { chunkStored } from './pipeline/chunk-stored.js';
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
export { legibleSections } from './pipeline/legible-section.js';
export type { NodeReport, NodeStatus } from './pipeline/node-report.js';
export type {
  RemovedDocument,
  RemoveOptions,
  RemoveOutcome,
} from './pipeline/remove-documents.js';
export { removeDocuments } from './pipeline/remove-documents.js';
export type { RedirectHop, ResolveOptions, ResolveResult } from './pipeline/resolve-chunk.js';
export { resolveChunk } from './pipeline/resolve-chunk.js';
// prompt: request bodies that ask an LLM for answers cairn can audit
export { strictAnswerSchema } from './prompt/answer-json-schema.js';
export { buildPrompt } from './prompt/build-prompt.js';
export type {
  QueriesPromptOptions,
  QueriesPromptRequest,
  QueriesProvider,
} from './prompt/build-queries-prompt.js';
export { buildQueriesPrompt } from './prompt/build-queries-prompt.js';
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
// search: lexical, vector and hybrid search with the citation payload, and rerankers
export type {
  CrossEncoderOptions,
  TransformersModule,
} from './search/cross-encoder-reranker.js';
export { createCrossEncoderReranker } from './search/cross-encoder-reranker.js';
export type { ExportChunksOptions, ExportedChunk } from './search/export-chunks.js';
export { exportChunks } from './search/export-chunks.js';
export type { HttpRerankerOptions, RerankApi } from './search/http-reranker.js';
export { createHttpReranker } from './search/http-reranker.js';
export type { PassageReranker } from './search/passage-reranker.js';
export type { EngineRanks, SearchMode } from './search/rank-by-mode.js';
export { SEARCH_MODES } from './search/rank-by-mode.js';
export { search } from './search/search.js';
export type {
  Citation,
  QueryRank,
  SearchHit,
  SearchOptions,
  SearchQuery,
  SearchResult,
} from './search/types.js';
// store: persistence in SQLite or PostgreSQL (its rows and inputs: cairn/store)
export type { OpenStoreOptions, TemporaryStore } from './store/open-store.js';
export { openStore, openTemporaryStore } from './store/open-store.js';
export type { ChunkStore } from './store/types.js';
export type { TraceFields, TraceRun } from './trace/format-trace-line.js';
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
