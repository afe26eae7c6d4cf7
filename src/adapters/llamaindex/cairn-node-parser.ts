import { NodeParser, NodeRelationship, TextNode } from 'llamaindex';
import type { Chunker, ChunkingOptions } from '../../chunk/types.js';
import { checkAdapterOptions, type ListsEveryKey } from '../check-adapter-options.js';
import { type CairnChunkMetadata, CHUNK_METADATA_KEYS, chunkMetadata } from '../chunk-metadata.js';
import { readSourceUrl } from '../read-source-url.js';
import { resolveChunker } from '../resolve-chunker.js';
import {
  checkSourceTextFormat,
  type SourceTextFormat,
  splitSourceText,
} from '../split-source-text.js';

/** Every key of `CairnNodeParserOptions`: others are refused, not ignored. */
const OPTION_KEYS = [
  'chunker',
  'chunking',
  'format',
] as const satisfies readonly (keyof CairnNodeParserOptions)[];
true satisfies ListsEveryKey<CairnNodeParserOptions, typeof OPTION_KEYS>;

export interface CairnNodeParserOptions {
  /** A chunker, or a chunker id, name or alias of the default registry (default `default`). */
  chunker?: Chunker | string;
  /** Tuning applied to the chunker (`Chunker.configure`), e.g. `{ max_chunk_tokens: 256 }`. */
  chunking?: ChunkingOptions;
  /** How to read a document's text; default from its source: Markdown for `.md`, else plain text. */
  format?: SourceTextFormat;
}

/** Where readers put the file a document came from (`file_path`), after cairn's own name. */
const SOURCE_KEYS = ['source_url', 'file_path', 'source'] as const;

/**
 * Chunk facts stay out of the text LlamaIndex embeds and shows the LLM (it
 * would print `offsets: [object Object]`); the heading path stays in, as
 * context for both.
 */
const HIDDEN_KEYS: readonly string[] = CHUNK_METADATA_KEYS.filter((key) => key !== 'heading_path');

/**
 * A LlamaIndex.TS node parser that splits with a cairn chunker. Each chunk
 * becomes a TextNode whose `id_` is its chunk ID, whose text is exactly the
 * chunk's text, and whose `startCharIdx`/`endCharIdx` are UTF-16 indices
 * into the document's text (`doc.text.slice(start, end) === node.text`),
 * the unit LlamaIndex.TS uses. The metadata carries the code-point offsets
 * cairn cites and the rest of `CairnChunkMetadata`. LlamaIndex's own
 * post-processing would move each node to the first occurrence of its text
 * (`indexOf`) and let the document's metadata overwrite the node's: this
 * parser keeps the exact place and lets cairn's facts win. The document
 * needs a source in its metadata (`source_url`, `file_path` or `source`).
 */
export class CairnNodeParser extends NodeParser<Promise<TextNode[]>> {
  readonly chunker: Chunker;
  readonly format: SourceTextFormat | undefined;

  constructor(options: CairnNodeParserOptions = {}) {
    super();
    checkAdapterOptions('CairnNodeParser', options, OPTION_KEYS);
    checkSourceTextFormat('CairnNodeParser', options.format);
    this.chunker = resolveChunker(options.chunker, options.chunking);
    this.format = options.format;
  }

  protected override async parseNodes(documents: TextNode[]): Promise<TextNode[]> {
    const nodes: TextNode[] = [];
    for (const document of documents) {
      const source = readSourceUrl(document.metadata, SOURCE_KEYS, `Document ${document.id_}`);
      const split = await splitSourceText(document.text, source, {
        chunker: this.chunker,
        ...(this.format === undefined ? {} : { format: this.format }),
      });
      // the document's hash covers its whole text: computed once, not once per chunk
      const parent = document.asRelatedNodeInfo();
      for (const piece of split.pieces) {
        const chunk: CairnChunkMetadata = chunkMetadata(split.doc, piece, split.chunker_id);
        // a chunk outside every section has no heading path: no empty 'heading_path:' line for the model
        const hidden =
          chunk.heading_path.length === 0 ? [...HIDDEN_KEYS, 'heading_path'] : HIDDEN_KEYS;
        const node = new TextNode({
          id_: piece.chunk_id,
          text: piece.chunk.text,
          metadata: this.includeMetadata ? { ...document.metadata, ...chunk } : { ...chunk },
          excludedEmbedMetadataKeys: [...document.excludedEmbedMetadataKeys, ...hidden],
          excludedLlmMetadataKeys: [...document.excludedLlmMetadataKeys, ...hidden],
          relationships: { [NodeRelationship.SOURCE]: { ...parent } },
        });
        // set after construction: TextNode's constructor drops an index of 0 (`if (startCharIdx)`)
        node.startCharIdx = piece.start16;
        node.endCharIdx = piece.end16;
        nodes.push(node);
      }
    }
    return nodes;
  }

  /** Previous and next links between nodes of one document; places and metadata stay as parsed. */
  protected override postProcessParsedNodes(nodes: TextNode[]): TextNode[] {
    if (!this.includePrevNextRel) return nodes;
    const sameSource = (a: TextNode | undefined, b: TextNode) =>
      a !== undefined && a.sourceNode?.nodeId === b.sourceNode?.nodeId;
    const infos = nodes.map((node) => node.asRelatedNodeInfo());
    nodes.forEach((node, k) => {
      if (sameSource(nodes[k - 1], node)) {
        node.relationships = { ...node.relationships, [NodeRelationship.PREVIOUS]: infos[k - 1]! };
      }
      if (sameSource(nodes[k + 1], node)) {
        node.relationships = { ...node.relationships, [NodeRelationship.NEXT]: infos[k + 1]! };
      }
    });
    return nodes;
  }
}
