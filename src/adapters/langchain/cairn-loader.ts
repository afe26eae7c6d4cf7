import { BaseDocumentLoader } from '@langchain/core/document_loaders/base';
import { Document } from '@langchain/core/documents';
import { checkLoaderSource } from '../check-loader-source.js';
import { type CairnLoaderSource, type LoadedChunk, loadCairnChunks } from '../load-cairn-chunks.js';

/** A loaded Document's metadata: the chunk's citation payload (no scores), `chunk_id` beside `snippet_id`. */
export type CairnLoadedMetadata = Omit<LoadedChunk, 'text'> & { chunk_id: string };

/**
 * A LangChain document loader: one Document per cairn chunk, of a store
 * (`{ store }`: its current chunks) or of files (`{ paths }`: parsed and
 * chunked as `cairn ingest` would, any format cairn reads, PDF and HTML
 * included). `pageContent` is the chunk's text, `id` its chunk ID, and the
 * metadata its citation payload, so that a vector store's scored results
 * project back with `projectLangChainCitations(results, { index_hash,
 * embed_model })`.
 */
export class CairnLoader extends BaseDocumentLoader {
  readonly source: CairnLoaderSource;

  constructor(source: CairnLoaderSource) {
    super();
    checkLoaderSource('CairnLoader', source);
    this.source = source;
  }

  override async load(): Promise<Document<CairnLoadedMetadata>[]> {
    const docs: Document<CairnLoadedMetadata>[] = [];
    for await (const { text, ...payload } of loadCairnChunks(this.source)) {
      docs.push(
        new Document({
          id: payload.snippet_id,
          pageContent: text,
          metadata: { ...payload, chunk_id: payload.snippet_id },
        }),
      );
    }
    return docs;
  }
}
