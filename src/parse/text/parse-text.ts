import { decodeText } from '../../load/decode-text.js';
import type { CairnDocument } from '../../types.js';
import { DocumentBuilder } from '../document-builder.js';
import { checkSize, checkTextSize, refuseBinary } from '../guards.js';
import type { ParseInput } from '../parse-input.js';
import { MEDIA_TYPES } from '../parse-input.js';
import { isBlankLine, type Line, lines, trimSpan } from '../text-lines.js';

/**
 * A numbered heading: a paragraph of one short line such as `2.4 Scope` or
 * `3. Results`, numbering then a capitalised title and no closing
 * punctuation, so that numbered list items and sentences are not taken.
 * "One line" by every break `lines()` knows: with `[^\n]`, a two-line
 * paragraph of a file with CR line ends (or U+2028) would be taken as a heading.
 */
const NUMBERED_HEADING = /^(\d{1,3}(?:\.\d{1,3})*)\.?[ \t]+(\p{Lu}[^\n\r\u2028\u2029]{0,78})$/u;

/** Plain text: paragraphs split on blank lines, numbered headings as sections. */
export async function parseText(input: ParseInput): Promise<CairnDocument> {
  checkSize(input);
  checkTextSize(input);
  refuseBinary(input.bytes, input.source_url);
  const { text } = decodeText(input.bytes, input.source_url);
  return buildTextDocument(text, input);
}

export function buildTextDocument(text: string, input: Omit<ParseInput, 'bytes'>): CairnDocument {
  const builder = new DocumentBuilder({
    canonical: text,
    format: 'text',
    media_type: MEDIA_TYPES.text,
    source_url: input.source_url,
    ...(input.doc_uid === undefined ? {} : { doc_uid: input.doc_uid }),
  });
  for (const para of paragraphs(text)) {
    const heading = headingOf(text, para);
    if (heading) {
      builder.section({
        rank: heading.rank,
        title: heading.title,
        start16: para.start16,
        heading: para,
      });
      builder.block({
        type: 'heading',
        start16: para.start16,
        end16: para.end16,
        depth: heading.rank,
      });
    } else {
      builder.block({ type: 'paragraph', start16: para.start16, end16: para.end16 });
    }
  }
  return builder.build();
}

/** Maximal runs of non-blank lines, trimmed of surrounding whitespace. */
export function* paragraphs(text: string, from16 = 0, to16 = text.length): Generator<Line> {
  let start16 = -1;
  let end16 = -1;
  for (const line of lines(text, from16, to16)) {
    if (isBlankLine(text, line)) {
      if (start16 >= 0) {
        const span = trimSpan(text, start16, end16);
        if (span.end16 > span.start16) yield span;
        start16 = -1;
      }
      continue;
    }
    if (start16 < 0) start16 = line.start16;
    end16 = line.end16;
  }
  if (start16 >= 0) {
    const span = trimSpan(text, start16, end16);
    if (span.end16 > span.start16) yield span;
  }
}

function headingOf(text: string, para: Line): { rank: number; title: string } | null {
  if (para.end16 - para.start16 > 90) return null;
  const line = text.slice(para.start16, para.end16);
  const match = NUMBERED_HEADING.exec(line);
  if (!match || /[.,;:!?]$/.test(line)) return null;
  return { rank: match[1]!.split('.').length, title: line };
}
