// cairn/chunk: what a chunker is built from, for users who write or tune one:
// each built-in chunker's defaults, chunker IDs, furniture.

export { ATOMIC_BLOCK_TYPES } from '../types.js';
export { CHAR_DEFAULTS } from './char-chunker.js';
export type { ChunkerIdParts } from './chunker-id.js';
export { formatChunkerId, parseChunkerId } from './chunker-id.js';
export { isFurniture } from './furniture.js';
export type { FurnitureSetting } from './furniture-setting.js';
export { SEMANTIC_DEFAULTS } from './semantic-chunker.js';
export { STRUCTURE_DEFAULTS } from './structure-chunker.js';
export { TOKEN_DEFAULTS } from './token-chunker.js';
export { TOKEN_LIKE_DEFAULTS } from './token-like-chunker.js';
