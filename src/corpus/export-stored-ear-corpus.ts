import { CairnError } from '../errors.js';
import { toCairnDocument } from '../pipeline/stored-document.js';
import { resolveSearchChunker } from '../search/resolve-search-chunker.js';
import type { ChunkStore, DocumentRow } from '../store/types.js';
import { assignOrdinals, buildEarCorpusEntries } from './build-ear-corpus.js';
import { ChunksUnderRanges } from './chunks-under-ranges.js';
import { CompactIdSet } from './compact-id-set.js';
import type { StoredCorpusDocument } from './corpus-contract.js';
import { createCorpusValidator } from './create-corpus-validator.js';
import { formatCorpusLine } from './format-corpus-line.js';
import { formatSourceRef } from './format-source-ref.js';
import { readSnapshotFacts } from './read-snapshot-facts.js';
import { resolveSnapshotDate } from './resolve-snapshot-date.js';

export interface StoredCorpusSource {
  doc_uid: string;
  source_url: string;
  source_ref: string;
  documents: number;
}

export interface ExportStoredEarCorpusOptions {
  /** Whose chunk IDs the lines carry: chunker id, name or alias, as `search` reads it (default: the default, or the store's only chunker). */
  chunker?: string;
  /** The snapshot date (YYYY-MM-DD) for documents whose front matter states none. */
  snapshot_date?: string;
  /** Split documents over this many tokens (default `DEFAULT_MAX_TOKENS`). */
  max_tokens?: number;
  /** Called with the chunker whose IDs the lines carry, before the first line. */
  on_chunker?: (chunkerId: string) => void;
  /** Called after each stored document that gave corpus documents. */
  on_source?: (source: StoredCorpusSource) => void;
  /** Called for each stored eCFR document that gave none, with why. */
  on_skip?: (skipped: { source_url: string; reason: string }) => void;
}

/**
 * The EAR profile of `retrieval-corpus.v1` built from the documents a store
 * holds instead of from eCFR files: the same lines `exportEarCorpus` writes
 * for the files those documents were ingested from, each with `chunk_ids`,
 * the IDs of the stored chunks whose spans hold its words, so a line and a
 * search hit name the same text. The stored eCFR documents (current
 * versions, not removed) are read in byte order of their source_url, one at
 * a time: memory holds one document's text, model and chunks, whatever the
 * store's size. `source_ref` hashes the stored canonical text, which is the
 * source file's bytes for UTF-8 without a byte order mark.
 *
 * The lines are checked against the contract as they go; a failure, or a
 * doc_id in two documents, throws after the lines before it were yielded, so
 * a caller writing a file writes it aside and renames it when complete.
 */
export async function* exportStoredEarCorpus(
  store: ChunkStore,
  options: ExportStoredEarCorpusOptions = {},
): AsyncGenerator<StoredCorpusDocument> {
  const chunkerId = await resolveSearchChunker(store, options.chunker);
  options.on_chunker?.(chunkerId);
  const sources = await storedEcfrDocuments(store);
  const validator = createCorpusValidator({ max_issues: 5 });
  const seen = new CompactIdSet();
  const ordinals = new Map<string, number>();
  let written = 0;
  for (const [index, row] of sources.entries()) {
    const otherTitle = await otherTitleOf(store, row.current_version_id);
    if (otherTitle !== null) {
      options.on_skip?.({
        source_url: row.source_url,
        reason: `title ${otherTitle} of the CFR, not title 15`,
      });
      continue;
    }
    const text = await store.getVersionText(row.current_version_id);
    if (text === null) continue;
    const doc = toCairnDocument(row, text);
    const facts = readSnapshotFacts(doc.canonical);
    const sourceRef = formatSourceRef({
      sha256: doc.content_hash,
      date: resolveSnapshotDate(row.source_url, facts.date, options.snapshot_date),
    });
    const entries = buildEarCorpusEntries(doc, {
      source_ref: sourceRef,
      ...(options.max_tokens === undefined ? {} : { max_tokens: options.max_tokens }),
    });
    if (entries.length === 0) {
      options.on_skip?.({ source_url: row.source_url, reason: 'no § in parts 730 to 774' });
      continue;
    }
    for (const { document } of entries) {
      const first = seen.add(document.doc_id, index + 1);
      if (first !== 0) {
        const firstSource = sources[first - 1]!.source_url;
        throw new CairnError(
          'duplicate_doc_id',
          `${document.doc_id} is in both ${firstSource} and ${row.source_url}: one snapshot at a time`,
          {
            details: { source: row.source_url, doc_id: document.doc_id, first_source: firstSource },
          },
        );
      }
    }
    const chunks = new ChunksUnderRanges(await store.listChunks(text.id, chunkerId));
    const ordered = assignOrdinals(
      entries.map((e) => e.document),
      ordinals,
    );
    // a source's doc_ids are its own (checked above): only the roots' count carries to the next one
    const roots = ordinals.get('');
    ordinals.clear();
    if (roots !== undefined) ordinals.set('', roots);
    for (const [i, document] of ordered.entries()) {
      const line: StoredCorpusDocument = {
        ...document,
        chunk_ids: chunks.idsUnder(entries[i]!.ranges),
      };
      validator.pushLine(formatCorpusLine(line));
      written++;
      yield line;
    }
    options.on_source?.({
      doc_uid: row.doc_uid,
      source_url: row.source_url,
      source_ref: sourceRef,
      documents: entries.length,
    });
  }
  if (written === 0) {
    throw new CairnError(
      'no_ear_content',
      `No EAR section (15 CFR parts 730 to 774) in the store's ${sources.length} eCFR documents`,
      { details: { source: store.location } },
    );
  }
  const result = validator.finish();
  if (!result.ok) {
    throw new CairnError(
      'internal_invariant',
      `The EAR export fails its own contract: ${result.issues[0]!.message}`,
      { details: { issues: result.issues } },
    );
  }
}

/** Code points read to find the front matter before a whole document is loaded. */
const HEAD_CHARS = 8192;

/**
 * The CFR title a version's front matter states when it is not 15, read
 * from the head of the text alone, so that another title's document (most
 * of a store of the whole eCFR, some of them the largest) is never loaded;
 * null when it states 15, none, or closes no front matter within the head.
 */
async function otherTitleOf(store: ChunkStore, versionId: number): Promise<number | null> {
  const head = (await store.getCanonicalSlice(versionId, 0, HEAD_CHARS)) ?? '';
  // a front matter cut by the head could read as closed at its end: trust only a closed line
  if (head.length === HEAD_CHARS && !/\n---[ \t]*\r?\n/.test(head)) return null;
  const { title_number } = readSnapshotFacts(head);
  return title_number !== null && title_number !== 15 ? title_number : null;
}

/** The stored eCFR documents in byte order of their source_url, as the file export orders paths. */
async function storedEcfrDocuments(store: ChunkStore): Promise<DocumentRow[]> {
  const out: DocumentRow[] = [];
  let after = 0;
  for (;;) {
    const page = await store.listDocuments({ after_id: after, limit: 500 });
    if (page.length === 0) break;
    after = page.at(-1)!.id;
    for (const row of page) if (row.format === 'ecfr') out.push(row);
  }
  const key = (row: DocumentRow): Buffer => Buffer.from(row.source_url, 'utf8');
  return out.sort((a, b) => Buffer.compare(key(a), key(b)));
}
