import type { ExportedChunk } from '../search/export-chunks.js';

/** The record shapes `cairn export chunks` writes, one JSON object a line. */
export type ExportFormat = 'jsonl' | 'langchain' | 'llamaindex';

export const EXPORT_FORMATS: readonly ExportFormat[] = ['jsonl', 'langchain', 'llamaindex'];

/** Citation fields a model needs no prompt space for (as the adapters hide them from prompts). */
export const HIDDEN_PAYLOAD_KEYS = [
  'doc_id',
  'snippet_id',
  'chunk_id',
  'chunker_id',
  'rev',
  'offsets',
  'tokens',
  'index_hash',
  'embed_model',
  'analyzer',
  'window',
] as const;

/**
 * LangChain's serialized form of a `Document` (what `@langchain/core/load`'s
 * `load` revives): a constructor record naming the class by its import path.
 */
const LANGCHAIN_DOCUMENT = ['langchain_core', 'documents', 'Document'] as const;

/**
 * One exported chunk in a format: `jsonl`, the payload itself; `langchain`,
 * LangChain's serialized Document (`{"lc": 1, "type": "constructor", "id":
 * [...], "kwargs": {id, pageContent, metadata}}`, revived by `load`);
 * `llamaindex`, a TextNode's fields (`id_`, `text`, `metadata` and the
 * metadata keys kept out of embeddings and prompts). The metadata is the
 * whole citation payload, with `chunk_id` beside `snippet_id` as the
 * adapters name it.
 */
export function toExportRecord(chunk: ExportedChunk, format: ExportFormat): unknown {
  if (format === 'jsonl') return chunk;
  const { text, ...citation } = chunk;
  const metadata = { ...citation, chunk_id: chunk.snippet_id };
  if (format === 'langchain')
    return {
      lc: 1,
      type: 'constructor',
      id: [...LANGCHAIN_DOCUMENT],
      kwargs: { id: chunk.snippet_id, pageContent: text, metadata },
    };
  return {
    id_: chunk.snippet_id,
    text,
    metadata,
    excluded_embed_metadata_keys: [...HIDDEN_PAYLOAD_KEYS],
    excluded_llm_metadata_keys: [...HIDDEN_PAYLOAD_KEYS],
  };
}
