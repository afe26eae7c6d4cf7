import { decodeText } from '../../load/decode-text.js';
import type { CairnDocument } from '../../types.js';
import { DocumentBuilder } from '../document-builder.js';
import { checkSize, checkTextSize, refuseBinary } from '../guards.js';
import { emitNode, parseRange } from '../markdown/emit-markdown.js';
import { frontMatterTitle } from '../markdown/front-matter-title.js';
import { headingTitle } from '../markdown/heading-title.js';
import type { TopBlock } from '../markdown/top-blocks.js';
import { MEDIA_TYPES, type ParseInput } from '../parse-input.js';
import { lineEnd, nextLineStart } from '../text-lines.js';
import {
  type DesignatorReading,
  type DesignatorToken,
  isBlankUnit,
  readDesignators,
} from './designator.js';
import { DesignatorNesting } from './designator-nesting.js';
import { headingKey, isTitleLineOf, type LineSpan, lastLine } from './title-line.js';

/** Subparts have no Markdown heading in the export; they rank between the part (3) and its sections (4). */
const SUBPART_RANK = 3.5;
/** Paragraph designators rank below every Markdown heading, one rank per depth under the `§`. */
const DESIGNATOR_RANK = 10;
/**
 * A subpart title line: `Subpart A—General`, `Subparts B-C [Reserved]`; NASA's
 * (14 CFR chapter V) are numbered by part (`Subpart 1262.1—General Provisions`),
 * and a range may be spaced (`Subparts B - C [Reserved]`, 15 CFR chapter IX).
 */
const SUBPART =
  /Subparts? [A-Z0-9]{1,4}(?:\.\d{1,4})?(?:(?:-| - | through )[A-Z0-9]{1,4}(?:\.\d{1,4})?)?(?:—|[ \t]*\[Reserved\]|[ \t]*(?=[\r\n\u2028\u2029]|$))/y;

/**
 * eCFR Markdown: the Markdown headings (chapter, subchapter, part, `§`)
 * named by the title lines the export writes before them, subparts, and the
 * paragraph designators `(a)`, `(1)`, `(i)`, `(A)` as nested sections. The
 * export indents the regulation text, so CommonMark sees indented code:
 * those blocks are read back as text, one paragraph block per line.
 */
export async function parseEcfr(input: ParseInput): Promise<CairnDocument> {
  checkSize(input);
  checkTextSize(input);
  refuseBinary(input.bytes, input.source_url);
  const { text } = decodeText(input.bytes, input.source_url);
  const { nodes, shift16 } = parseRange(text, { start16: 0, end16: text.length }, input.source_url);
  const builder = new DocumentBuilder({
    canonical: text,
    format: 'ecfr',
    media_type: MEDIA_TYPES.ecfr,
    source_url: input.source_url,
    ...(input.doc_uid === undefined ? {} : { doc_uid: input.doc_uid }),
    ...titleOption(frontMatterTitle(nodes[0])),
  });
  new EcfrReader(builder, text, nodes, shift16).read();
  return builder.build();
}

function titleOption(title: string | null): { title?: string } {
  return title === null ? {} : { title };
}

interface RegulationLine {
  start16: number;
  end16: number;
  subpart: boolean;
  tokens: DesignatorToken[];
  body16: number;
}

class EcfrReader {
  private readonly nesting = new DesignatorNesting();
  /** Title lines claimed by the heading that follows them, by the heading's node index. */
  private readonly titles = new Map<number, LineSpan>();
  /** The readings of each designator as written, read once per document. */
  private readonly readings = new Map<string, readonly DesignatorReading[]>();

  constructor(
    private readonly builder: DocumentBuilder,
    private readonly text: string,
    private readonly nodes: TopBlock[],
    private readonly shift16: number,
  ) {}

  read(): void {
    for (let i = 0; i < this.nodes.length; i++) this.claimTitleLine(i);
    for (let i = 0; i < this.nodes.length; i++) {
      const node = this.nodes[i]!;
      if (node.type === 'heading')
        this.heading(i, node.depth ?? 0, headingTitle(this.text, node, this.shift16));
      else if (node.type === 'paragraph' || (node.type === 'code' && this.isIndented(node))) {
        const { start16, end16 } = this.range(node);
        this.regulationText(start16, Math.min(end16, this.titles.get(i + 1)?.start16 ?? end16));
      } else emitNode(this.builder, node, this.shift16);
    }
  }

