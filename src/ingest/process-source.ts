import { defaultChunkerRegistry } from '../chunk/chunker-registry.js';
import type { Chunk } from '../chunk/types.js';
import { parseDocument } from '../parse/parse-document.js';
import type { ParseOptions } from '../parse/parse-input.js';
import type { CairnDocument, Format } from '../types.js';

export interface SourceTask {
  source_url: string;
  bytes: Uint8Array;
  /** Full chunker id (aliases are resolved by the caller, so every thread agrees). */
  chunker_id: string;
  format?: Format;
  parse_options?: ParseOptions;
}

export interface SourceResult {
  doc: CairnDocument;
  chunks: Chunk[];
}

/** Parse and chunk one source: the CPU work an ingest hands to worker threads. */
export async function processSource(task: SourceTask): Promise<SourceResult> {
  const doc = await parseDocument({
    bytes: task.bytes,
    source_url: task.source_url,
    ...(task.parse_options === undefined ? {} : { options: task.parse_options }),
    ...(task.format === undefined ? {} : { format: task.format }),
  });
  const chunks = defaultChunkerRegistry().get(task.chunker_id).chunk(doc);
  return { doc, chunks };
}
