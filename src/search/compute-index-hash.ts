import { createHash } from 'node:crypto';
import type { LexicalIndexState } from '../store/types.js';

/** What `computeIndexHash` gives: cairn's lexical index, as opposed to another system's index. */
export const LEXICAL_INDEX_HASH = /^lex:[0-9a-f]{40}$/;

/**
 * The index hash of seed 001: sha256 over the chunker, the analyzer, the
 * embedding model and every indexed chunk set (document and chunk-set
 * digest, itself a digest of the chunk IDs and hashes in order), sorted by
 * doc_uid in code-unit order. Equal stores give equal hashes, whatever
 * order or database they were written in; the analyzer keeps the two
 * backends' hashes apart.
 */
export function computeIndexHash(
  chunkerId: string,
  embedModel: string,
  state: LexicalIndexState,
): string {
  const hash = createHash('sha256');
  hash.update(`chunker=${chunkerId}\nanalyzer=${state.analyzer}\nembed_model=${embedModel}\n`);
  const sets = [...state.sets].sort((a, b) =>
    a.doc_uid < b.doc_uid ? -1 : a.doc_uid > b.doc_uid ? 1 : 0,
  );
  for (const set of sets) hash.update(`${set.doc_uid}\t${set.digest}\t${set.chunk_count}\n`);
  return `lex:${hash.digest('hex').slice(0, 40)}`;
}
