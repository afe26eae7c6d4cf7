import { parse } from 'parse5';
import type { CairnDocument } from '../../types.js';
import { DocumentBuilder } from '../document-builder.js';
import { checkSize, checkTextSize, refuseBinary } from '../guards.js';
import { MEDIA_TYPES, type ParseInput } from '../parse-input.js';
import { decodeHtml } from './decode-html.js';
import { canonicalLink, documentTitle } from './document-title.js';
import { extractTextLayer } from './extract-text-layer.js';
import { findArticle } from './find-article.js';
import { headingTitle } from './heading-title.js';

/**
 * HTML: the visible text layer (scripts, styles, hidden and template content
 * dropped; white space collapsed as a browser shows it, kept in `pre`),
 * h1-h6 as sections, typed blocks, and each block's span in the decoded
 * source markup (`source_span`) so a citation can be shown in the page.
 * Blocks outside the article that Readability finds are `furniture`: they
 * keep their text and offsets (a furniture heading still opens its section),
 * and chunkers leave them out by default. A heading that repeats the article's title stays a
 * heading: Readability drops it from the content because it reports the
 * title apart. A display formula is never furniture: on linkedom,
 * Readability drops MathML that it keeps on a browser DOM (mathjax.html).
 * MathML with a TeX annotation or `alttext` reads as that TeX, also where a
 * page hides the MathML to show a picture of it (Wikipedia): displayed, a
 * `formula` block (the type Markdown's `$$` maths has); inline, text of its
 * sentence.
 */
export async function parseHtml(input: ParseInput): Promise<CairnDocument> {
  checkSize(input);
  checkTextSize(input);
  refuseBinary(input.bytes, input.source_url);
  const { text: source } = decodeHtml(input.bytes, input.source_url);
  const tree = parse(source, { sourceCodeLocationInfo: true });
  const article = findArticle(tree);
  const { canonical, blocks } = extractTextLayer(
    tree,
    article === null ? {} : { isArticle: article.isArticle },
  );
  const articleTitle = article?.title ? collapse(article.title) : null;
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
  for (const { furniture, ...block } of blocks) {
    // the section tree stays as the headings make it, furniture or not: section paths, and so
    // chunk IDs, do not move when Readability judges a heading otherwise
    if (block.type === 'heading') {
      const title = headingTitle(canonical.slice(block.start16, block.end16));
      builder.section({
        rank: block.depth!,
        title,
        start16: block.start16,
        heading: { start16: block.start16, end16: block.end16 },
      });
      if (furniture && collapse(title) !== articleTitle) {
        const { depth: _depth, lang: _lang, ...rest } = block;
        builder.block({ ...rest, type: 'furniture' });
        continue;
      }
    } else if (furniture && block.type !== 'formula') {
      const { depth: _depth, lang: _lang, ...rest } = block;
      builder.block({ ...rest, type: 'furniture' });
      continue;
    }
    builder.block(block);
  }
  return builder.build();
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
