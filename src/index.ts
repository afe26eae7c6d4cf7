// The one public barrel: everything a library user imports comes from here.

export type { CairnErrorDetails, ErrorCode } from './errors.js';
export { CairnError, ERROR_CODES, isCairnError } from './errors.js';
export { decodeText } from './load/decode-text.js';
export { detectFormat, SUPPORTED_EXTENSIONS } from './load/detect-format.js';
export { canonicalizeSource, deriveDocUid } from './load/doc-uid.js';
export { normalizeText } from './load/normalize-text.js';
export { OffsetIndex } from './load/offset-index.js';
export type { BlockInput, DocumentSource, SectionInput } from './parse/document-builder.js';
export { DocumentBuilder } from './parse/document-builder.js';
export type { ParseDocumentInput, ParseFileOptions } from './parse/parse-document.js';
export { parseDocument, parseFile } from './parse/parse-document.js';
export type { ParseInput, ParseOptions } from './parse/parse-input.js';
export type {
  Block,
  BlockType,
  CairnDocument,
  Format,
  JsonNode,
  Page,
  Section,
  Span,
} from './types.js';
export { ATOMIC_BLOCK_TYPES } from './types.js';
