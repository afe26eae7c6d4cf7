import type { Chunk } from '../chunk/types.js';
import { mintChunkIds } from '../ids/mint-chunk-ids.js';
import { encodeModel } from '../store/encode-model.js';
import type { SectionRecord } from '../store/section-record.js';
import type { CairnDocument } from '../types.js';
import { textHash } from './canonical-fields.js';
import { deriveAnchor } from './derive-anchor.js';
import { sectionRecords } from './section-records.js';

/**
 * What `ensure` would compute from a document and its chunks alone, before
 * it knows what the store holds: a worker thread computes it beside the
 * parse, so the writer's thread, which every document passes through, only
 * plans IDs and writes. Each field is exactly what the writer would compute.
 */
export interface PrecomputedWrite {
  /** `encodeModel` of the document's model, for a new version's row. */
  model: Uint8Array;
  /** `sectionRecords` of the document, for a new version's rows. */
  sections: SectionRecord[];
  /** Per chunk, in order: `deriveAnchor` and `textHash` of its text. */
  anchors: (string | null)[];
  hashes: string[];
  /** The IDs a first version of a new document mints (`r=` the rev's first 8 digits). */
  fresh_ids: string[];
}

/** Computes the write's document-only parts; chunk texts and heading paths must still be whole. */
export async function precomputeWrite(
  doc: CairnDocument,
  chunks: readonly Chunk[],
): Promise<PrecomputedWrite> {
  return {
    model: await encodeDocumentModel(doc),
    sections: documentSectionRecords(doc),
    anchors: chunks.map((chunk) => deriveAnchor(chunk.text)),
    hashes: chunks.map((chunk) => textHash(chunk.text)),
    fresh_ids: mintChunkIds(doc, chunks, { rev: doc.rev.slice(0, 8) }),
  };
}

/** A version's model column. */
export function encodeDocumentModel(doc: CairnDocument): Promise<Buffer> {
  return encodeModel({
    title: doc.title,
    sections: doc.sections,
    blocks: doc.blocks,
    pages: doc.pages,
    json_nodes: doc.json_nodes,
  });
}

/** A version's section records. */
export function documentSectionRecords(doc: CairnDocument): SectionRecord[] {
  return sectionRecords({
    format: doc.format,
    sections: doc.sections,
    source_url: doc.source_url,
    // an eCFR export names its title and chapter in its front matter
    head: doc.canonical.slice(0, 512),
    blocks: doc.blocks,
  });
}
