import { CairnError } from '../../errors.js';
import { binaryKind } from '../../load/decode-text.js';

const HEADER = Buffer.from('%PDF-', 'latin1');
const TRAILER = Buffer.from('%%EOF', 'latin1');
/**
 * Both markers are looked for within 1024 bytes of their end of the file: the
 * PDF reference (Implementation Notes 13 and 18) lets readers accept leading
 * and trailing junk up to that much, and no further.
 */
const SLACK = 1024;

/**
 * Refuses what is not a whole PDF before pdf.js sees it: other binary data
 * (`binary_input`), text or a file without the `%PDF-` header, and a file cut
 * short (no `%%EOF` near the end), which pdf.js might otherwise half-recover
 * into a document that silently lacks its last pages (`pdf_malformed`).
 */
export function checkPdfBytes(bytes: Uint8Array, source: string): void {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.subarray(0, SLACK + HEADER.length).indexOf(HEADER) < 0) {
    const kind = binaryKind(bytes);
    if (kind !== null && kind !== 'binary' && kind !== 'pdf') {
      throw new CairnError('binary_input', `${source} is ${kind} data, not a PDF`, {
        details: { source, detected: kind },
      });
    }
    throw new CairnError(
      'pdf_malformed',
      bytes.length === 0 ? `${source} is empty, not a PDF` : `${source} has no %PDF- header`,
      { details: { source, bytes: bytes.length } },
    );
  }
  if (buffer.subarray(Math.max(0, buffer.length - SLACK - TRAILER.length)).indexOf(TRAILER) < 0) {
    throw new CairnError('pdf_malformed', `${source} is truncated: no %%EOF marker at its end`, {
      details: { source, bytes: bytes.length },
    });
  }
}
