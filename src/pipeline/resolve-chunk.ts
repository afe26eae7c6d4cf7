import { defaultChunkerRegistry } from '../chunk/chunker-registry.js';
import { CairnError } from '../errors.js';
import { parseChunkId } from '../ids/parse-chunk-id.js';
import type { ChunkRow, ChunkStore, DocumentRow, RedirectRow, VersionRow } from '../store/types.js';

export interface ResolveOptions {
  /** Resolve among this chunker's chunks; by default the chunker that has the ID (see `prefer_chunker`). */
  chunker?: string;
  /** When several chunkers have the ID and `chunker` is not given: this one (the registry's default). */
  prefer_chunker?: string;
  /** Redirects followed at most (default 32). */
  max_hops?: number;
  /**
   * How the caller names a chunker, for the error when several chunkers
   * have the ID (default `--chunker`, the CLI's flag; the HTTP API says `?chunker=`).
   */
  chunker_hint?: string;
}

export interface RedirectHop {
  from: string;
  to: string | null;
  kind: RedirectRow['kind'];
  /** The version whose arrival retired `from`. */
  version_id: number;
}

export type ResolveResult =
  | {
      status: 'live';
      requested: string;
      chunker_id: string;
      chunk: ChunkRow;
      document: DocumentRow;
      version: VersionRow;
      hops: RedirectHop[];
      /**
       * A `deleted` hop on the way: the text the ID named is gone, and
       * `chunk` is its nearest surviving neighbour, not that text.
       */
      text_deleted: boolean;
    }
  | {
      /** `deleted`: a redirect says the chunk's text is gone; `superseded`: the ID names a chunk of an old version only. */
      status: 'deleted' | 'superseded';
      requested: string;
      chunker_id: string;
      /** The last chunk the ID (or the last hop) named, when the store has it. */
      last: ChunkRow | null;
      /** The ID's document; `removed_at` set when `cairn rm` took it out of search (then `deleted`). */
      document: DocumentRow | null;
      hops: RedirectHop[];
    };

/**
 * Resolve options for a reader's `chunker` (id, name or alias; none: the
 * chunker that has the ID), preferring the registry default when several do.
 */
export function lookupOptions(chunker?: string): ResolveOptions {
  const registry = defaultChunkerRegistry();
  return {
    prefer_chunker: registry.id_of('default'),
    ...(chunker === undefined || chunker === '' ? {} : { chunker: registry.id_of(chunker) }),
  };
}

/**
 * Follows a chunk ID to the live chunk: the ID itself when the current
 * version of its document has it, else through redirects (newest first,
 * bounded, cycle-safe). An ID of a document `cairn rm` removed is
 * `deleted`, its redirect history kept in `hops`. Throws `malformed_chunk_id` for a malformed ID,
 * `chunk_not_found` for an ID the store never had, `redirect_loop` when
 * redirects go round.
 */
