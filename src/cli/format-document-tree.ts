import { OffsetIndex } from '../load/offset-index.js';
import type { Block, CairnDocument, Span } from '../types.js';

const PREVIEW = 60;

function spanText(span: Span): string {
  return `[${span.start}, ${span.end})`;
}

/** The human view of a document model: header, section tree with paths, blocks under their section. */
export function formatDocumentTree(doc: CairnDocument, options: { blocks: boolean }): string {
  const out: string[] = [];
  out.push(`${doc.source_url}  (${doc.format}, ${doc.media_type})`);
  out.push(
    `doc_uid ${doc.doc_uid}  rev ${doc.rev.slice(0, 8)}  ${doc.length} chars  ${doc.byte_length} bytes  ` +
      `${doc.sections.length} sections  ${doc.blocks.length} blocks  ${doc.pages.length} pages` +
      (doc.json_nodes.length > 0 ? `  ${doc.json_nodes.length} json nodes` : ''),
  );
  for (const warning of doc.warnings ?? [])
    out.push(`warning: ${warning.code}: ${warning.message}`);
  const blocksBySection = new Map<number | null, Block[]>();
  for (const block of doc.blocks) {
    const list = blocksBySection.get(block.section) ?? [];
    list.push(block);
    blocksBySection.set(block.section, list);
  }
  const index = new OffsetIndex(doc.canonical);
  const blockLine = (block: Block, indent: string): string => {
    const text = index
      .sliceCodePoints(block.span.start, Math.min(block.span.end, block.span.start + PREVIEW))
      .replace(/\s+/g, ' ');
    const more = block.span.end - block.span.start > PREVIEW ? '…' : '';
    const page = block.page === null ? '' : ` p${block.page}`;
    const pointer = block.json_pointer === undefined ? '' : ` ${block.json_pointer}`;
    return `${indent}- ${block.type}${page}${pointer} ${spanText(block.span)} ${JSON.stringify(text + more)}`;
  };
  if (options.blocks)
    for (const block of blocksBySection.get(null) ?? []) out.push(blockLine(block, ''));
  for (const section of doc.sections) {
    const indent = '  '.repeat(section.level - 1);
    const page = section.page === null ? '' : ` p${section.page}`;
    out.push(`${indent}§ ${section.sect_path}  ${section.title}${page} ${spanText(section.span)}`);
    if (options.blocks) {
      for (const block of blocksBySection.get(section.index) ?? [])
        out.push(blockLine(block, `${indent}  `));
    }
  }
  return `${out.join('\n')}\n`;
}
