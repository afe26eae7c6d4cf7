import { CairnError } from '../errors.js';
import { sha256Hex } from '../load/hash.js';
import type { DesignatorKind } from '../parse/ecfr/designator.js';
import type { Block, CairnDocument, Section, Span } from '../types.js';
import {
  type ChunkKind,
  CORPUS_SCHEMA_VERSION,
  type RetrievalCorpusDocument,
} from './corpus-contract.js';
import { estimateTokens } from './estimate-tokens.js';
import { normalizeEarId } from './normalize-ear-id.js';
import { childKinds, readDesignatorSequence } from './read-designator-sequence.js';
import { splitTextForSize } from './split-text-for-size.js';
import { type ByteRange, segmentRanges, type TextSegment } from './text-segment.js';

export interface BuildEarCorpusOptions {
  /** Snapshot identity written on every document (see `formatSourceRef`). */
  source_ref: string;
  /** A document whose text is over this many tokens (cl100k_base) is split into chunk-level documents. */
  max_tokens?: number;
  /** First and last part of the EAR (15 CFR 730 to 774). */
  parts?: readonly [number, number];
}

/** A corpus document and the canonical bytes its text was read from. */
export interface EarCorpusEntry {
  document: RetrievalCorpusDocument;
  /** In text order; a split document's pieces each name only their own part. */
  ranges: ByteRange[];
}

/** Fits every common embedding model's window with room, and leaves 99% of EAR paragraphs whole. */
export const DEFAULT_MAX_TOKENS = 1024;
const EAR_PARTS: readonly [number, number] = [730, 774];

/** Thrown inside `Emitter.tree` when a `§`'s paragraph tree cannot be trusted at all. */
const MISREAD = Symbol('misread');
const SECTION_URL = 'https://www.ecfr.gov/current/title-15/section-';
const SECTION_DESIGNATOR = /^§\s*(\d+)\.(\d+)$/;
/** `(b)`, the range `(5)-(6)` (cited by its first member), italic `(_1_)`, `(*i*)`, `(<i>1</i>)`. */
const PARAGRAPH_DESIGNATOR =
  /^\((?:_|\*{1,2}|<i>)?([A-Za-z]+|\d+)(?:_|\*{1,2}|<\/i>)?\)(?:-\([^()]+\))?$/;

interface Node {
  section: Section;
  /** Canonical section_id. */
  id: string;
  kind: ChunkKind;
  children: Node[];
  /** True when the node's children break the CFR scheme: they are folded into its text. */
  folded: boolean;
}

/**
 * The EAR profile of `retrieval-corpus.v1` over a parsed eCFR document: one
 * `section` document per `§` in parts 730 to 774, a `subsection` per
 * top-level paragraph (`(a)`), a `paragraph` per deeper one (`(a)(1)`,
 * `(a)(1)(i)`), in reading order, each with `parent_id` naming its immediate
 * container. `ordinal` is left to `assignOrdinals`, which sees the whole corpus.
 *
 * A document's `text` is its own words, not its children's, so each word of
 * the regulation is in exactly one document: a section holds its title line,
 * the text before its first paragraph and its source notes (`[61 FR ...]`);
 * a paragraph the text after its designator up to its first child. A
 * paragraph with no words of its own (`(b)  (1) BIS controls...`) holds its
 * citation label, `§ 746.1(b)`, so that no text is empty. A text over
 * `max_tokens` is split at sentence boundaries into `#p0001`, `#p0002`...
 * documents; the children of a split document name its first chunk.
 *
 * Ids must be citations a reader would write. When a paragraph's children
 * skip designators (`(f)` then `(2)`, the `(1)` hidden behind a dash), their
 * ids cannot be trusted: the paragraph keeps their text, designators written
 * out, and gets no children. When a designator breaks the CFR scheme
 * (`(1)` under `(iii)`; see `readDesignatorSequence`), or the skip is at the
 * top, the whole `§` is one section document (as § 772.1, whose definitions
 * restart `(1)` under each term).
 */
export function buildEarCorpus(
  doc: CairnDocument,
  options: BuildEarCorpusOptions,
): RetrievalCorpusDocument[] {
  return emitEarCorpus(doc, { ...options, with_ranges: false }).map((entry) => entry.document);
}

/** `buildEarCorpus`, each document with the byte ranges of `doc.canonical` it was read from. */
export function buildEarCorpusEntries(
  doc: CairnDocument,
  options: BuildEarCorpusOptions,
): EarCorpusEntry[] {
  return emitEarCorpus(doc, { ...options, with_ranges: true });
}

