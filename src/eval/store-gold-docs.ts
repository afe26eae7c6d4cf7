import { CairnError } from '../errors.js';
import type { ChunkStore, DocumentRow } from '../store/types.js';
import type { GoldDocs } from './gold-set.js';

/** Every document of the store with a current version, oldest first. */
export async function listAllDocuments(store: ChunkStore): Promise<DocumentRow[]> {
  const all: DocumentRow[] = [];
  for (let after = 0; ; ) {
    const page = await store.listDocuments({ after_id: after, limit: 500 });
    if (page.length === 0) return all;
    all.push(...page);
    after = page.at(-1)!.id;
  }
}

/** The store's documents as a gold set is resolved against: current versions' canonical texts. */
export async function storeGoldDocs(store: ChunkStore): Promise<GoldDocs> {
  const documents = await listAllDocuments(store);
  const versionOf = new Map(documents.map((d) => [d.doc_uid, d.current_version_id]));
  return {
    refs: documents.map((d) => ({ doc_uid: d.doc_uid, source_url: d.source_url })),
    async text(ref) {
      const version = await store.getVersionText(versionOf.get(ref.doc_uid)!);
      if (version === null) {
        throw new CairnError(
          'internal_invariant',
          `The current version of ${ref.doc_uid} (${ref.source_url}) has no stored text`,
        );
      }
      return version.canonical;
    },
  };
}
