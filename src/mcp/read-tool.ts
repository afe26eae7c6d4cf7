import { z } from 'zod';
import {
  CairnError,
  type ChunkStore,
  defaultChunkerRegistry,
  legibleSections,
  resolveChunk,
} from '../index.js';
import type { ChunkRow, DocumentRow } from '../store/index.js';
import { defineTool } from './tool-spec.js';

/** Neighbours on each side at most. */
const MAX_NEIGHBOURS = 10;
/** Chunks a section read returns at most; past it the result says `truncated`. */
const MAX_SECTION_CHUNKS = 100;

const readChunkShape = z.object({
  chunk_id: z.string(),
  section_id: z.string(),
  section_label: z.string(),
  page: z.number().nullable(),
  offsets: z.object({ start: z.number(), end: z.number(), unit: z.literal('char') }),
  text: z.string(),
  requested: z
    .boolean()
    .describe('the chunk the ID named (false for neighbours and section members)'),
});

type ReadChunk = z.input<typeof readChunkShape>;

const output = z.object({
  status: z
    .enum(['live', 'deleted', 'superseded'])
    .describe(
      'live: current text; deleted: the text is gone; superseded: the ID names an old version only',
    ),
  requested: z.string(),
  redirected: z
    .boolean()
    .describe('the ID was of an older version and redirects were followed to the live chunk'),
  hops: z.array(z.looseObject({ from: z.string(), to: z.string().nullable(), kind: z.string() })),
  text_deleted: z
    .boolean()
    .describe(
      'a redirect said the text was deleted: the chunk shown is its nearest surviving neighbour',
    ),
  doc_uid: z.string().nullable(),
  source_url: z.string().nullable(),
  chunker_id: z.string(),
  chunks: z.array(readChunkShape),
  truncated: z.boolean(),
});

type ReadResult = z.input<typeof output>;

export const readTool = defineTool({
  name: 'read',
  title: 'Read chunks',
  description: [
    'Read stored text by chunk ID, with up to 10 neighbouring chunks before and after (before, after), or a whole section of one document (section and doc).',
    'A chunk ID of an older document version is followed to the live chunk (redirected: true, with the hops); a chunk whose text was deleted or superseded says so in status.',
    'Use it to see the context around a search hit before quoting it.',
  ].join(' '),
  input: z.object({
    chunk_id: z
      .string()
      .min(1)
      .optional()
      .describe('a chunk ID from search (give this, or section and doc)'),
    before: z.number().int().min(0).max(MAX_NEIGHBOURS).default(0).describe('chunks before it'),
    after: z.number().int().min(0).max(MAX_NEIGHBOURS).default(0).describe('chunks after it'),
    section: z
      .string()
      .min(1)
      .optional()
      .describe(
        "a section to read whole: a hit's section_id, or a dot path such as 2.4; needs doc",
      ),
    doc: z
      .string()
      .min(1)
      .optional()
      .describe('the document of section: its path as ingested, or its doc_uid'),
    chunker: z
      .string()
      .min(1)
      .optional()
      .describe('whose chunks, when the store holds several chunkers'),
  }),
  output,
  writes: false,
  async run(args, context) {
    if ((args.chunk_id === undefined) === (args.section === undefined)) {
      throw new CairnError(
        'invalid_option',
        'Give chunk_id, or section with doc (one of the two)',
        {
          details: { option: 'chunk_id' },
        },
      );
    }
    const result =
      args.chunk_id !== undefined
        ? await readChunk(context.store, args.chunk_id, args)
        : await readSection(context.store, args.section!, args);
    return { structured: result, text: readText(result) };
  },
});

async function readChunk(
  store: ChunkStore,
  chunkId: string,
  args: { before: number; after: number; chunker?: string | undefined },
): Promise<ReadResult> {
  const registry = defaultChunkerRegistry();
  const resolved = await resolveChunk(store, chunkId, {
    prefer_chunker: registry.id_of('default'),
    ...(args.chunker === undefined ? {} : { chunker: registry.id_of(args.chunker) }),
    chunker_hint: 'chunker',
  });
  const hops = resolved.hops.map((hop) => ({ from: hop.from, to: hop.to, kind: hop.kind }));
  if (resolved.status !== 'live') {
    const last = resolved.last === null ? [] : await shown(store, [resolved.last], null);
    return {
      status: resolved.status,
      requested: resolved.requested,
      redirected: hops.length > 0,
      hops,
      text_deleted: resolved.status === 'deleted',
      doc_uid: resolved.document?.doc_uid ?? null,
      source_url: resolved.document?.source_url ?? null,
      chunker_id: resolved.chunker_id,
      chunks: last,
      truncated: false,
    };
  }
  const all = await store.listChunks(resolved.version.id, resolved.chunker_id);
  const at = all.findIndex((chunk) => chunk.chunk_id === resolved.chunk.chunk_id);
  const rows =
    at === -1 ? [resolved.chunk] : all.slice(Math.max(0, at - args.before), at + args.after + 1);
  return {
    status: 'live',
    requested: resolved.requested,
    redirected: hops.length > 0,
    hops,
    text_deleted: resolved.text_deleted,
    doc_uid: resolved.document.doc_uid,
    source_url: resolved.document.source_url,
    chunker_id: resolved.chunker_id,
    chunks: await shown(store, rows, resolved.chunk.chunk_id),
    truncated: false,
  };
}

