import { z } from 'zod';
import { CairnError, search } from '../index.js';
import { hitShape, hitText, toHit } from './hit-shape.js';
import { defineTool } from './tool-spec.js';

/** Hits one call returns at most: each carries its whole text, and a model's context is finite. */
const MAX_K = 50;

export const searchTool = defineTool({
  name: 'search',
  title: 'Search the documents',
  description: [
    'Search the stored documents and get back the best-matching chunks, each with its exact text, its chunk ID, its section (a legal citation such as "15 CFR 736.2(b)" for regulations, else the heading path), source and page, and a citation payload to copy into an answer.',
    "Lexical search matches the documents' own words: when a question is phrased in everyday words, search again with the terms the documents would use (legal or technical vocabulary, synonyms), and several times with different phrasings, before concluding the answer is absent.",
    'Pass several phrasings of one need at once in more_queries: their rankings are fused into one (reciprocal rank fusion), so a chunk several phrasings find rises.',
    "Narrow with doc (a document path or doc_uid from list_documents) and section. Use read to see a hit's neighbours or whole section, and check_answer before answering.",
  ].join(' '),
  input: z.object({
    query: z.string().min(1).describe('words to look for; any text, no operators'),
    more_queries: z
      .array(z.string().min(1))
      .max(15)
      .optional()
      .describe('other phrasings of the same need, searched too and fused into one ranking'),
    k: z.number().int().min(1).max(MAX_K).default(8).describe('hits at most'),
    mode: z
      .enum(['lexical', 'vector', 'hybrid'])
      .default('lexical')
      .describe('lexical (BM25); vector and hybrid only when the server has an embedder'),
    doc: z
      .string()
      .min(1)
      .optional()
      .describe('only this document: its path as ingested, or its doc_uid'),
    section: z
      .string()
      .min(1)
      .optional()
      .describe(
        "only this section and its subsections: a hit's section_id (needs doc) or a dot path such as 2.4",
      ),
    chunker: z
      .string()
      .min(1)
      .optional()
      .describe('whose chunks, when the store holds several chunkers'),
  }),
  output: z.object({
    query: z.string(),
    queries: z.array(z.string()).optional(),
    mode: z.string(),
    chunker_id: z.string(),
    index_hash: z.string(),
    hits: z.array(hitShape),
  }),
  writes: false,
  async run(args, context) {
    if (args.mode !== 'lexical' && context.embedder === undefined) {
      throw new CairnError(
        'invalid_option',
        `mode ${args.mode} needs an embedder, and this server has none: use mode lexical, or start cairn mcp with --embedder <spec> (the one cairn embed used)`,
        { details: { option: 'mode' } },
      );
    }
    const more = args.more_queries ?? [];
    const asked = more.length === 0 ? args.query : { queries: [args.query, ...more] };
    const result = await search(context.store, asked, {
      k: args.k,
      mode: args.mode,
      ...(args.doc === undefined ? {} : { doc: args.doc }),
      ...(args.section === undefined ? {} : { section: args.section }),
      ...(args.chunker === undefined ? {} : { chunker: args.chunker }),
      ...(context.embedder === undefined ? {} : { embedder: context.embedder }),
      trace: context.traces,
    });
    const hits = result.hits.map(toHit);
    const phrasings = result.queries ?? [result.query];
    const head = `${hits.length} hit${hits.length === 1 ? '' : 's'} for ${phrasings.map((q) => JSON.stringify(q)).join(' + ')} (${result.mode}, chunker ${result.chunker_id})`;
    return {
      structured: {
        query: result.query,
        ...(result.queries === undefined ? {} : { queries: [...result.queries] }),
        mode: result.mode,
        chunker_id: result.chunker_id,
        index_hash: result.index_hash,
        hits,
      },
      text: [head, ...hits.map(hitText)].join('\n\n'),
    };
  },
});