/** The ranges cost a pass over every piece: the file export, which has no chunks to match, skips it. */
function emitEarCorpus(
  doc: CairnDocument,
  options: BuildEarCorpusOptions & { with_ranges: boolean },
): EarCorpusEntry[] {
  const maxTokens = options.max_tokens ?? DEFAULT_MAX_TOKENS;
  const [firstPart, lastPart] = options.parts ?? EAR_PARTS;
  const emitter = new Emitter(doc, {
    source_ref: options.source_ref,
    max_tokens: maxTokens,
    with_ranges: options.with_ranges,
  });
  for (const section of doc.sections) {
    const match = SECTION_DESIGNATOR.exec(section.designator ?? '');
    if (!match) continue;
    const part = Number(match[1]);
    if (part < firstPart || part > lastPart) continue;
    emitter.section(section, `EAR-${match[1]}.${match[2]}`);
  }
  return emitter.out;
}

/**
 * Numbers documents among their siblings (same parent_id; the roots are
 * siblings too), from 1, in order. `next` carries the counts from one call
 * to the next, for a corpus built a source at a time.
 */
export function assignOrdinals(
  docs: readonly RetrievalCorpusDocument[],
  next: Map<string, number> = new Map(),
): RetrievalCorpusDocument[] {
  return docs.map((d) => {
    const key = d.parent_id ?? '';
    const ordinal = (next.get(key) ?? 0) + 1;
    next.set(key, ordinal);
    return { ...d, ordinal };
  });
}

class Emitter {
  readonly out: EarCorpusEntry[] = [];
  private readonly bytes: Buffer;
  private readonly blocks = new Map<number, Block[]>();
  private readonly children = new Map<number, Section[]>();

  constructor(
    private readonly doc: CairnDocument,
    private readonly settings: { source_ref: string; max_tokens: number; with_ranges: boolean },
  ) {
    this.bytes = Buffer.from(doc.canonical, 'utf8');
    for (const block of doc.blocks) {
      if (block.section !== null) pushTo(this.blocks, block.section, block);
    }
    for (const s of doc.sections) if (s.parent !== null) pushTo(this.children, s.parent, s);
  }

  section(section: Section, id: string): void {
    let root: Node;
    try {
      root = this.tree(section, id, 0, null);
    } catch (error) {
      if (error !== MISREAD) throw error;
      root = { section, id, kind: 'section', children: [], folded: true };
    }
    const notes: TextSegment[] = [];
    const title: TextSegment = {
      text: section.title,
      range: byteRange(section.heading_span),
      verbatim_from: null,
    };
    const visit = (node: Node, parentDocId: string | null): void => {
      const words =
        node.kind === 'section' ? [title, ...this.words(node), ...notes] : this.words(node);
      const label = `§ ${node.id.slice(4)}`;
      const docId = this.push({
        id: node.id,
        kind: node.kind,
        parent: parentDocId,
        title: node.kind === 'section' ? section.title : label,
        segments:
          words.length > 0
            ? words
            : [{ text: label, range: byteRange(node.section.heading_span), verbatim_from: null }],
      });
      for (const child of node.children) visit(child, docId);
    };
    // notes are gathered from the whole § before the section document is written
    this.collectNotes(section, notes);
    visit(root, null);
  }

  /**
   * The node for `section` and its paragraphs. Missing designators fold the
   * paragraph that misses them; a designator out of scheme throws MISREAD, and
   * the whole `§` is folded.
   */
  private tree(section: Section, id: string, depth: number, kind: DesignatorKind | null): Node {
    const chunkKind: ChunkKind = depth === 0 ? 'section' : depth === 1 ? 'subsection' : 'paragraph';
    const node: Node = { section, id, kind: chunkKind, children: [], folded: false };
    const children = this.children.get(section.index) ?? [];
    if (children.length === 0) return node;
    const sequence = readDesignatorSequence(
      children.map((c) => c.designator ?? ''),
      childKinds(kind),
    );
    const ids = children.map((c) => {
      const designator = PARAGRAPH_DESIGNATOR.exec(c.designator ?? '');
      const childId = designator ? `${id}(${designator[1]!.toLowerCase()})` : null;
      const normalized = childId === null ? null : normalizeEarId(childId);
      return normalized?.ok && normalized.id === childId ? childId : null;
    });
    if (!sequence.ok && sequence.problem === 'restart') throw MISREAD;
    if (!sequence.ok || ids.includes(null)) {
      node.folded = true;
      return node;
    }
    node.children = children.map((c, i) => this.tree(c, ids[i]!, depth + 1, sequence.kinds[i]!));
    return node;
  }

  private collectNotes(section: Section, notes: TextSegment[]): void {
    for (const block of this.blocks.get(section.index) ?? []) {
      if (this.isSourceNote(block)) notes.push(this.segmentOf(block));
    }
    for (const child of this.children.get(section.index) ?? []) this.collectNotes(child, notes);
  }

