import {
  BaseDocumentTransformer,
  Document,
  type DocumentInterface,
} from '@langchain/core/documents';
import type { Chunker, ChunkingOptions } from '../../chunk/types.js';
import { checkAdapterOptions, type ListsEveryKey } from '../check-adapter-options.js';
import { type CairnChunkMetadata, chunkMetadata } from '../chunk-metadata.js';
import { readSourceUrl } from '../read-source-url.js';
import { resolveChunker } from '../resolve-chunker.js';
import {
  checkSourceTextFormat,
  type SourceTextFormat,
  splitSourceText,
} from '../split-source-text.js';

/** Every key of `CairnTextSplitterOptions`: others are refused, not ignored. */
const OPTION_KEYS = [
  'chunker',
  'chunking',
  'format',
] as const satisfies readonly (keyof CairnTextSplitterOptions)[];
true satisfies ListsEveryKey<CairnTextSplitterOptions, typeof OPTION_KEYS>;

export interface CairnTextSplitterOptions {
  /** A chunker, or a chunker id, name or alias of the default registry (default `default`). */
  chunker?: Chunker | string;
  /** Tuning applied to the chunker (`Chunker.configure`), e.g. `{ max_chunk_tokens: 256 }`. */
  chunking?: ChunkingOptions;
  /** How to read `pageContent`; default from `metadata.source`: Markdown for `.md`, else plain text. */
  format?: SourceTextFormat;
}

/**
 * Where a chunk sits in the Document it was split from. `lines` is
 * LangChain's convention (1-based, as its text splitters count them);
 * `start16`/`end16` are UTF-16 indices, the unit JavaScript strings slice
 * with: `source.pageContent.slice(start16, end16) === chunk.pageContent`.
 * The code-point offsets cairn cites are `metadata.offsets`.
 */
export interface CairnLoc {
  lines: { from: number; to: number };
  start16: number;
  end16: number;
  [key: string]: unknown;
}

/** A split Document's metadata: the source Document's, then cairn's chunk facts over it. */
export type CairnSplitMetadata = Record<string, unknown> & CairnChunkMetadata & { loc: CairnLoc };

/** LangChain's loader convention: the file path or URL a Document came from. */
const SOURCE_KEYS = ['source'] as const;

/**
 * A LangChain document transformer (what its text splitters are) that
 * splits with a cairn chunker. Each chunk becomes a Document whose
 * `pageContent` is exactly the chunk's text, whose `id` is its chunk ID,
 * and whose metadata carries the chunk ID, chunker id, code-point offsets,
 * section path, page and token count under the citation payload's names
 * (`CairnChunkMetadata`) and the UTF-16 place in `loc`. The chunk IDs are
 * the ones `cairn ingest` mints for the same text under the same source.
 * `pageContent` is read as the bytes of a file would be: Markdown or plain
 * text, whose canonical text is the string itself.
 */
export class CairnTextSplitter extends BaseDocumentTransformer<
  DocumentInterface[],
  Document<CairnSplitMetadata>[]
> {
  override lc_namespace = ['cairn', 'document_transformers'];
  readonly chunker: Chunker;
  readonly format: SourceTextFormat | undefined;

  constructor(options: CairnTextSplitterOptions = {}) {
    super();
    checkAdapterOptions('CairnTextSplitter', options, OPTION_KEYS);
    checkSourceTextFormat('CairnTextSplitter', options.format);
    this.chunker = resolveChunker(options.chunker, options.chunking);
    this.format = options.format;
  }

  /** Each Document needs `metadata.source`: cairn derives the stable document id from it. */
  async transformDocuments(
    documents: DocumentInterface[],
  ): Promise<Document<CairnSplitMetadata>[]> {
    const out: Document<CairnSplitMetadata>[] = [];
    for (const [k, document] of documents.entries()) {
      const metadata: Record<string, unknown> = document.metadata ?? {};
      const source = readSourceUrl(metadata, SOURCE_KEYS, `Document ${k}`);
      const split = await splitSourceText(document.pageContent, source, {
        chunker: this.chunker,
        ...(this.format === undefined ? {} : { format: this.format }),
      });
      const upstreamLoc = isRecord(metadata.loc) ? metadata.loc : {};
      for (const piece of split.pieces) {
        const chunk = chunkMetadata(split.doc, piece, split.chunker_id);
        out.push(
          new Document<CairnSplitMetadata>({
            id: piece.chunk_id,
            pageContent: piece.chunk.text,
            metadata: {
              ...metadata,
              ...chunk,
              loc: {
                ...upstreamLoc,
                lines: piece.lines,
                start16: piece.start16,
                end16: piece.end16,
              },
            },
          }),
        );
      }
    }
    return out;
  }

  /** TextSplitter's name for `transformDocuments`. */
  splitDocuments(documents: DocumentInterface[]): Promise<Document<CairnSplitMetadata>[]> {
    return this.transformDocuments(documents);
  }

  /** TextSplitter's: one Document per text, with the metadata at the same index. */
  createDocuments(
    texts: readonly string[],
    metadatas: readonly Record<string, unknown>[] = [],
  ): Promise<Document<CairnSplitMetadata>[]> {
    return this.transformDocuments(
      texts.map((pageContent, k) => new Document({ pageContent, metadata: metadatas[k] ?? {} })),
    );
  }

  /** TextSplitter's: the chunk texts alone (no source, so no IDs). */
  async splitText(text: string): Promise<string[]> {
    const split = await splitSourceText(text, '<text>', {
      chunker: this.chunker,
      ...(this.format === undefined ? {} : { format: this.format }),
    });
    return split.pieces.map((piece) => piece.chunk.text);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
