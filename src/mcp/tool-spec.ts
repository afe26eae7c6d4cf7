import type { z } from 'zod';
import type { ChunkStore, Embedder } from '../index.js';

/** Whether this caller may write, asked at the call: null when it may, else why not (a CairnError). */
export type WriteGate = () => Error | null;

/** What every tool runs against: the store and how the server was started. */
export interface ToolContext {
  store: ChunkStore;
  /** Embeds queries for search modes vector and hybrid; absent: lexical only. */
  embedder?: Embedder;
  /** Write a rag_traces row (and log line) for each search. */
  traces: boolean;
  /** Ingest reads only inside this folder, and records paths relative to it. */
  root: string;
  /** Parse-and-chunk threads for ingest (0: on the server's thread). */
  ingest_workers?: number;
  writes: WriteGate;
}

/** What a tool answers: the object its output schema describes, and the same for people and models to read. */
export interface ToolAnswer<O> {
  structured: O;
  text: string;
}

/**
 * One MCP tool: its name, a description written for the model that picks
 * it, zod schemas for its arguments and its structured result (published
 * as JSON Schema), and what it does. `writes` tools are offered only to a
 * server started with --allow-writes.
 */
export interface ToolSpec<
  I extends z.ZodObject = z.ZodObject,
  O extends z.ZodObject = z.ZodObject,
> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  writes: boolean;
  run(args: z.output<I>, context: ToolContext): Promise<ToolAnswer<z.input<O>>>;
}

/** A spec typed by its own schemas, stored among specs of other schemas. */
export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(
  spec: ToolSpec<I, O>,
): ToolSpec {
  return spec as unknown as ToolSpec;
}
