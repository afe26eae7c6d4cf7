import type { AlignableChunk } from '../../src/ids/align-chunk-ids.js';
import { buildTextDocument } from '../../src/parse/text/parse-text.js';
import type { CairnDocument } from '../../src/types.js';

/**
 * A plain-text document from paragraphs (a paragraph such as `2. Scope`
 * opens a section) and one chunk per block: enough structure to exercise
 * alignment without depending on a chunker.
 */
export function paragraphDocument(
  paragraphs: readonly string[],
  docUid = 'notes',
  options: { split_over_words?: number } = {},
): { doc: CairnDocument; chunks: AlignableChunk[] } {
  const doc = buildTextDocument(paragraphs.join('\n\n'), {
    source_url: 'notes.txt',
    doc_uid: docUid,
  });
  const chars = Array.from(doc.canonical);
  const chunks: AlignableChunk[] = [];
  for (const block of doc.blocks) {
    const text = chars.slice(block.span.start, block.span.end).join('');
    const words = text.split(' ');
    const base = { first_block: block.index, page: block.page, section: block.section };
    // A long paragraph becomes two chunks, the parts of one split block.
    if (options.split_over_words !== undefined && words.length > options.split_over_words) {
      const half = Math.ceil(words.length / 2);
      chunks.push({ ...base, block_part: 0, text: words.slice(0, half).join(' ') });
      chunks.push({ ...base, block_part: 1, text: ` ${words.slice(half).join(' ')}` });
    } else {
      chunks.push({ ...base, block_part: null, text });
    }
  }
  return { doc, chunks };
}