  private range(node: TopBlock): { start16: number; end16: number } {
    return { start16: this.shift16 + node.start, end16: this.shift16 + node.end };
  }

  private isIndented(node: TopBlock): boolean {
    const c = this.text.charCodeAt(this.range(node).start16);
    return c !== 0x60 && c !== 0x7e; // not a ``` or ~~~ fence
  }

  /** If the text just before heading `i` is its title line, remember it for the heading. */
  private claimTitleLine(i: number): void {
    const heading = this.nodes[i];
    const before = this.nodes[i - 1];
    if (heading?.type !== 'heading' || !before) return;
    if (before.type !== 'paragraph' && !(before.type === 'code' && this.isIndented(before))) return;
    const { start16, end16 } = this.range(before);
    const line = lastLine(this.text, start16, end16);
    if (!line) return;
    const { key } = headingKey(headingTitle(this.text, heading, this.shift16), heading.depth ?? 0);
    if (isTitleLineOf(this.text.slice(line.start16, line.end16), key)) this.titles.set(i, line);
  }

  private heading(i: number, depth: number, headingText: string): void {
    const node = this.nodes[i]!;
    const own = this.range(node);
    const title = this.titles.get(i);
    const { designator } = headingKey(headingText, depth);
    this.nesting.reset();
    const at = title ?? own;
    this.builder.section({
      rank: depth,
      title: title ? this.text.slice(title.start16, title.end16) : headingText,
      start16: at.start16,
      heading: at,
      ...(designator === undefined ? {} : { designator }),
    });
    if (title) this.builder.block({ type: 'heading', ...title, depth });
    if (own.end16 > own.start16) this.builder.block({ type: 'heading', ...own, depth });
  }

  /** Indented regulation text: one block per line, designators opening nested sections. */
  private regulationText(from16: number, to16: number): void {
    const found: RegulationLine[] = [];
    const text = this.text;
    for (let line16 = from16; line16 < to16; ) {
      const lineEnd16 = lineEnd(text, line16, to16);
      let start16 = line16;
      let end16 = lineEnd16;
      line16 = nextLineStart(text, lineEnd16);
      while (start16 < end16 && isBlankUnit(text.charCodeAt(start16))) start16++;
      while (end16 > start16 && isBlankUnit(text.charCodeAt(end16 - 1))) end16--;
      if (start16 === end16) continue;
      const subpart = isSubpartLine(text, start16, end16);
      const { tokens, body16 } = subpart
        ? { tokens: [], body16: start16 }
        : readDesignators(text, start16, this.readings);
      found.push({ start16, end16, subpart, tokens, body16: Math.min(body16, end16) });
    }
    const all = found.flatMap((l) => l.tokens);
    let t = 0;
    for (const line of found) {
      if (line.subpart) {
        this.nesting.reset();
        this.builder.section({
          rank: SUBPART_RANK,
          title: this.text.slice(line.start16, line.end16),
          start16: line.start16,
          heading: line,
        });
        this.builder.block({ type: 'heading', start16: line.start16, end16: line.end16 });
        continue;
      }
      const opened = line.tokens[0]?.start16;
      if (opened !== undefined) {
        // Every section a line's designators open starts at its first one: `(b)(1) BIS
        // controls...` is the text of (b)(1), and (b) holds nothing of its own on that line.
        for (const token of line.tokens) {
          t++;
          const { level } = this.nesting.place(token, all, t);
          this.builder.section({
            rank: DESIGNATOR_RANK + level,
            title: token.text,
            designator: token.text,
            start16: opened,
            heading: token,
          });
        }
        // The designators are a heading block of the innermost section, so that its chunk cites
        // `(b)(1)` with its text: the structure chunker packs blocks, so text outside every block
        // is in no chunk. A dash between two, `(f) —(1)`, is theirs too.
        let end16 = line.body16;
        while (end16 > opened && isBlankUnit(this.text.charCodeAt(end16 - 1))) end16--;
        this.builder.block({ type: 'heading', start16: opened, end16 });
      }
      if (line.end16 > line.body16)
        this.builder.block({ type: 'paragraph', start16: line.body16, end16: line.end16 });
    }
  }
}

function isSubpartLine(text: string, start16: number, end16: number): boolean {
  if (text.charCodeAt(start16) !== 0x53 /* S */) return false;
  SUBPART.lastIndex = start16;
  return SUBPART.test(text) && SUBPART.lastIndex <= end16;
}
