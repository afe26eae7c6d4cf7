import { relative } from 'node:path';
import { walkSupportedFiles } from '../load/collect-sources.js';
import { parseFile } from '../parse/parse-document.js';
import { type ChunkSource, ensure } from '../pipeline/ensure.js';
import { resolveChunk } from '../pipeline/resolve-chunk.js';
import type { ChunkStore } from '../store/types.js';
import type { GoldQuestion } from './gold-set.js';
import { locateQuote } from './locate-quote.js';
import { matchGoldDoc } from './match-gold-doc.js';
import { listAllDocuments } from './store-gold-docs.js';

export interface ReingestLoss {
  id: string;
  chunk_id: string;
  /** Where the ID led: a live chunk that no longer covers the quote, a deleted or superseded chunk, or a quote gone from the text. */
  reason: 'not_covering' | 'deleted' | 'superseded' | 'quote_gone' | 'quote_not_unique';
  /** The live chunk the ID resolved to, if any. */
  resolved_to: string | null;
}

export interface ReingestReport {
  after: string;
  /** Files of the folder stored as new versions of stored documents, and left unchanged. */
  updated: number;
  unchanged: number;
  /** Files of the folder that name no stored document (by path tail). */
  unmatched_files: string[];
  /** Questions whose first phrasing had a hit before the re-ingest. */
  hits_followed: number;
  /** Of those, hits whose ID reached a chunk through at least one redirect. */
  redirected: number;
  /** Hits whose ID, followed through redirects, names a live chunk that covers the quote in the new text. */
  still_cover: number;
  share: number | null;
  lost: ReingestLoss[];
}

/**
 * Re-ingests a later revision of the documents (`dir`: files matched to
 * stored documents by the tail of their path) into `store`, then follows
 * each earlier hit's chunk ID through redirects to the live chunk and
 * checks that it still covers the gold quote, found again in the new text.
 */
export async function followReingest(
  store: ChunkStore,
  dir: string,
  chunker: ChunkSource,
  hits: readonly { question: GoldQuestion; chunk_id: string }[],
): Promise<ReingestReport> {
  const refs = (await listAllDocuments(store)).map((d) => ({
    doc_uid: d.doc_uid,
    source_url: d.source_url,
    format: d.format,
  }));
  const report: ReingestReport = {
    after: dir,
    updated: 0,
    unchanged: 0,
    unmatched_files: [],
    hits_followed: hits.length,
    redirected: 0,
    still_cover: 0,
    share: null,
    lost: [],
  };
  for (const file of (await walkSupportedFiles(dir)).sort()) {
    const match = matchGoldDoc(relative(dir, file), refs);
    if (match.status !== 'found') {
      report.unmatched_files.push(file);
      continue;
    }
    const ref = refs.find((r) => r.doc_uid === match.doc.doc_uid)!;
    const doc = await parseFile(file, {
      doc_uid: ref.doc_uid,
      source_url: ref.source_url,
      format: ref.format,
    });
    const written = await ensure(store, doc, chunker);
    if (written.status === 'unchanged') report.unchanged++;
    else report.updated++;
  }
  const texts = new Map<number, string>();
  for (const { question, chunk_id } of hits) {
    const resolved = await resolveChunk(store, chunk_id, { chunker: chunker.chunker_id });
    if (resolved.hops.length > 0) report.redirected++;
    const lose = (reason: ReingestLoss['reason'], to: string | null) =>
      report.lost.push({ id: question.id, chunk_id, reason, resolved_to: to });
    if (resolved.status !== 'live') {
      lose(resolved.status, null);
      continue;
    }
    let text = texts.get(resolved.version.id);
    if (text === undefined) {
      text = (await store.getVersionText(resolved.version.id))?.canonical ?? '';
      texts.set(resolved.version.id, text);
    }
    const where = locateQuote(text, question.quote);
    const chunk = resolved.chunk;
    if (where.status !== 'found') {
      lose(where.status === 'absent' ? 'quote_gone' : 'quote_not_unique', chunk.chunk_id);
    } else if (
      resolved.document.doc_uid === question.doc.doc_uid &&
      chunk.char_start <= where.start &&
      where.end <= chunk.char_end
    ) {
      report.still_cover++;
    } else lose('not_covering', chunk.chunk_id);
  }
  report.share = hits.length === 0 ? null : report.still_cover / hits.length;
  return report;
}