export async function resolveChunk(
  store: ChunkStore,
  chunkId: string,
  options: ResolveOptions = {},
): Promise<ResolveResult> {
  parseChunkId(chunkId);
  const chunkerId =
    options.chunker ??
    (await pickChunker(
      store,
      chunkId,
      options.prefer_chunker,
      options.chunker_hint ?? '--chunker',
    ));
  const maxHops = options.max_hops ?? 32;
  const documents = new Map<number, DocumentRow | null>();
  const documentOf = async (id: number): Promise<DocumentRow | null> => {
    if (!documents.has(id)) documents.set(id, await store.getDocumentById(id));
    return documents.get(id)!;
  };
  const hops: RedirectHop[] = [];
  const visited = new Set([chunkId]);
  let id = chunkId;
  let last: ChunkRow | null = null;
  for (;;) {
    const rows = await store.findChunks(id, chunkerId);
    for (const row of rows) {
      const document = await documentOf(row.document_id);
      if (document && row.version_id === document.current_version_id) {
        // `cairn rm` took the document out: its IDs stay known, with the hops that led here, and name nothing live
        if (document.removed_at !== null) {
          last = row;
          return gone('deleted', document.id);
        }
        const version = await store.getVersion(row.version_id);
        if (version)
          return {
            status: 'live',
            requested: chunkId,
            chunker_id: chunkerId,
            chunk: row,
            document,
            version,
            hops,
            text_deleted: hops.some((hop) => hop.kind === 'deleted'),
          };
      }
    }
    last = rows[0] ?? last;
    const redirect = (await store.findRedirects(id, chunkerId))[0];
    if (redirect === undefined) {
      if (hops.length === 0 && rows.length === 0) throw await notFound(store, chunkId, chunkerId);
      const owner = last === null ? null : await documentOf(last.document_id);
      return gone(owner?.removed_at ? 'deleted' : 'superseded');
    }
    hops.push({
      from: id,
      to: redirect.to_chunk_id,
      kind: redirect.kind,
      version_id: redirect.version_id,
    });
    if (redirect.to_chunk_id === null) return gone('deleted', redirect.document_id);
    if (visited.has(redirect.to_chunk_id) || hops.length > maxHops) {
      throw new CairnError(
        'redirect_loop',
        `Redirects from ${chunkId} ${visited.has(redirect.to_chunk_id) ? 'go round' : `run past ${maxHops} hops`}: ${hops.map((h) => h.from).join(' -> ')}`,
        { details: { id: chunkId, hops } },
      );
    }
    visited.add(redirect.to_chunk_id);
    id = redirect.to_chunk_id;
  }

  async function gone(
    status: 'deleted' | 'superseded',
    documentId?: number,
  ): Promise<ResolveResult> {
    const docId = last?.document_id ?? documentId;
    return {
      status,
      requested: chunkId,
      chunker_id: chunkerId,
      last,
      document: docId === undefined ? null : await documentOf(docId),
      hops,
    };
  }
}

/** The chunker whose chunks or redirects hold the ID; the preferred one when several do. */
async function pickChunker(
  store: ChunkStore,
  chunkId: string,
  prefer: string | undefined,
  hint: string,
): Promise<string> {
  const [chunks, redirects] = await Promise.all([
    store.findChunks(chunkId),
    store.findRedirects(chunkId),
  ]);
  const chunkers = [...new Set([...chunks, ...redirects].map((row) => row.chunker_id))];
  if (chunkers.length === 0) throw await notFound(store, chunkId, null);
  if (chunkers.length === 1) return chunkers[0]!;
  if (prefer !== undefined && chunkers.includes(prefer)) return prefer;
  throw new CairnError(
    'invalid_option',
    `Chunk ${chunkId} exists for several chunkers (${chunkers.join(', ')}): say which with ${hint}`,
    { details: { id: chunkId, chunkers } },
  );
}

/**
 * An ID the store never had. When its document is stored (a mistyped or
 * foreign rev, section or block), the message names one of its current IDs
 * to compare with.
 */
async function notFound(
  store: ChunkStore,
  chunkId: string,
  chunkerId: string | null,
): Promise<CairnError> {
  const { doc_uid } = parseChunkId(chunkId);
  const document = await store.getDocument(doc_uid).catch(() => null);
  let current: string | null = null;
  if (document?.doc_uid === doc_uid) {
    const sets = await store.listChunkSets({ version_id: document.current_version_id });
    const set = chunkerId === null ? sets[0] : sets.find((s) => s.chunker_id === chunkerId);
    if (set) current = await store.firstChunkId(document.current_version_id, set.chunker_id);
  }
  return new CairnError(
    'chunk_not_found',
    `No chunk ${chunkId}${chunkerId ? ` among the chunks of ${chunkerId}` : ''} in the store` +
      (document?.doc_uid === doc_uid
        ? `; its document ${doc_uid} (${document.source_url}) is stored${current === null ? '' : `, with current IDs such as ${current}`}`
        : ''),
    {
      details: {
        id: chunkId,
        doc_uid,
        chunker_id: chunkerId,
        ...(current === null ? {} : { current_example: current }),
      },
    },
  );
}
