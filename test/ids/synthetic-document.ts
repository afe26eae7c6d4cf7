import type { Block, CairnDocument, Section } from '../../src/types.js';

const SPAN = { start: 0, end: 0, start_byte: 0, end_byte: 0 };

export interface SyntheticSection {
  sect_path: string;
  /** Blocks the section has before its first subsection. */
  blocks: number;
}

/**
 * A document with only what ID minting reads (sections, blocks, pages), so
 * that property tests can build ones with thousands of sections and blocks
 * cheaply. Sections come in reading order with their paths given.
 */
export function syntheticDocument(options: {
  rootBlocks: number;
  sections: SyntheticSection[];
  /** Blocks per page for a paged document; 0 for an unpaged one. */
  blocksPerPage: number;
  doc_uid?: string;
  rev?: string;
}): CairnDocument {
  const sections: Section[] = [];
  const blocks: Block[] = [];
  const indexOf = new Map<string, number>();
  const addBlocks = (count: number, section: number | null): void => {
    for (let k = 0; k < count; k++) {
      const index = blocks.length;
      const page = options.blocksPerPage > 0 ? Math.floor(index / options.blocksPerPage) + 1 : null;
      blocks.push({ index, type: 'paragraph', span: SPAN, section, page });
    }
  };
  addBlocks(options.rootBlocks, null);
  for (const spec of options.sections) {
    const dot = spec.sect_path.lastIndexOf('.');
    const parent = dot < 0 ? null : indexOf.get(spec.sect_path.slice(0, dot))!;
    const index = sections.length;
    indexOf.set(spec.sect_path, index);
    sections.push({
      index,
      parent,
      level: spec.sect_path.split('.').length,
      sect_path: spec.sect_path,
      heading_path: [],
      title: spec.sect_path,
      heading_span: null,
      span: SPAN,
      page: null,
    });
    addBlocks(spec.blocks, index);
  }
  const pageCount =
    options.blocksPerPage > 0 ? Math.ceil(blocks.length / options.blocksPerPage) : 0;
  return {
    doc_uid: options.doc_uid ?? 'synthetic',
    source_url: 'synthetic.md',
    media_type: 'text/markdown',
    format: 'markdown',
    title: null,
    canonical: '',
    content_hash: '0'.repeat(64),
    rev: options.rev ?? '0123456789abcdef0123456789abcdef01234567',
    length: 0,
    byte_length: 0,
    sections,
    blocks,
    pages: Array.from({ length: pageCount }, (_, k) => ({ number: k + 1, span: SPAN })),
    json_nodes: [],
  };
}
