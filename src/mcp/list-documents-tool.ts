import { z } from 'zod';
import { documentUri } from './resource-uris.js';
import { defineTool } from './tool-spec.js';

const MAX_LIMIT = 500;

const documentShape = z.object({
  doc_uid: z.string(),
  source_url: z.string().describe('the path as ingested: what search and read take as doc'),
  title: z.string().nullable(),
  format: z.string(),
  version: z.number().describe('the current version number'),
  versions: z.number(),
  chunks: z.record(z.string(), z.number()).describe('current chunks per chunker id'),
  length: z.number().describe('code points of the canonical text'),
  updated_at: z.string(),
  uri: z.string().describe('the document as an MCP resource'),
});

export const listDocumentsTool = defineTool({
  name: 'list_documents',
  title: 'List documents',
  description:
    'List the documents the store holds: path, doc_uid, title, format, version and chunk counts, optionally only those at or below a path. Use it to learn what can be searched and to get a doc filter for search and read. Pages with after (the next_after of the previous page).',
  input: z.object({
    under: z
      .string()
      .min(1)
      .optional()
      .describe('only documents whose path (as ingested) is this or below it'),
    limit: z.number().int().min(1).max(MAX_LIMIT).default(100).describe('documents at most'),
    after: z.number().int().min(0).optional().describe('next_after from the previous page'),
  }),
  output: z.object({
    documents: z.array(documentShape),
    next_after: z
      .number()
      .nullable()
      .describe('pass as after for the next page; null on the last page'),
  }),
  writes: false,
  async run(args, context) {
    const page = await context.store.listDocumentSummaries({
      ...(args.under === undefined ? {} : { under: args.under.replace(/\/+$/, '') }),
      ...(args.after === undefined ? {} : { after_id: args.after }),
      // one more than asked tells whether a next page exists
      limit: args.limit + 1,
    });
    const shown = page.slice(0, args.limit);
    const documents = shown.map((summary) => ({
      doc_uid: summary.document.doc_uid,
      source_url: summary.document.source_url,
      title: summary.document.title,
      format: summary.document.format,
      version: summary.current_seq,
      versions: summary.versions,
      chunks: summary.chunks,
      length: summary.length,
      updated_at: summary.document.updated_at,
      uri: documentUri(summary.document.doc_uid),
    }));
    const nextAfter = page.length > args.limit ? shown.at(-1)!.document.id : null;
    const lines = documents.map(
      (d) =>
        `${d.source_url}  doc_uid ${d.doc_uid}  ${d.format}  v${d.version}  ${Object.values(d.chunks).reduce((a, b) => a + b, 0)} chunks${d.title ? `  "${d.title}"` : ''}`,
    );
    const head = `${documents.length} document${documents.length === 1 ? '' : 's'}${args.under === undefined ? '' : ` under ${args.under}`}${nextAfter === null ? '' : ` (more: after ${nextAfter})`}`;
    return {
      structured: { documents, next_after: nextAfter },
      text: [head, ...lines].join('\n'),
    };
  },
});
