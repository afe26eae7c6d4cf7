import { z } from 'zod';
import { ingestSources } from '../index.js';
import { defineTool } from './tool-spec.js';

const MAX_PATHS = 100;

const fileShape = z.object({
  source_url: z.string(),
  status: z.string().describe('created, updated, unchanged, chunked or failed'),
  doc_uid: z.string().nullable(),
  version: z.number().nullable(),
  chunks: z.number(),
  first_chunk_id: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});

export const ingestTool = defineTool({
  name: 'ingest',
  title: 'Ingest files',
  description:
    "Parse, chunk and store files or folders (Markdown, text, HTML, PDF, notebooks, JSON, source code) so that search finds them. Paths are relative to the server's root folder and must lie inside it. A file already stored unchanged is skipped; a changed file becomes a new version whose unchanged chunks keep their IDs. Only on servers started with --allow-writes (and, over HTTP, called with the bearer token).",
  input: z.object({
    paths: z
      .array(z.string().min(1))
      .min(1)
      .max(MAX_PATHS)
      .describe("files, folders or globs, relative to the server's root folder"),
    chunker: z.string().min(1).optional().describe('chunker id, name or alias (default: default)'),
  }),
  output: z.object({
    chunker_id: z.string(),
    files: z.number(),
    created: z.number(),
    updated: z.number(),
    unchanged: z.number(),
    failed: z.number(),
    chunks_written: z.number(),
    documents: z.array(fileShape),
  }),
  writes: true,
  async run(args, context) {
    const summary = await ingestSources(context.store, args.paths, {
      cwd: context.root,
      root: context.root,
      links_within: context.root,
      ...(context.ingest_workers === undefined ? {} : { workers: context.ingest_workers }),
      ...(args.chunker === undefined ? {} : { chunker: args.chunker }),
    });
    const documents = summary.documents.map((file) => ({
      source_url: file.source_url,
      status: file.status,
      doc_uid: file.doc_uid,
      version: file.version,
      chunks: file.chunks,
      first_chunk_id: file.first_chunk_id,
      ...(file.error === undefined
        ? {}
        : { error: { code: file.error.code, message: file.error.message } }),
    }));
    const lines = documents.map(
      (d) =>
        `${d.status.padEnd(9)} ${d.source_url}${d.doc_uid === null ? '' : `  doc_uid ${d.doc_uid}  ${d.chunks} chunks`}${d.error ? `  ${d.error.code}: ${d.error.message}` : ''}`,
    );
    return {
      structured: {
        chunker_id: summary.chunker_id,
        files: summary.files,
        created: summary.created,
        updated: summary.updated,
        unchanged: summary.unchanged,
        failed: summary.failed,
        chunks_written: summary.chunks_written,
        documents,
      },
      text: [
        `${summary.files} file${summary.files === 1 ? '' : 's'}: ${summary.created} created, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.failed} failed (chunker ${summary.chunker_id})`,
        ...lines,
      ].join('\n'),
    };
  },
});
