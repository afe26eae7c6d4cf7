import { type BaseReader, Document } from 'llamaindex';
import { checkLoaderSource } from '../check-loader-source.js';
import { HIDDEN_PAYLOAD_KEYS } from '../export-records.js';
import { type CairnLoaderSource, loadCairnChunks } from '../load-cairn-chunks.js';

/**
 * A LlamaIndex.TS reader: one Document per cairn chunk, of a store
 * (`{ store }`: its current chunks) or of files (`{ paths }`: parsed and
 * chunked as `cairn ingest` would, any format cairn reads). `id_` is the
 * chunk ID, the text the chunk's text, the metadata its citation payload
 * (`chunk_id` beside `snippet_id`), with the IDs, offsets and index facts
 * kept out of what LlamaIndex embeds and shows the LLM. Each Document is one
 * chunk already: index it as it is, without a node parser that would split
 * it again, and project a retriever's results with
 * `projectLlamaIndexCitations(results, { index_hash, embed_model })`.
 */
export class CairnLoader implements BaseReader<Document> {
  readonly source: CairnLoaderSource;

  constructor(source: CairnLoaderSource) {
    checkLoaderSource('CairnLoader', source);
    this.source = source;
  }

  async loadData(): Promise<Document[]> {
    const docs: Document[] = [];
    for await (const { text, ...payload } of loadCairnChunks(this.source)) {
      docs.push(
        new Document({
          id_: payload.snippet_id,
          text,
          metadata: { ...payload, chunk_id: payload.snippet_id },
          excludedEmbedMetadataKeys: [...HIDDEN_PAYLOAD_KEYS],
          excludedLlmMetadataKeys: [...HIDDEN_PAYLOAD_KEYS],
        }),
      );
    }
    return docs;
  }
}
