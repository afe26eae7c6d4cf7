import { decodeText } from '../../load/decode-text.js';
import type { CairnDocument, ParseWarning } from '../../types.js';
import { DocumentBuilder } from '../document-builder.js';
import { checkSize, checkTextSize, refuseBinary } from '../guards.js';
import { MEDIA_TYPES, type ParseInput } from '../parse-input.js';
import { toWellFormed } from '../to-well-formed.js';
import {
  checkThreshold,
  DEFAULT_CHUNK_THRESHOLD_CHARS,
  DEFAULT_JSON_TITLE_KEYS,
  extractStringNodes,
  type NodeTitle,
  type StringNode,
} from './extract-string-nodes.js';
import { findShadowedMembers } from './find-shadowed-members.js';
import { locateJsonIndices, parseJsonValue } from './parse-json-value.js';

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
 * keys the last one wins, as in every ECMAScript JSON reader, at the place of
 * the first; the values it shadows are not dropped: their string nodes come
 * after all the others, in source order, under the same pointer, and each
 * repeat is a `duplicate_json_key` warning with its pointer and place.
 *
 * An empty or whitespace-only file is an empty document, not an error.
 */
export async function parseJson(input: ParseInput): Promise<CairnDocument> {
  checkSize(input);
  checkTextSize(input);
  refuseBinary(input.bytes, input.source_url);
  const decoded = decodeText(input.bytes, input.source_url);
  const threshold = input.options?.chunk_threshold_chars ?? DEFAULT_CHUNK_THRESHOLD_CHARS;
  checkThreshold(threshold);
  if (JSON_WHITESPACE_ONLY.test(decoded.text)) return buildJsonDocument([], input);
  const titleKeys = input.options?.json_title_keys ?? DEFAULT_JSON_TITLE_KEYS;
  const nodes = extractStringNodes(parseJsonValue(decoded, input.source_url), threshold, titleKeys);
  const warnings: ParseWarning[] = [];
  const shadowedMembers = findShadowedMembers(decoded.text);
  const places = locateJsonIndices(
    decoded,
    shadowedMembers.map((m) => m.repeat16),
  );
  for (const [i, shadowed] of shadowedMembers.entries()) {
    const value: unknown = JSON.parse(decoded.text.slice(shadowed.start16, shadowed.end16));
    for (const node of extractStringNodes(value, threshold, titleKeys)) {
      nodes.push({
        json_pointer: shadowed.json_pointer + node.json_pointer,
        content: node.content,
      });
    }
    const { line, column, byte_offset } = places[i]!;
    warnings.push({
      code: 'duplicate_json_key',
      message: `${input.source_url}: the key at ${shadowed.json_pointer} is repeated at line ${line} column ${column}; JSON readers keep the last value, and the earlier one's text is kept too, under the same pointer`,
      json_pointer: shadowed.json_pointer,
      line,
      column,
      byte_offset,
    });
  }
  return buildJsonDocument(nodes, input, warnings);
}

/**
 * Title-like keys name sections: the node's titled ancestors become the open
 * sections, one rank per level, opened where the node starts (the titles
 * are not in the canonical text, so the sections have no heading span). A
 * node back in an ancestor after a nested titled object reopens that
 * ancestor's title at its rank: sections are spans, and the nested one has
 * to end. Returns the chain now open.
 */
function openTitledSections(
  builder: DocumentBuilder,
  open: readonly NodeTitle[],
  titles: readonly NodeTitle[],
  start16: number,
): readonly NodeTitle[] {
  let same = 0;
  while (
    same < open.length &&
    same < titles.length &&
    open[same]!.json_pointer === titles[same]!.json_pointer
  )
    same++;
  if (same === open.length && same === titles.length) return open;
  // deeper sections still open above a node that is not in them: reopen its innermost title
  const from = same === titles.length && same > 0 ? same - 1 : same;
  for (let level = from; level < titles.length; level++) {
    builder.section({ rank: level + 1, title: titles[level]!.title, start16 });
  }
  return titles;
}

export function buildJsonDocument(
  nodes: readonly StringNode[],
  input: Omit<ParseInput, 'bytes'>,
  warnings: readonly ParseWarning[] = [],
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
  let open: readonly NodeTitle[] = [];
  nodes.forEach((node, i) => {
    const end16 = start16 + texts[i]!.length;
    open = openTitledSections(builder, open, node.titles ?? [], start16);
    builder.block({ type: 'json_string', start16, end16, json_pointer: node.json_pointer });
    builder.jsonNode(node.json_pointer, start16, end16);
    start16 = end16 + JSON_NODE_SEPARATOR.length;
  });
  const doc = builder.build();
  return warnings.length === 0 ? doc : { ...doc, warnings: [...warnings] };
}
