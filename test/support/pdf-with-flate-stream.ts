import { deflateSync } from 'node:zlib';

/**
 * A one-page PDF whose content stream is Flate-compressed: one line of
 * Helvetica text, then `padding` spaces (which inflate to that many bytes
 * and compress to about a thousandth of it). Objects and the
 * cross-reference table are laid out as the PDF reference says.
 */
export function pdfWithFlateStream(line: string, padding: number): Uint8Array {
  const content = Buffer.concat([
    Buffer.from(`BT /F1 12 Tf 72 720 Td (${line}) Tj ET\n`, 'latin1'),
    Buffer.alloc(padding, 0x20),
  ]);
  const stream = deflateSync(content, { level: 9 });
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  const add = (...pieces: Buffer[]): void => {
    offsets.push(length);
    for (const piece of pieces) {
      parts.push(piece);
      length += piece.length;
    }
  };
  const object = (n: number, body: string) =>
    Buffer.from(`${n} 0 obj\n${body}\nendobj\n`, 'latin1');
  add(object(1, '<< /Type /Catalog /Pages 2 0 R >>'));
  add(object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'));
  add(
    object(
      3,
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    ),
  );
  add(object(4, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'));
  add(
    Buffer.from(`5 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
    stream,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  );
  const xref = length;
  let tail = `xref\n0 6\n0000000000 65535 f \n`;
  for (const offset of offsets) tail += `${String(offset).padStart(10, '0')} 00000 n \n`;
  tail += `trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  parts.push(Buffer.from(tail, 'latin1'));
  return Buffer.concat(parts);
}
