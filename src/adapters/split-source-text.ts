import { runChunker } from '../chunk/run-chunker.js';
import type { Chunk, Chunker } from '../chunk/types.js';
import { CairnError } from '../errors.js';
import { mintChunkIds } from '../ids/mint-chunk-ids.js';
import { detectFormat } from '../load/detect-format.js';
import { OffsetIndex } from '../load/offset-index.js';
import { parseDocument } from '../parse/parse-document.js';
import { partitionPoint } from '../partition-point.js';
import type { CairnDocument, Format } from '../types.js';

/**
 * Formats whose canonical text is the source text itself, so that an offset
 * into the canonical text is an offset into the framework's string. HTML,
 * JSON, notebooks and PDF extract a text layer of their own: a framework
 * document that holds one of those is read as plain text.
 */
const SOURCE_TEXT_FORMATS = ['markdown', 'ecfr', 'text'] as const;
export type SourceTextFormat = (typeof SOURCE_TEXT_FORMATS)[number];

/** cairn's other formats: each has a text layer of its own, which its offsets index. */
const TEXT_LAYER_FORMATS: readonly string[] = ['html', 'json', 'ipynb', 'pdf'] satisfies Exclude<
  Format,
  SourceTextFormat
>[];

/**
 * Refuses a `format` option an adapter cannot read the given text as, when the
 * adapter is made rather than at its first document: `unsupported_format` for
 * a format with a text layer of its own, `invalid_option` for anything else
 * that is not one of `SOURCE_TEXT_FORMATS` (JavaScript callers pass `'md'`).
 */
export function checkSourceTextFormat(what: string, format: unknown): void {
  if (format === undefined || (SOURCE_TEXT_FORMATS as readonly unknown[]).includes(format)) return;
  const accepted = `${SOURCE_TEXT_FORMATS.slice(0, -1).join(', ')} or ${SOURCE_TEXT_FORMATS.at(-1)}`;
  if (TEXT_LAYER_FORMATS.includes(format as string)) {
    throw new CairnError(
      'unsupported_format',
      `${what} format "${format}" has a text layer of its own, which offsets into the given text would not index: use ${accepted}`,
      { details: { option: 'format', accepted: [...SOURCE_TEXT_FORMATS] } },
    );
  }
  throw new CairnError(
    'invalid_option',
    `${what} format ${JSON.stringify(format) ?? String(format)} is not a format: use ${accepted}`,
    { details: { option: 'format', accepted: [...SOURCE_TEXT_FORMATS] } },
  );
}

export interface SplitSourceTextOptions {
  chunker: Chunker;
  /** Default: Markdown (or eCFR Markdown) for a `.md` source, plain text for anything else. */
  format?: SourceTextFormat;
  /** A stable id the source already has; default: derived from `source_url`, as ingest does. */
  doc_uid?: string;
}

/** One chunk with its ID and its place in the framework's string. */
export interface SourcePiece {
  chunk: Chunk;
  chunk_id: string;
  /** UTF-16 indices into the source text: `text.slice(start16, end16) === chunk.text`. */
  start16: number;
  end16: number;
  /** 1-based lines of the source text the chunk spans, first and last (LangChain's `loc.lines`). */
  lines: { from: number; to: number };
}

export interface SplitSourceText {
  doc: CairnDocument;
  chunker_id: string;
  pieces: SourcePiece[];
}

const BOM = '\ufeff';
// with the u flag a well-formed pair is one code point, so only a lone half matches
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Parses a framework's document text as cairn would ingest the same bytes,
 * chunks it and mints the chunk IDs a first ingest writes. Offsets stay
 * code points into the canonical text (the chunk's `span`); this is the one
 * place where they are also given as UTF-16 indices into `text`, the unit
 * JavaScript frameworks slice with. The two differ after any character
 * outside the Basic Multilingual Plane, and by one when `text` opens with a
 * byte order mark, which the canonical text drops.
 */
export async function splitSourceText(
  text: string,
  source_url: string,
  options: SplitSourceTextOptions,
): Promise<SplitSourceText> {
  if (typeof text !== 'string') {
    throw new CairnError(
      'invalid_option',
      `The text of ${source_url} is not a string: received ${text === null ? 'null' : typeof text}`,
      { details: { source: source_url } },
    );
  }
  const lone = LONE_SURROGATE.exec(text);
  if (lone !== null) {
    throw new CairnError(
      'invalid_utf8',
      `The text of ${source_url} has a lone surrogate at UTF-16 index ${lone.index}: it has no UTF-8 form to cite`,
      { details: { source: source_url, index16: lone.index } },
    );
  }
  checkSourceTextFormat('splitSourceText', options.format);
  const bytes = Buffer.from(text, 'utf8');
  const format = options.format ?? formatOf(source_url, bytes);
  const doc = await parseDocument({
    bytes,
    source_url,
    format,
    ...(options.doc_uid === undefined ? {} : { doc_uid: options.doc_uid }),
  });
  const shift16 = shiftOf(text, doc.canonical, source_url);
  const chunks = await runChunker(options.chunker, doc);
  const ids = mintChunkIds(doc, chunks);
  const index = new OffsetIndex(doc.canonical);
  const newlines = newlineIndices(text);
  const pieces = chunks.map((chunk, k): SourcePiece => {
    const start16 = index.index16(chunk.span.start) + shift16;
    const end16 = index.index16(chunk.span.end) + shift16;
    const from = 1 + countBelow(newlines, start16);
    return {
      chunk,
      chunk_id: ids[k]!,
      start16,
      end16,
      lines: { from, to: from + countBelow(newlines, end16) - countBelow(newlines, start16) },
    };
  });
  return { doc, chunker_id: options.chunker.chunker_id, pieces };
}

function formatOf(source_url: string, bytes: Uint8Array): SourceTextFormat {
  try {
    const format = detectFormat(source_url, bytes.subarray(0, 2048));
    return format === 'markdown' || format === 'ecfr' ? format : 'text';
  } catch {
    // no extension, or one cairn does not parse: the string is still text
    return 'text';
  }
}

/** UTF-16 units `text` has before the canonical text: 1 for a leading BOM, else 0. */
function shiftOf(text: string, canonical: string, source_url: string): number {
  if (canonical === text) return 0;
  if (text.startsWith(BOM) && text.length === canonical.length + 1 && text.endsWith(canonical)) {
    return 1;
  }
  throw new CairnError(
    'internal_invariant',
    `The canonical text of ${source_url} is not its source text: offsets would not index it`,
    { details: { source: source_url } },
  );
}

function newlineIndices(text: string): number[] {
  const out: number[] = [];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) out.push(i);
  return out;
}

/** How many of the sorted `values` are below `limit`. */
function countBelow(values: readonly number[], limit: number): number {
  return partitionPoint(values.length, (i) => values[i]! < limit);
}
