// cairn/store: the rows and inputs of a ChunkStore's methods, for code that
// calls them directly; `openStore` and the `ChunkStore` type come from `cairn`.

export type { ChunkSetWrite } from './chunk-set-store.js';
export type {
  DocumentInput,
  DocumentState,
  VersionInput,
  WriteVersionInput,
  WriteVersionOutcome,
} from './document-store.js';
export type { LayoutStore, VersionLayoutInput, VersionSource } from './layout-store.js';
export type {
  ResolvedSection,
  SectionRecord,
  StoredSectionKey,
} from './section-record.js';
export type {
  CurrentChunk,
  DocumentListQuery,
  DocumentSummary,
  StoreInventory,
  StoreStats,
} from './store-inventory.js';
export type { TraceRetention } from './trace-store.js';
export type {
  ChunkInput,
  ChunkRow,
  ChunkSetRow,
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
} from './types.js';
export type {
  PendingVectorSet,
  VectorIndexState,
  VectorMatch,
  VectorQuery,
  VectorSetWrite,
  VectorStore,
} from './vector-store.js';
