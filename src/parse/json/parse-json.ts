import { decodeText } from '../../load/decode-text.js';
import type { CairnDocument } from '../../types.js';
import { DocumentBuilder } from '../document-builder.js';
import { checkSize, refuseBinary } from '../guards.js';
import { MEDIA_TYPES, type ParseInput } from '../parse-input.js';
import { toWellFormed } from '../to-well-formed.js';
import {
  checkThreshold,
  DEFAULT_CHUNK_THRESHOLD_CHARS,
  extractStringNodes,
  type StringNode,
} from './extract-string-nodes.js';
import { parseJsonValue } from './parse-json-value.js';

/** Between two units in the canonical text. */
const JSON_NODE_SEPARATOR = '\n\n';

const JSON_WHITESPACE_ONLY = /^[ \t\n\r]*$/;

/**
 * JSON records (seed 004): every string node of at least
 * `chunk_threshold_chars` code points is a unit, a `json_string` block and a
 * `json_nodes` entry with its RFC 6901 pointer. The canonical text is those
 * strings in document order joined by a blank line; everything else in the
 * record (keys, numbers, short strings) is not text to cite.
 *
 * Order caveat: document order is `JSON.parse`'s own-key order, which lists
 * array-index-like keys (`"0"`, `"42"`) first in numeric order, then the
 * other keys in source order. Pointers are exact either way. With duplicate
 * keys the last one wins, as in every ECMAScript JSON reader.
 *
 * An empty or whitespace-only file is an empty document, not an error.
 */
export async function parseJson(input: ParseInput): Promise<CairnDocument> {
  checkSize(input);
  refuseBinary(input.bytes, input.source_url);
  const decoded = decodeText(input.bytes, input.source_url);
  const threshold = input.options?.chunk_threshold_chars ?? DEFAULT_CHUNK_THRESHOLD_CHARS;
  checkThreshold(threshold);
  const nodes = JSON_WHITESPACE_ONLY.test(decoded.text)
    ? []
    : extractStringNodes(parseJsonValue(decoded, input.source_url), threshold);
  return buildJsonDocument(nodes, input);
}

export function buildJsonDocument(
  nodes: readonly StringNode[],
  input: Omit<ParseInput, 'bytes'>,
): CairnDocument {
  const texts = nodes.map((node) => toWellFormed(node.content));
  const builder = new DocumentBuilder({
    canonical: texts.join(JSON_NODE_SEPARATOR),
    format: 'json',
    media_type: MEDIA_TYPES.json,
    source_url: input.source_url,
    ...(input.doc_uid === undefined ? {} : { doc_uid: input.doc_uid }),
  });
  let start16 = 0;
  nodes.forEach((node, i) => {
    const end16 = start16 + texts[i]!.length;
    builder.block({ type: 'json_string', start16, end16, json_pointer: node.json_pointer });
    builder.jsonNode(node.json_pointer, start16, end16);
    start16 = end16 + JSON_NODE_SEPARATOR.length;
  });
  return builder.build();
}
