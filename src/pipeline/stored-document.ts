import type { DocumentRow, VersionWithText } from '../store/types.js';
import type { CairnDocument } from '../types.js';

/** A stored version as the document model, so chunkers can run on it without the source (late chunking). */
export function toCairnDocument(document: DocumentRow, version: VersionWithText): CairnDocument {
  return {
    doc_uid: document.doc_uid,
    source_url: document.source_url,
    media_type: document.media_type,
    format: document.format,
    title: version.model.title ?? null,
    canonical: version.canonical,
    content_hash: version.content_hash,
    rev: version.rev,
    length: version.length,
    byte_length: version.byte_length,
    sections: version.model.sections,
    blocks: version.model.blocks,
    pages: version.model.pages,
    json_nodes: version.model.json_nodes,
  };
}
