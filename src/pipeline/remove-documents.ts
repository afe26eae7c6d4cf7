import type { ChunkStore, DocumentRow } from '../store/types.js';

export interface RemoveOptions {
  /** Delete every row of the documents for good, instead of taking them out of search. */
  purge?: boolean;
  /** Another spelling of a target to try when the target itself names nothing (the CLI: a path as stored). */
  normalize?: (target: string) => string;
}

export interface RemovedDocument {
  /** The argument that named the document. */
  target: string;
  doc_uid: string;
  source_url: string;
  /** `removed`: out of search now; `already_removed`: it was; `purged`: its rows are gone. */
  status: 'removed' | 'already_removed' | 'purged';
}

export interface RemoveOutcome {
  documents: RemovedDocument[];
  /** Targets that named no stored document. */
  not_found: string[];
}

/** Documents below a folder path, a page at a time. */
const PAGE = 500;

/**
 * `cairn rm`: each target is a doc_uid, a document's path as ingested, or a
 * folder path (every document below it). Without `purge`, documents leave
 * search and listings and their chunk IDs resolve as `deleted`, their rows
 * kept; with it, their rows are deleted, lexical index entries included,
 * and their IDs become unknown. Each document is one transaction.
 */
export async function removeDocuments(
  store: ChunkStore,
  targets: readonly string[],
  options: RemoveOptions = {},
): Promise<RemoveOutcome> {
  const outcome: RemoveOutcome = { documents: [], not_found: [] };
  const done = new Set<number>();
  for (const target of targets) {
    const documents = await documentsOf(store, target, options);
    if (documents.length === 0) outcome.not_found.push(target);
    for (const document of documents) {
      if (done.has(document.id)) continue;
      done.add(document.id);
      const status = options.purge
        ? (await store.purgeDocument(document.id))
          ? 'purged'
          : 'already_removed'
        : (await store.removeDocument(document.id))
          ? 'removed'
          : 'already_removed';
      outcome.documents.push({
        target,
        doc_uid: document.doc_uid,
        source_url: document.source_url,
        status,
      });
    }
  }
  return outcome;
}

async function documentsOf(
  store: ChunkStore,
  target: string,
  options: RemoveOptions,
): Promise<DocumentRow[]> {
  const spellings = [target, ...(options.normalize ? [options.normalize(target)] : [])];
  for (const spelling of spellings) {
    const document = await store.getDocument(spelling);
    if (document) return [document];
  }
  // a folder: every document below it (removed ones too, so that --purge finishes what rm began)
  const found: DocumentRow[] = [];
  for (const under of new Set(spellings)) {
    // the root names every document: rm takes documents by name, never the whole store at once
    if (['', '.', '/'].includes(under.replace(/\/+$/, '/'))) continue;
    let after = 0;
    for (;;) {
      const page = await store.listDocumentSummaries({
        under,
        include_removed: options.purge === true,
        after_id: after,
        limit: PAGE,
      });
      found.push(...page.map((summary) => summary.document));
      if (page.length < PAGE) break;
      after = page.at(-1)!.document.id;
    }
    if (found.length > 0) break;
  }
  return found;
}
