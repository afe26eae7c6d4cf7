import type { PageGeometry } from '../types.js';

/** The file a version was read from, as ingested. */
export interface VersionSource {
  media_type: string;
  /** sha256 hex of `bytes`. */
  sha256: string;
  bytes: Uint8Array;
}

/** What a new PDF version writes beside its row (`version_layouts`). */
export interface VersionLayoutInput {
  /** `encodeGeometry` of the pages' geometry (encoded before the write transaction). */
  geometry: Uint8Array;
  source?: VersionSource;
}

/** PDF versions' page geometry and source bytes: what the page view reads, and nothing else does. */
export interface LayoutStore {
  /** The pages' geometry of a version; null when the version has none (not a PDF, or stored before it was kept). */
  getVersionGeometry(versionId: number): Promise<PageGeometry[] | null>;
  /** The bytes the version was read from; null when they were not stored with it. */
  getVersionSource(versionId: number): Promise<VersionSource | null>;
}
