/**
 * Writes a one-page PDF (Helvetica text, one line per entry of `lines`) whose
 * outline is a chain `depth` entries deep, each the only child of the one
 * before, all pointing at the page. Objects and the cross-reference table are
 * written as the PDF reference lays them out; nothing here reads PDF.
 */
export function pdfWithOutlineChain(lines: readonly string[], depth: number): Uint8Array {
  const objects: string[] = [];
  // 1 catalog, 2 pages, 3 page, 4 font, 5 contents, 6 outline root, 7.. entries
  const text = lines.map((line, i) => `${i === 0 ? '' : 'T* '}(${line}) Tj`).join('\n');
  const content = `BT /F1 12 Tf 14 TL 72 720 Td\n${text}\nET`;
  objects.push('<< /Type /Catalog /Pages 2 0 R /Outlines 6 0 R >>');
  objects.push('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  objects.push(
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
  );
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  objects.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  objects.push(`<< /Type /Outlines /First 7 0 R /Last 7 0 R /Count ${depth} >>`);
  for (let i = 0; i < depth; i++) {
    const self = 7 + i;
    const parent = i === 0 ? 6 : self - 1;
    const child = i + 1 < depth ? ` /First ${self + 1} 0 R /Last ${self + 1} 0 R /Count 1` : '';
    objects.push(
      `<< /Title (Level ${i + 1}) /Parent ${parent} 0 R /Dest [3 0 R /XYZ 0 792 0]${child} >>`,
    );
  }
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