  /** A node's words: its own blocks, and for a folded node its descendants' with their designators. */
  private words(node: Node): TextSegment[] {
    const own = this.ownWords(node.section);
    if (!node.folded) return own;
    const out = [...own];
    const visit = (s: Section): void => {
      const words = this.ownWords(s);
      const designator = s.designator ?? '';
      if (words.length === 0) {
        out.push({ text: designator, range: byteRange(s.heading_span), verbatim_from: null });
      } else {
        const first = words[0]!;
        const lead = designator.length + 1;
        out.push(
          {
            text: `${designator} ${first.text}`,
            range: first.range,
            verbatim_from: first.verbatim_from === null ? null : lead + first.verbatim_from,
          },
          ...words.slice(1),
        );
      }
      for (const child of this.children.get(s.index) ?? []) visit(child);
    };
    for (const child of this.children.get(node.section.index) ?? []) visit(child);
    return out;
  }

  /** Texts of a section's own blocks, headings and source notes aside. */
  private ownWords(section: Section): TextSegment[] {
    const out: TextSegment[] = [];
    for (const block of this.blocks.get(section.index) ?? []) {
      if (block.type === 'heading' || block.type === 'front_matter' || this.isSourceNote(block))
        continue;
      const segment = this.segmentOf(block);
      if (segment.text !== '') out.push(segment);
    }
    return out;
  }

  private textOf(block: Block): string {
    return this.segmentOf(block).text;
  }

  /** A block's text, trimmed; a quote's without its `>` markers (so no longer verbatim). */
  private segmentOf(block: Block): TextSegment {
    const { start_byte, end_byte } = block.span;
    const raw = this.bytes.toString('utf8', start_byte, end_byte);
    if (block.type === 'quote') {
      return {
        text: raw.replace(/^[ \t]*>[ \t]?/gm, '').trim(),
        range: { start_byte, end_byte },
        verbatim_from: null,
      };
    }
    const text = raw.trim();
    const lead = Buffer.byteLength(raw.slice(0, raw.length - raw.trimStart().length), 'utf8');
    return {
      text,
      range: {
        start_byte: start_byte + lead,
        end_byte: start_byte + lead + Buffer.byteLength(text, 'utf8'),
      },
      verbatim_from: 0,
    };
  }

  /** eCFR source notes, `> [61 FR 12806, Mar. 25, 1996, ...]`, close a `§`, whatever paragraph precedes them. */
  private isSourceNote(block: Block): boolean {
    return block.type === 'quote' && this.textOf(block).startsWith('[');
  }

  /** Writes the document, split into chunks when over the limit; returns the doc_id its children name. */
  private push(p: {
    id: string;
    kind: ChunkKind;
    parent: string | null;
    title: string;
    segments: TextSegment[];
  }): string {
    const text = p.segments.map((s) => s.text).join(SEPARATOR);
    const pieces =
      estimateTokens(text) <= this.settings.max_tokens
        ? [text]
        : splitTextForSize(text, this.settings.max_tokens);
    // each trimmed piece with its UTF-16 start in `text`: the pieces concatenate back to it
    const placed: { text: string; start16: number }[] = [];
    let at = 0;
    for (const piece of pieces) {
      const trimmed = piece.trim();
      if (trimmed !== '') {
        placed.push({ text: trimmed, start16: at + piece.length - piece.trimStart().length });
      }
      at += piece.length;
    }
    if (placed.length === 0) {
      throw new CairnError(
        'internal_invariant',
        `Empty text for ${p.id} in ${this.doc.source_url}`,
      );
    }
    const chunked = placed.length > 1;
    const url = urlOf(p.id);
    placed.forEach(({ text: piece, start16 }, i) => {
      const document: RetrievalCorpusDocument = {
        schema_version: CORPUS_SCHEMA_VERSION,
        doc_id: chunked ? `${p.id}#p${String(i + 1).padStart(4, '0')}` : p.id,
        section_id: p.id,
        chunk_kind: p.kind,
        ...(p.parent === null ? {} : { parent_id: p.parent }),
        title: p.title,
        text: piece,
        source: 'ecfr_snapshot',
        source_ref: this.settings.source_ref,
        url,
        tokens_estimate: estimateTokens(piece),
        hash: sha256Hex(piece),
      };
      const ranges = this.settings.with_ranges
        ? segmentRanges(p.segments, SEPARATOR, start16, start16 + piece.length)
        : [];
      this.out.push({ document, ranges });
    });
    return chunked ? `${p.id}#p0001` : p.id;
  }
}

/** Between a document's blocks, as a reader sees paragraphs. */
const SEPARATOR = '\n\n';

function byteRange(span: Span | null): ByteRange | null {
  return span === null ? null : { start_byte: span.start_byte, end_byte: span.end_byte };
}

function pushTo<T>(map: Map<number, T[]>, key: number, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The eCFR section page; paragraphs add the page's own anchor, `#p-746.1(b)(1)`. */
function urlOf(id: string): string {
  const cite = id.slice(4);
  const paren = cite.indexOf('(');
  return paren < 0 ? `${SECTION_URL}${cite}` : `${SECTION_URL}${cite.slice(0, paren)}#p-${cite}`;
}
