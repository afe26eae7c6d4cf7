import type { Format } from '../types.js';

export interface ParseOptions {
  /** JSON: string nodes at or over this many code points become units (seed 004 default 10000). */
  chunk_threshold_chars?: number;
  /**
   * JSON: keys whose short string value (or first string of an array value)
   * names the section of the object holding it, for the string nodes below
   * (default `DEFAULT_JSON_TITLE_KEYS`: title, name, heading, HEAD).
   */
  json_title_keys?: readonly string[];
  /** Notebooks: include text outputs (stream, text/plain results) as `output` blocks. Default false. */
  notebook_outputs?: boolean;
  /** Refuse sources larger than this many bytes (default 512 MiB). */
  max_bytes?: number;
  /**
   * Every text format (Markdown, eCFR, plain text, HTML, JSON, notebooks):
   * refuse a source of more code points than this with `content_too_large`
   * before parsing (default `MAX_TEXT_CHARS`, the chunkers' `max_content_chars`).
   */
  max_text_chars?: number;
}

/** Seed 004 `MAX_CONTENT_SIZE_CHARS`: the most code points one text unit may hold. */
export const MAX_TEXT_CHARS = 64 * 1024 * 1024;

export interface ParseInput {
  bytes: Uint8Array;
  /** Where the document came from: a path or a URL. */
  source_url: string;
  /** A stable id the source already has. */
  doc_uid?: string;
  options?: ParseOptions;
}

export type Parser = (input: ParseInput) => Promise<import('../types.js').CairnDocument>;

export const MEDIA_TYPES: Record<Format, string> = {
  markdown: 'text/markdown',
  ecfr: 'text/markdown',
  text: 'text/plain',
  html: 'text/html',
  json: 'application/json',
  ipynb: 'application/x-ipynb+json',
  pdf: 'application/pdf',
};

export const DEFAULT_MAX_BYTES = 512 * 1024 * 1024;
