/**
 * Writes a PDF with one page per entry of `pages`, each page's lines set in
 * Helvetica one below the other, no outline. Objects and the cross-reference
 * table are laid out as in `pdf-with-outline.ts`; nothing here reads PDF.
 */
export function multiPagePdf(pages: readonly (readonly string[])[]): Uint8Array {
  // 1 catalog, 2 pages, 3 font, then per page: the page and its contents
  const objects: string[] = [];
  const pageRef = (k: number) => 4 + 2 * k;
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(
    `<< /Type /Pages /Kids [${pages.map((_, k) => `${pageRef(k)} 0 R`).join(' ')}] /Count ${pages.length} >>`,
  );
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  pages.forEach((lines, k) => {
    const text = lines.map((line, i) => `${i === 0 ? '' : 'T* '}(${line}) Tj`).join('\n');
    const content = `BT /F1 12 Tf 14 TL 72 720 Td\n${text}\nET`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageRef(k) + 1} 0 R >>`,
    );
    objects.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  });
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
