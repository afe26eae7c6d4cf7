import { defaultChunkerRegistry } from '../chunk/chunker-registry.js';
import { limitChunker } from '../chunk/limit-chunker.js';
import type { Chunk, ChunkingOptions, ChunkLimits } from '../chunk/types.js';
import { parseDocument } from '../parse/parse-document.js';
import type { ParseOptions } from '../parse/parse-input.js';
import { type PrecomputedWrite, precomputeWrite } from '../pipeline/precompute-write.js';
import type { CairnDocument, Format } from '../types.js';

export interface SourceTask {
  source_url: string;
  bytes: Uint8Array;
  /** Full chunker id (aliases are resolved by the caller, so every thread agrees); none: parse only. */
  chunker_id?: string;
  /** Options the chunker is configured with before it runs (`Chunker.configure`). */
  chunking_options?: ChunkingOptions;
  /** Safety limits the chunker runs under (`Chunker.withLimits`); default: its own. */
  limits?: Partial<ChunkLimits>;
  /** Keep each chunk's `context` on the way back from a worker (the store keeps none; `cairn chunk` prints it). */
  keep_context?: boolean;
  format?: Format;
  doc_uid?: string;
  /** The `source_url` the document records, when not `source_url` (which still picks the format and derives the doc_uid). */
  record_url?: string;
  parse_options?: ParseOptions;
  /** Also compute what the writer would from the document and chunks alone (`precomputeWrite`). */
  precompute_write?: boolean;
}

export interface SourceResult {
  doc: CairnDocument;
  chunks: Chunk[];
  /** PDF: the bytes parsed, which the store keeps with a new version for the page view. */
  source_bytes?: Uint8Array;
  /** With `precompute_write`: the write's document-only parts. */
  precomputed?: PrecomputedWrite;
}

/** Parse and chunk one source: the CPU work an ingest, `cairn parse` and `cairn chunk` hand to worker threads. */
export async function processSource(task: SourceTask): Promise<SourceResult> {
  const doc = await parseDocument({
    bytes: task.bytes,
    source_url: task.source_url,
    ...(task.parse_options === undefined ? {} : { options: task.parse_options }),
    ...(task.format === undefined ? {} : { format: task.format }),
    ...(task.doc_uid === undefined ? {} : { doc_uid: task.doc_uid }),
  });
  if (task.record_url !== undefined) doc.source_url = task.record_url;
  const source = doc.format === 'pdf' ? { source_bytes: task.bytes } : {};
  if (task.chunker_id === undefined) return { doc, chunks: [], ...source };
  const { chunking_options: options } = task;
  const base = defaultChunkerRegistry().get(task.chunker_id);
  const configured = options === undefined ? base : base.configure(options);
  const chunker = task.limits === undefined ? configured : limitChunker(configured, task.limits);
  const chunks = chunker.chunk(doc);
  if (task.precompute_write !== true) return { doc, chunks, ...source };
  return { doc, chunks, ...source, precomputed: await precomputeWrite(doc, chunks) };
}
