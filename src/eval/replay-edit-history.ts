import { extname, join } from 'node:path';
import type { Chunker } from '../chunk/types.js';
import { CairnError } from '../errors.js';
import {
  type AlignmentStats,
  alignChunkIds,
  type ChangeKind,
  type ChunkRedirect,
} from '../ids/align-chunk-ids.js';
import { fingerprintChunk } from '../ids/chunk-fingerprint.js';
import { mintChunkIds } from '../ids/mint-chunk-ids.js';
import { validateChunkIds } from '../ids/validate-chunk-ids.js';
import { sha1Hex } from '../load/hash.js';
import { parseFile } from '../parse/parse-document.js';
import { type ComparedChunk, type IdPairMeasure, measureIdPair } from './id-pair-metrics.js';
import type { EditHistory } from './load-edit-histories.js';

/**
 * The ID schemes compared on the very same chunks: cairn's IDs, IDs as
 * content hashes (LangChain's indexing: a hash of text and metadata) and IDs
 * as positions (`doc#chunk_index`).
 */
export const ID_SCHEMES = ['cairn', 'hash', 'position'] as const;
export type IdScheme = (typeof ID_SCHEMES)[number];

/** One edit of a history: a revision and the last revision before it that parsed. */
export interface ReplayedPair {
  history: string;
  previous: string;
  revision: string;
  /** How cairn's alignment classified the edit. */
  change: ChangeKind;
  stats: AlignmentStats;
  schemes: Record<IdScheme, IdPairMeasure>;
}

/** A revision left out of the replay: it could not be read, parsed or chunked. */
export interface RevisionFailure {
  history: string;
  revision: string;
  code: string;
  message: string;
}

/** A revision whose cairn IDs break the grammar, order or uniqueness (a bug in cairn). */
export interface InvalidIdSet {
  history: string;
  revision: string;
  message: string;
}

export interface HistoryReplay {
  history: string;
  /** Revision files, failed ones included. */
  revisions: number;
  pairs: ReplayedPair[];
  failed: RevisionFailure[];
  invalid: InvalidIdSet[];
}

export interface ReplayOptions {
  /** Called after each pair is measured, e.g. to explain it. */
  onPair?: (pair: ReplayedPair) => void;
}

interface Version {
  chunks: ComparedChunk[];
  ids: Record<IdScheme, string[]>;
}

/**
 * Replays a history through parse -> `chunker` -> chunk IDs: the first
 * revision's IDs are minted, each later one's aligned with the previous
 * (IDs of every earlier revision retired), and every pair measured for each
 * scheme. The history's name is the document's doc_uid throughout, as a
 * repository path would be. A revision that fails is recorded and skipped:
 * the next one pairs with the last that parsed.
 */
export async function replayEditHistory(
  history: EditHistory,
  chunker: Chunker,
  options: ReplayOptions = {},
): Promise<HistoryReplay> {
  const out: HistoryReplay = {
    history: history.name,
    revisions: history.revisions.length,
    pairs: [],
    failed: [],
    invalid: [],
  };
  let previous: { revision: string; version: Version } | null = null;
  const retired = new Set<string>();
  for (const revision of history.revisions) {
    let doc: Awaited<ReturnType<typeof parseFile>>;
    let chunks: ReturnType<Chunker['chunk']>;
    try {
      doc = await parseFile(join(history.dir, revision), {
        source_url: `${history.name}${extname(revision)}`,
        doc_uid: history.name,
      });
      chunks = chunker.chunk(doc);
    } catch (error) {
      if (!(error instanceof CairnError)) throw error;
      out.failed.push({
        history: history.name,
        revision,
        code: error.code,
        message: error.message,
      });
      continue;
    }
    const compared = chunks.map((chunk) => ({
      text: chunk.text,
      fp: fingerprintChunk(chunk.text),
    }));
    let ids: string[];
    let alignment: {
      change: ChangeKind;
      stats: AlignmentStats;
      redirects: ChunkRedirect[];
    } | null = null;
    if (previous === null) {
      ids = mintChunkIds(doc, chunks);
    } else {
      const before = previous.version;
      const result = alignChunkIds(
        before.ids.cairn.map((chunk_id, k) => ({ chunk_id, text: before.chunks[k]!.text })),
        doc,
        chunks,
        { retired_ids: retired },
      );
      ids = result.ids;
      alignment = result;
    }
    const check = validateChunkIds({ ids });
    if (!check.ok) {
      out.invalid.push({ history: history.name, revision, message: check.issues[0]!.message });
    }
    const version: Version = {
      chunks: compared,
      ids: {
        cairn: ids,
        hash: chunks.map((chunk) => hashId(history.name, chunk.text)),
        position: chunks.map((chunk) => `${history.name}#${chunk.chunk_index}`),
      },
    };
    if (previous !== null && alignment !== null) {
      const before = previous.version;
      const measure = (scheme: IdScheme, redirects: readonly ChunkRedirect[]) =>
        measureIdPair(
          { chunks: before.chunks, ids: before.ids[scheme] },
          { chunks: compared, ids: version.ids[scheme] },
          redirects,
        );
      const pair: ReplayedPair = {
        history: history.name,
        previous: previous.revision,
        revision,
        change: alignment.change,
        stats: alignment.stats,
        schemes: {
          cairn: measure('cairn', alignment.redirects),
          hash: measure('hash', []),
          position: measure('position', []),
        },
      };
      out.pairs.push(pair);
      options.onPair?.(pair);
    }
    for (const id of ids) retired.add(id);
    previous = { revision, version };
  }
  return out;
}

/** A content-hash ID as LangChain's indexing makes one: text and metadata, hashed. */
function hashId(docUid: string, text: string): string {
  return sha1Hex(JSON.stringify([text, { source: docUid }])).slice(0, 16);
}
