import type { LexicalIndexState, LexicalMatch, LexicalQuery } from './types.js';

/** The full-text index over the current versions' chunks. */
export interface LexicalIndex {
  /** The analyzer and the indexed chunk sets of the lexical index for one chunker. */
  getLexicalIndexState(chunkerId: string): Promise<LexicalIndexState>;
  /** Current chunks matching any of the terms, best first, ties by section then chunk ID. */
  searchLexical(query: LexicalQuery): Promise<LexicalMatch[]>;
}
