import { once } from 'node:events';
import { createDeflate, deflateSync } from 'node:zlib';

/**
 * PDFs whose text is one line of Helvetica then `padding` spaces, stored
 * through one filter chain each, written from code: small files that decode
 * to `padding` bytes and more. Built as the PDF reference lays files out
 * (objects, a cross-reference table or stream, a trailer); pdf.js reads each.
 */
export const BOMB_KINDS = ['flate', 'flate-twice', 'hex-flate', 'lzw', 'object-stream'];

export async function pdfBomb(kind, line, padding) {
  const text = Buffer.from(`BT /F1 12 Tf 72 720 Td (${line}) Tj ET\n`, 'latin1');
  switch (kind) {
    case 'flate':
      return pdfWithContent(await deflateRun(text, padding), '/Filter /FlateDecode');
    case 'flate-twice':
      return pdfWithContent(
        deflateSync(await deflateRun(text, padding), { level: 9 }),
        '/Filter [/FlateDecode /FlateDecode]',
      );
    case 'hex-flate':
      return pdfWithContent(
        Buffer.from(`${(await deflateRun(text, padding)).toString('hex')}>`, 'latin1'),
        '/Filter [/ASCIIHexDecode /FlateDecode]',
      );
    case 'lzw':
      return pdfWithContent(lzwRun(text, padding), '/Filter /LZWDecode');
    case 'object-stream':
      return pdfWithObjectStream(text, await deflateRun(OBJECT_STREAM_HEAD, padding));
  }
}

/** Deflate of `head` then `padding` spaces, fed a megabyte at a time (the input is never held whole). */
export async function deflateRun(head, padding) {
  const deflate = createDeflate({ level: 9 });
  const out = [];
  deflate.on('data', (piece) => out.push(piece));
  const block = Buffer.alloc(1024 * 1024, 0x20);
  deflate.write(head);
  for (let left = padding; left > 0; left -= block.length) {
    if (!deflate.write(left >= block.length ? block : block.subarray(0, left)))
      await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  return Buffer.concat(out);
}

/**
 * LZW (PDF's: EarlyChange 1, codes of 9 to 12 bits, most significant bit
 * first) of `head` as literals, then `padding` spaces as the ever longer
 * runs the table learns, cleared before it fills.
 */
export function lzwRun(head, padding) {
  const bytes = [];
  let held = 0;
  let bits = 0;
  let next = 258;
  const width = (n) => (n < 512 ? 9 : n < 1024 ? 10 : n < 2048 ? 11 : 12);
  const emit = (code, w) => {
    held = (held << w) | code;
    bits += w;
    while (bits >= 8) {
      bytes.push((held >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
    held &= (1 << bits) - 1;
  };
  const clear = () => {
    emit(256, width(next));
    next = 258;
  };
  emit(256, 9);
  // the head, one literal after a clear each, so that the table holds only the run below
  for (const b of head) {
    emit(b, 9);
    emit(256, 9);
  }
  let left = padding;
  while (left > 0) {
    const run = Math.min(1 + (next - 258), left);
    emit(run === 1 ? 0x20 : 258 + run - 2, width(next));
    left -= run;
    if (left > 0) {
      next++;
      if (next >= 4094) clear();
    }
  }
  emit(257, width(next + 1));
  if (bits > 0) bytes.push((held << (8 - bits)) & 0xff);
  return Buffer.from(bytes);
}

function layout(objects) {
  const parts = [Buffer.from('%PDF-1.5\n', 'latin1')];
  const offsets = [];
  let length = parts[0].length;
  for (const object of objects) {
    offsets.push(length);
    parts.push(object);
    length += object.length;
  }
  return { parts, offsets, length };
}

const object = (n, body, stream) =>
  stream === undefined
    ? Buffer.from(`${n} 0 obj\n${body}\nendobj\n`, 'latin1')
    : Buffer.concat([
        Buffer.from(`${n} 0 obj\n${body}\nstream\n`, 'latin1'),
        stream,
        Buffer.from('\nendstream\nendobj\n', 'latin1'),
      ]);

const PAGE =
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>';

/** A one-page PDF whose content stream is `stream` under the dictionary entries `filter`. */
export function pdfWithContent(stream, filter) {
  const { parts, offsets, length } = layout([
    object(1, '<< /Type /Catalog /Pages 2 0 R >>'),
    object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    object(3, PAGE),
    object(4, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
    object(5, `<< /Length ${stream.length} ${filter} >>`, stream),
  ]);
  let tail = 'xref\n0 6\n0000000000 65535 f \n';
  for (const offset of offsets) tail += `${String(offset).padStart(10, '0')} 00000 n \n`;
  tail += `trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(tail, 'latin1'));
  return Buffer.concat(parts);
}

/** The object stream's index (object 4 at offset 0) and its one object, the font; spaces follow. */
const OBJECT_INDEX = Buffer.from('4 0 ', 'latin1');
const OBJECT_STREAM_HEAD = Buffer.concat([
  OBJECT_INDEX,
  Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>', 'latin1'),
]);

/**
 * A one-page PDF 1.5 whose font dictionary lives in a Flate object stream
 * (`padded`: the font, then the padding) and whose cross-references are a stream:
 * reading the page's font decodes the object stream whole.
 */
function pdfWithObjectStream(text, padded) {
  const content = deflateSync(text);
  const objects = [
    object(1, '<< /Type /Catalog /Pages 2 0 R >>'),
    object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    object(3, PAGE),
    object(5, `<< /Length ${content.length} /Filter /FlateDecode >>`, content),
    object(
      6,
      `<< /Type /ObjStm /N 1 /First ${OBJECT_INDEX.length} /Length ${padded.length} /Filter /FlateDecode >>`,
      padded,
    ),
  ];
  const { parts, offsets, length } = layout(objects);
  // xref stream: type 1 (offset) for 1, 2, 3, 5, 6; type 2 (in stream 6, index 0) for 4; itself 7
  const rows = [
    [0, 0, 65535],
    [1, offsets[0], 0],
    [1, offsets[1], 0],
    [1, offsets[2], 0],
    [2, 6, 0],
    [1, offsets[3], 0],
    [1, offsets[4], 0],
    [1, length, 0],
  ];
  const table = Buffer.alloc(rows.length * 7);
  rows.forEach(([type, field2, field3], i) => {
    table.writeUInt8(type, i * 7);
    table.writeUInt32BE(field2, i * 7 + 1);
    table.writeUInt16BE(field3, i * 7 + 5);
  });
  parts.push(
    object(7, `<< /Type /XRef /Size 8 /W [1 4 2] /Root 1 0 R /Length ${table.length} >>`, table),
    Buffer.from(`startxref\n${length}\n%%EOF\n`, 'latin1'),
  );
  return Buffer.concat(parts);
}
