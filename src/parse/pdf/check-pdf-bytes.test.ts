import { describe, expect, it } from 'vitest';
import { isCairnError } from '../../errors.js';
import { checkPdfBytes } from './check-pdf-bytes.js';

const codeOf = (bytes: Uint8Array): string | null => {
  try {
    checkPdfBytes(bytes, 'x.pdf');
    return null;
  } catch (error) {
    if (isCairnError(error)) return error.code;
    throw error;
  }
};
const pdf = (head: string, tail = '\n%%EOF\n') =>
  Buffer.from(`${head}%PDF-1.7\n1 0 obj\n<<>>\nendobj${tail}`, 'latin1');

describe('checkPdfBytes', () => {
  it('accepts a header within the first 1024 bytes and %%EOF within the last 1024', () => {
    expect(codeOf(pdf(''))).toBeNull();
    expect(codeOf(pdf('x'.repeat(1000)))).toBeNull();
    expect(codeOf(pdf('', `\n%%EOF\n${' '.repeat(1000)}`))).toBeNull();
  });

  it('refuses a missing or late header as malformed, other binary formats as binary input', () => {
    expect(codeOf(pdf('x'.repeat(1100)))).toBe('pdf_malformed');
    expect(codeOf(new Uint8Array(0))).toBe('pdf_malformed');
    expect(codeOf(Buffer.from('just some text\n'))).toBe('pdf_malformed');
    expect(codeOf(Buffer.from('504b030414000000080000000000', 'hex'))).toBe('binary_input');
    expect(codeOf(Buffer.from('89504e470d0a1a0a0000', 'hex'))).toBe('binary_input');
  });

  it('refuses a file cut short of its %%EOF as malformed', () => {
    expect(codeOf(pdf('', '\nxref\n0 1\n'))).toBe('pdf_malformed');
    expect(codeOf(pdf('', `\n%%EOF\n${' '.repeat(1100)}`))).toBe('pdf_malformed');
  });
});
