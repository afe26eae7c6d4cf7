import { decodeText } from '../../load/decode-text.js';
import type { CairnDocument } from '../../types.js';
import { DocumentBuilder } from '../document-builder.js';
import { checkSize, checkTextSize, refuseBinary } from '../guards.js';
import { MEDIA_TYPES, type ParseInput } from '../parse-input.js';
import { emitNodes, parseRange } from './emit-markdown.js';
import { frontMatterTitle } from './front-matter-title.js';

/**
 * Markdown (CommonMark, GFM, math, front matter): the canonical text is the
 * decoded source; headings open sections ranked by depth; every top-level
 * node is one block. The title is the front matter's, else the first heading's.
 */
export async function parseMarkdown(input: ParseInput): Promise<CairnDocument> {
  checkSize(input);
  checkTextSize(input);
  refuseBinary(input.bytes, input.source_url);
  const { text } = decodeText(input.bytes, input.source_url);
  const { nodes, shift16 } = parseRange(text, { start16: 0, end16: text.length }, input.source_url);
  const title = frontMatterTitle(nodes[0]);
  const builder = new DocumentBuilder({
    canonical: text,
    format: 'markdown',
    media_type: MEDIA_TYPES.markdown,
    source_url: input.source_url,
    ...(input.doc_uid === undefined ? {} : { doc_uid: input.doc_uid }),
    ...(title === null ? {} : { title }),
  });
  emitNodes(builder, { nodes, shift16 });
  return builder.build();
}
