import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { canonicalJson } from '../chunk/chunker-id.js';
import type { SourceFile } from '../load/collect-sources.js';
import { fileError } from '../load/file-error.js';
import { MODEL_VERSIONS } from '../parse/model-version.js';
import type { ParseOptions } from '../parse/parse-input.js';
import type { ChunkStore, SeenFileRow } from '../store/types.js';
import type { Format } from '../types.js';

/** A file modified this close to when it was recorded may have changed within the clock's granularity. */
const RACY_MS = 1000;

export type SeenInput = Omit<SeenFileRow, 'document_id' | 'version_id'>;

export type SeenCheck =
  /** Stored already, unchanged: nothing to parse. */
  | { status: 'unchanged'; doc_uid: string }
  /** New or changed: parse these bytes, and record `seen` with the version they make. */
  | { status: 'changed'; bytes: Buffer; seen: SeenInput };

/**
 * Whether a file needs parsing, from the seen-files table: the same size and
 * mtime (not within a second of when it was recorded) as when it made the
 * document's current version skips it unread; else the same content hash
 * skips it after reading (and remembers the new mtime). Like make and git,
 * an edit that keeps size and mtime is not seen.
 */
export async function checkSeenFile(
  store: ChunkStore,
  file: SourceFile,
  settingsKey: string,
  info: Stats,
): Promise<SeenCheck> {
  const seen = await store.getSeenFile(file.source_url, settingsKey);
  const document = seen ? await store.getDocumentById(seen.document_id) : null;
  const trusted =
    seen !== null && document !== null && document.current_version_id === seen.version_id;
  if (
    trusted &&
    seen.size === info.size &&
    seen.mtime_ms === info.mtimeMs &&
    info.mtimeMs < seen.seen_at_ms - RACY_MS
  ) {
    return { status: 'unchanged', doc_uid: document!.doc_uid };
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(file.path);
  } catch (cause) {
    throw fileError(cause, file.source_url);
  }
  const fileHash = createHash('sha256').update(bytes).digest('hex');
  const row: SeenInput = {
    source_url: file.source_url,
    settings_key: settingsKey,
    size: info.size,
    mtime_ms: info.mtimeMs,
    file_hash: fileHash,
    seen_at_ms: Date.now(),
  };
  if (trusted && seen.file_hash === fileHash) {
    // Touched, not changed: remember the new mtime so the next run skips it without reading.
    if (seen.size !== info.size || seen.mtime_ms !== info.mtimeMs) {
      await store.recordSeenFiles([
        { ...row, document_id: seen.document_id, version_id: seen.version_id },
      ]);
    }
    return { status: 'unchanged', doc_uid: document!.doc_uid };
  }
  return { status: 'changed', bytes, seen: row };
}

/**
 * What makes a stored result reusable for a file: the chunker, the parse
 * settings and the parsers' model versions (a new parser reads every file
 * once more; `ensure` then stores a new version only where the file's own
 * format's model changed).
 */
export function settingsKeyOf(
  chunkerId: string,
  format: Format | undefined,
  parseOptions: ParseOptions | undefined,
): string {
  const settings = {
    chunker_id: chunkerId,
    format: format ?? null,
    parse_options: (parseOptions ?? {}) as Record<string, unknown>,
    model_versions: MODEL_VERSIONS,
  };
  return createHash('sha1').update(canonicalJson(settings)).digest('hex').slice(0, 16);
}
