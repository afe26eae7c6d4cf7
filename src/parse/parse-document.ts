import { CairnError } from '../errors.js';
import { detectFormat, isFormat } from '../load/detect-format.js';
import { readSourceFile } from '../load/read-source-file.js';
import type { CairnDocument, Format } from '../types.js';
import { checkDocUid, checkInputTypes, checkSize } from './guards.js';
import {
  DEFAULT_MAX_BYTES,
  type ParseInput,
  type ParseOptions,
  type Parser,
} from './parse-input.js';

/** Parsers load on first use: pdf.js alone costs more to import than most documents cost to parse. */
const PARSERS: Record<Format, () => Promise<Parser>> = {
  text: async () => (await import('./text/parse-text.js')).parseText,
  markdown: async () => (await import('./markdown/parse-markdown.js')).parseMarkdown,
  ecfr: async () => (await import('./ecfr/parse-ecfr.js')).parseEcfr,
  html: async () => (await import('./html/parse-html.js')).parseHtml,
  json: async () => (await import('./json/parse-json.js')).parseJson,
  ipynb: async () => (await import('./ipynb/parse-notebook.js')).parseNotebook,
  pdf: async () => (await import('./pdf/parse-pdf.js')).parsePdf,
};

export interface ParseDocumentInput extends ParseInput {
  /** The format; detected from `source_url` (and the first bytes) when absent. */
  format?: Format;
}

/** Parses bytes of a known or detectable format into the document model. */
export async function parseDocument(input: ParseDocumentInput): Promise<CairnDocument> {
  checkInputTypes(input);
  checkSize(input);
  checkDocUid(input.doc_uid);
  if (input.format !== undefined && !isFormat(input.format)) {
    // from JavaScript, or JSON of a request: it was a TypeError ("PARSERS[format] is not a function")
    throw new CairnError('invalid_option', `Unknown format ${JSON.stringify(input.format)}`, {
      details: { option: 'format', received: input.format },
    });
  }
  const format = input.format ?? detectFormat(input.source_url, input.bytes.subarray(0, 2048));
  const parse = await PARSERS[format]();
  return parse(input);
}

export interface ParseFileOptions extends ParseOptions {
  format?: Format;
  doc_uid?: string;
  /** The `source_url` to record; defaults to the path as given. */
  source_url?: string;
}

/** Reads and parses one file. */
export async function parseFile(
  path: string,
  options: ParseFileOptions = {},
): Promise<CairnDocument> {
  const { format, doc_uid, source_url, ...parseOptions } = options;
  const bytes = await readSourceFile(path, {
    max_bytes: parseOptions.max_bytes ?? DEFAULT_MAX_BYTES,
  });
  return parseDocument({
    bytes,
    source_url: source_url ?? path,
    options: parseOptions,
    ...(format === undefined ? {} : { format }),
    ...(doc_uid === undefined ? {} : { doc_uid }),
  });
}
