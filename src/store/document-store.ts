import type { Format } from '../types.js';
import type { VersionLayoutInput } from './layout-store.js';
import type { SectionRecord } from './section-record.js';
import type {
  ChunkInput,
  ChunkSetRow,
  DocumentRow,
  RedirectInput,
  SeenFileRow,
  VersionRow,
  VersionWithText,
} from './types.js';

/** The document fields a new version writes (from `CairnDocument`). */
export interface DocumentInput {
  doc_uid: string;
  source_url: string;
  media_type: string;
  format: Format;
  title: string | null;
}

export interface VersionInput {
  content_hash: string;
  /** The parser's model version (`modelVersionOf(format)`): same text under another model is another version. */
  model_version: number;
  rev: string;
  lineage_rev: string;
  canonical: string;
  length: number;
  byte_length: number;
  /** The model as `encodeModel` writes it (encoded before the transaction, which then holds no lock for it). */
  model: Uint8Array;
  /** The version's section records (`sectionRecords`), stored beside it. */
  sections: SectionRecord[];
  /** PDF: the pages' geometry and the source bytes, kept beside the version. */
  layout?: VersionLayoutInput;
}

/**
 * What one writer transaction sees and does. `expect_current` is the
 * optimistic check: the write happens only when the document's current
 * version is still the one the caller aligned against.
 */
export interface WriteVersionInput {
  document: DocumentInput;
  /** The current version id the caller read (null: the document did not exist). */
  expect_current: number | null;
  /** A new version, or the id of a stored version to make current again (same content came back). */
  version: VersionInput | { existing_id: number };
  chunker_id: string;
  /** The chunk set to write for the version; omitted when the version already has one for `chunker_id`. */
  chunks?: { lineage_rev: string; rows: ChunkInput[]; digest: string };
  redirects: RedirectInput[];
  /** Seen-file rows to record in the same transaction. */
  seen?: Omit<SeenFileRow, 'document_id' | 'version_id'>[];
}

export type WriteVersionOutcome =
  | { status: 'written'; document_id: number; version_id: number; created_document: boolean }
  /** The current version moved under the caller: re-read and try again. */
  | { status: 'stale' };

/** What a reader needs to decide between unchanged, a new version, or a revert. */
export interface DocumentState {
  document: DocumentRow;
  current: VersionRow;
  /** The stored version with the content hash and model version asked about, if any. */
  same_content: VersionRow | null;
  /** Whether `same_content` has chunks of the chunker asked about. */
  same_content_chunk_set: ChunkSetRow | null;
}

/** Documents and their versions: what a version holds, and the write that adds one. */
export interface DocumentStore {
  getDocument(docUidOrSource: string): Promise<DocumentRow | null>;
  getDocumentById(id: number): Promise<DocumentRow | null>;
  /** Documents with a current version, by id; `after_id` pages by cursor, `offset` by position. */
  listDocuments(options?: {
    limit?: number;
    after_id?: number;
    offset?: number;
  }): Promise<DocumentRow[]>;
  /**
   * The document's current version, and the version holding `content_hash`
   * made by `modelVersion` of its parser, if one does.
   */
  getDocumentState(
    docUid: string,
    contentHash: string,
    chunkerId: string,
    modelVersion: number,
  ): Promise<DocumentState | null>;
  getVersion(versionId: number): Promise<VersionRow | null>;
  getVersionText(versionId: number): Promise<VersionWithText | null>;
  /** Code points `[start, end)` of a version's canonical text, read without loading the whole text. */
  getCanonicalSlice(versionId: number, start: number, end: number): Promise<string | null>;
  /**
   * The section records of a version that `sectPaths` resolve from (each
   * path's own, its ancestors') and the version's top record, by sect_path
   * (`resolveSection` and `placeKey` put paths and legible ids together).
   */
  getSections(versionId: number, sectPaths: Iterable<string>): Promise<Map<string, SectionRecord>>;
  /** `getSections` of several versions at once, in as few statements as the paths allow. */
  getSectionsOf(
    wanted: ReadonlyMap<number, Iterable<string>>,
  ): Promise<Map<number, Map<string, SectionRecord>>>;
  /** The sect_paths of a version's sections whose stored legible id (`section_key`) or own `slug` is the one given. */
  findSections(
    versionId: number,
    by: { section_key: string } | { slug: string },
  ): Promise<string[]>;
  listVersions(documentId: number): Promise<VersionRow[]>;
  /** Full revisions of every version of the document (for rev collision checks). */
  listRevs(documentId: number): Promise<string[]>;
  /**
   * One transaction: the document, a new or returning version with its
   * chunk set, redirects and seen files, then the version made current;
   * `stale` when the current version moved under the caller.
   */
  writeVersion(input: WriteVersionInput): Promise<WriteVersionOutcome>;
}
