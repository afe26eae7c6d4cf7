import { parse } from 'parse5';
import type { CairnDocument } from '../../types.js';
import { DocumentBuilder } from '../document-builder.js';
import { checkSize, refuseBinary } from '../guards.js';
import { MEDIA_TYPES, type ParseInput } from '../parse-input.js';
import { decodeHtml } from './decode-html.js';
import { canonicalLink, documentTitle } from './document-title.js';
import { extractTextLayer } from './extract-text-layer.js';
import { headingTitle } from './heading-title.js';

/**
 * HTML: the visible text layer (scripts, styles, hidden and template content
 * dropped; white space collapsed as a browser shows it, kept in `pre`),
 * h1-h6 as sections, typed blocks, and each block's span in the decoded
 * source markup (`source_span`) so a citation can be shown in the page.
 */
export async function parseHtml(input: ParseInput): Promise<CairnDocument> {
  checkSize(input);
  refuseBinary(input.bytes, input.source_url);
  const { text: source } = decodeHtml(input.bytes, input.source_url);
  const tree = parse(source, { sourceCodeLocationInfo: true });
  const { canonical, blocks } = extractTextLayer(tree);
  const builder = new DocumentBuilder({
    canonical,
    format: 'html',
    media_type: MEDIA_TYPES.html,
    source_url: input.source_url,
    title: documentTitle(tree),
    canonical_url: canonicalLink(tree),
    ...(input.doc_uid === undefined ? {} : { doc_uid: input.doc_uid }),
  });
  builder.setSourceText(source);
  for (const block of blocks) {
    if (block.type === 'heading') {
      builder.section({
        rank: block.depth!,
        title: headingTitle(canonical.slice(block.start16, block.end16)),
        start16: block.start16,
        heading: { start16: block.start16, end16: block.end16 },
      });
    }
    builder.block(block);
  }
  return builder.build();
}