async function readSection(
  store: ChunkStore,
  section: string,
  args: { doc?: string | undefined; chunker?: string | undefined },
): Promise<ReadResult> {
  if (args.doc === undefined) {
    throw new CairnError(
      'invalid_option',
      'section needs doc: section ids repeat across documents',
      {
        details: { option: 'doc' },
      },
    );
  }
  const document = await findDocument(store, args.doc);
  const sets = await store.listChunkSets({ version_id: document.current_version_id });
  const registry = defaultChunkerRegistry();
  const wanted = registry.id_of(args.chunker ?? 'default');
  const set =
    sets.find((s) => s.chunker_id === wanted) ?? (args.chunker === undefined ? sets[0] : undefined);
  if (set === undefined) {
    throw new CairnError(
      'unknown_chunker',
      `${document.source_url} has no chunks of ${wanted} (chunkers: ${sets.map((s) => s.chunker_id).join(', ') || 'none'})`,
      { details: { doc_uid: document.doc_uid } },
    );
  }
  const all = await store.listChunks(document.current_version_id, set.chunker_id);
  const sections = await legibleSections(store, all);
  // a legible id or a dot path names one or more dot paths; each brings its subsections
  const roots = new Set(
    all
      .filter((chunk, i) => chunk.section_id === section || sections[i]!.section_id === section)
      .map((chunk) => chunk.section_id ?? ''),
  );
  const inside = all.filter((chunk) =>
    [...roots].some(
      (root) =>
        chunk.section_id === root || (root !== '' && chunk.section_id?.startsWith(`${root}.`)),
    ),
  );
  if (inside.length === 0) {
    throw new CairnError(
      'chunk_not_found',
      `No chunk of ${document.source_url} lies in section ${JSON.stringify(section.slice(0, 200))}: give a section_id a search hit of this document carries, or a dot path such as 2.4`,
      { details: { doc_uid: document.doc_uid, section: section.slice(0, 200) } },
    );
  }
  const rows = inside.slice(0, MAX_SECTION_CHUNKS);
  return {
    status: 'live',
    requested: section,
    redirected: false,
    hops: [],
    text_deleted: false,
    doc_uid: document.doc_uid,
    source_url: document.source_url,
    chunker_id: set.chunker_id,
    chunks: await shown(store, rows, null),
    truncated: inside.length > rows.length,
  };
}

async function findDocument(store: ChunkStore, doc: string): Promise<DocumentRow> {
  const document = await store.getDocument(doc);
  if (document === null || document.removed_at !== null) {
    throw new CairnError(
      'document_not_found',
      `No document ${JSON.stringify(doc.slice(0, 200))} in the store: give its path as ingested or its doc_uid (list_documents lists them)`,
      { details: { target: doc.slice(0, 200) } },
    );
  }
  return document;
}

async function shown(
  store: ChunkStore,
  rows: readonly ChunkRow[],
  requested: string | null,
): Promise<ReadChunk[]> {
  const sections = await legibleSections(store, rows);
  return rows.map((row, i) => ({
    chunk_id: row.chunk_id,
    section_id: sections[i]!.section_id,
    section_label: sections[i]!.section_label,
    page: row.page,
    offsets: { start: row.char_start, end: row.char_end, unit: 'char' as const },
    text: row.text,
    requested: row.chunk_id === requested,
  }));
}

function readText(result: ReadResult): string {
  const head =
    result.status === 'live'
      ? `${result.source_url} (${result.doc_uid})${result.redirected ? `: ${result.requested} was redirected to the live chunk` : ''}${result.text_deleted ? '; its text was deleted, this is its nearest surviving neighbour' : ''}${result.truncated ? `; the first ${result.chunks.length} chunks of the section` : ''}`
      : `${result.requested} is ${result.status}: ${result.status === 'deleted' ? 'its text is no longer in the document' : 'it names a chunk of an older version only'}${result.chunks.length > 0 ? '; the last text it named:' : ''}`;
  const chunks = result.chunks.map(
    (chunk) =>
      `${chunk.requested ? '>> ' : ''}[${chunk.chunk_id}] §${chunk.section_id}${chunk.page === null ? '' : ` page ${chunk.page}`}\n${chunk.text}`,
  );
  return [head, ...chunks].join('\n\n');
}
