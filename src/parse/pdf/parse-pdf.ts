import { checkCount } from '../../check-count.js';
import type { CairnDocument } from '../../types.js';
import { checkSize } from '../guards.js';
import type { ParseInput, ParseOptions } from '../parse-input.js';
import { buildPdfDocument } from './build-pdf-document.js';
import { checkPdfBytes } from './check-pdf-bytes.js';
import { checkPdfInflation } from './check-pdf-inflation.js';
import { DEFAULT_PDF_LIMITS, type PdfLimits, readPdf } from './read-pdf.js';

/** The longest delay Node's setTimeout keeps (2^31 - 1 ms, about 24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;

export type PdfParseOptions = ParseOptions & Partial<PdfLimits>;

/**
 * PDF via pdf.js: the text of each page, pages joined by a form feed, the
 * outline as the section tree when the file has one, page numbers on every
 * block. Encrypted files (`pdf_encrypted`), files without any text layer
 * (`pdf_no_text`) and unreadable or truncated ones (`pdf_malformed`) fail
 * with their own codes; `max_pages` and `timeout_ms` bound the work.
 */
export async function parsePdf(
  input: ParseInput & { options?: PdfParseOptions },
): Promise<CairnDocument> {
  checkSize(input);
  checkPdfBytes(input.bytes, input.source_url);
  await checkPdfInflation(input.bytes, input.source_url);
  const limits: PdfLimits = {
    max_pages: input.options?.max_pages ?? DEFAULT_PDF_LIMITS.max_pages,
    timeout_ms: input.options?.timeout_ms ?? DEFAULT_PDF_LIMITS.timeout_ms,
  };
  // NaN would lift the page limit; for a NaN, infinite or 2^31 ms and longer delay Node's
  // setTimeout fires after 1 ms, and files would fail at once as parse_timeout
  checkCount('max_pages', limits.max_pages, 0);
  checkCount('timeout_ms', limits.timeout_ms, 1, MAX_TIMER_MS);
  const content = await readPdf(input.bytes, input.source_url, limits);
  return buildPdfDocument(content, {
    source_url: input.source_url,
    ...(input.doc_uid === undefined ? {} : { doc_uid: input.doc_uid }),
  });
}
