import type { SearchOptions } from './types.js';

/**
 * The string-valued search options a caller outside the library passes by
 * name (HTTP query parameters and JSON fields, LangChain retriever fields):
 * one list, so a new option reaches every surface.
 */
export const SEARCH_STRING_OPTIONS = [
  'doc',
  'section',
  'chunker',
  'analyzer',
  'index_hash',
  'rerank',
  'mode',
] as const satisfies readonly (keyof SearchOptions)[];
