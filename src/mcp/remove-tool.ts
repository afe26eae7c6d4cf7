import { z } from 'zod';
import { removeDocuments } from '../index.js';
import { defineTool } from './tool-spec.js';

export const removeTool = defineTool({
  name: 'remove',
  title: 'Remove documents',
  description:
    'Take documents out of search: each target is a doc_uid, a path as ingested, or a folder path (every document below it). Removed documents keep their rows, so their chunk IDs resolve as deleted; purge deletes them for good. Only on servers started with --allow-writes (and, over HTTP, called with the bearer token).',
  input: z.object({
    targets: z
      .array(z.string().min(1))
      .min(1)
      .max(100)
      .describe('doc_uids, paths as ingested, or folder paths'),
    purge: z
      .boolean()
      .default(false)
      .describe('delete every row for good instead of taking the documents out of search'),
  }),
  output: z.object({
    documents: z.array(
      z.object({
        target: z.string(),
        doc_uid: z.string(),
        source_url: z.string(),
        status: z.enum(['removed', 'already_removed', 'purged']),
      }),
    ),
    not_found: z.array(z.string()),
  }),
  writes: true,
  async run(args, context) {
    const outcome = await removeDocuments(context.store, args.targets, { purge: args.purge });
    const lines = [
      ...outcome.documents.map(
        (d) => `${d.status.padEnd(15)} ${d.source_url}  doc_uid ${d.doc_uid}`,
      ),
      ...outcome.not_found.map((target) => `not found       ${target}`),
    ];
    return {
      structured: { documents: outcome.documents, not_found: outcome.not_found },
      text: lines.join('\n'),
    };
  },
});
