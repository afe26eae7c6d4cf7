import { extname } from 'node:path';
import { CairnError } from '../errors.js';
import type { Format } from '../types.js';

const BY_EXTENSION: Record<string, Format> = {
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.mdown': 'markdown',
  '.txt': 'text',
  '.text': 'text',
  '.html': 'html',
  '.htm': 'html',
  '.xhtml': 'html',
  '.json': 'json',
  '.ipynb': 'ipynb',
  '.pdf': 'pdf',
};

export const SUPPORTED_EXTENSIONS: readonly string[] = Object.keys(BY_EXTENSION);

/**
 * The format of a source (a path or a URL), from its extension; Markdown
 * exported from the eCFR (front matter with `title_number`) is read with the
 * regulation profile.
 */
export function detectFormat(source: string, head?: Uint8Array): Format {
  const format = BY_EXTENSION[extname(pathOf(source)).toLowerCase()];
  if (format === undefined) {
    throw new CairnError(
      'unsupported_format',
      `Cannot tell the format of ${source}: supported extensions are ${SUPPORTED_EXTENSIONS.join(' ')}`,
      { details: { source } },
    );
  }
  if (format === 'markdown' && head && isEcfrMarkdown(head)) return 'ecfr';
  return format;
}

/**
 * The path of a URL source, whose extension names its format: a web loader's
 * `https://host/a.md?utm_source=feed` is Markdown, and one document with
 * `https://host/a.md` (the doc_uid drops the query and fragment).
 */
function pathOf(source: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(source)) return source;
  try {
    return new URL(source).pathname;
  } catch {
    return source;
  }
}

// a UTF-8 BOM (Windows editors save one) is not part of the text: decodeText drops it
// lines end in LF, CRLF or a lone CR, as CommonMark (and so the Markdown parser) reads them
const FRONT_MATTER_TITLE_NUMBER =
  /^(?:\xef\xbb\xbf)?---(?:\r\n?|\n)(?:[^\r\n]*(?:\r\n?|\n)){0,20}?title_number:/;

function isEcfrMarkdown(head: Uint8Array): boolean {
  const text = Buffer.from(head.subarray(0, 2048)).toString('latin1');
  return FRONT_MATTER_TITLE_NUMBER.test(text);
}

export function isFormat(value: string): value is Format {
  return ['markdown', 'ecfr', 'text', 'html', 'json', 'ipynb', 'pdf'].includes(value);
}
