/** Chunk fields that both a search hit and a chunk span carry, described once. */
export const CHUNK_FIELDS = {
  section_label: {
    type: 'string',
    description:
      "The heading titles of the chunk's section_id, top down, joined by ' > ' (page 14, cell 12 for those)",
  },
  heading_path: { type: 'array', items: { type: 'string' } },
  chunker_id: { type: 'string', description: 'Seed 000: the chunker that made the chunk' },
  hash: {
    type: 'string',
    pattern: '^sha256:[0-9a-f]{64}$',
    description: "Seed 000: sha256 of the chunk's text (UTF-8)",
  },
  block_type: {
    type: ['string', 'null'],
    description: "Seed 000: the chunk's first block type other than a heading",
  },
  anchor: {
    type: ['string', 'null'],
    description:
      "Seed 000: the chunk's first salient assertion (the rule is in docs/chunk-ids.md); null when it has none",
  },
  json_pointer: {
    type: 'string',
    description: 'JSON documents: the RFC 6901 pointer of the string node the chunk lies in',
  },
  node_start: {
    type: 'integer',
    description:
      "JSON documents: code point offset of the chunk within its string node's own text (inclusive)",
  },
  node_end: {
    type: 'integer',
    description: 'JSON documents: code point offset within the node (exclusive)',
  },
  text: { type: 'string' },
};
