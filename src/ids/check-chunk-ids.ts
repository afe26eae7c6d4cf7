import type { Chunker } from '../chunk/types.js';
import { type ParseFileOptions, parseFile } from '../parse/parse-document.js';
import { alignChunkIds } from './align-chunk-ids.js';
import { mintChunkIds } from './mint-chunk-ids.js';
import {
  type ChunkIdIssue,
  type ChunkIdValidationResult,
  validateChunkIds,
} from './validate-chunk-ids.js';

export interface ChunkIdCheck {
  path: string;
  chunks: number;
  /** The first chunk's ID, for a quick look. */
  first_id: string | null;
  result: ChunkIdValidationResult;
}

/**
 * The seed's 60-second validator on one file: parse, chunk, mint, check
 * uniqueness and order; then ingest the same file again from scratch and
 * check that minting gives the same IDs and that alignment with the first
 * ingest reports no change. Parse and chunk failures throw (`CairnError`).
 */
export async function checkChunkIds(
  path: string,
  options: { chunker: Chunker; parse?: ParseFileOptions },
): Promise<ChunkIdCheck> {
  const ingest = async () => {
    const doc = await parseFile(path, options.parse);
    const chunks = options.chunker.chunk(doc);
    return { doc, chunks, ids: mintChunkIds(doc, chunks) };
  };
  const first = await ingest();
  const second = await ingest();
  const aligned = alignChunkIds(
    first.chunks.map((chunk, k) => ({ chunk_id: first.ids[k]!, text: chunk.text })),
    second.doc,
    second.chunks,
  );
  const issues: ChunkIdIssue[] = [];
  const collect = (result: ChunkIdValidationResult): void => {
    if (!result.ok) issues.push(...result.issues);
  };
  collect(
    validateChunkIds({
      ids: first.ids,
      reingest: { ids: aligned.ids, change: aligned.change, redirects: aligned.redirects },
    }),
  );
  // Recomputable from the source: a fresh mint of the second ingest gives the same IDs.
  const remint = validateChunkIds({ ids: first.ids, reingest: { ids: second.ids } });
  if (!remint.ok) {
    for (const issue of remint.issues) {
      if (issue.code === 'unstable_reingest')
        issues.push({ ...issue, message: `Fresh mint: ${issue.message}` });
    }
  }
  return {
    path,
    chunks: first.ids.length,
    first_id: first.ids[0] ?? null,
    result: issues.length === 0 ? { ok: true } : { ok: false, issues },
  };
}
