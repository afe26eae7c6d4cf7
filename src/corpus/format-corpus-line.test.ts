import { describe, expect, it } from 'vitest';
import type { RetrievalCorpusDocument } from './corpus-contract.js';
import { formatCorpusJsonl, formatCorpusLine } from './format-corpus-line.js';

describe('formatCorpusLine', () => {
  it('writes fields in one order whatever the object order, and skips absent ones', () => {
    const doc: RetrievalCorpusDocument = {
      text: 'Line one\nwith "quotes" and \u2028.',
      hash: 'h',
      doc_id: 'EAR-736.2',
      source_ref: 'r',
      source: 'ecfr_snapshot',
      chunk_kind: 'section',
      section_id: 'EAR-736.2',
      schema_version: 'retrieval-corpus.v1',
    };
    const line = formatCorpusLine(doc);
    expect(line).toBe(
      '{"schema_version":"retrieval-corpus.v1","doc_id":"EAR-736.2","section_id":"EAR-736.2","chunk_kind":"section","text":"Line one\\nwith \\"quotes\\" and \\u2028.","source":"ecfr_snapshot","source_ref":"r","hash":"h"}',
    );
    expect(line).not.toMatch(/[\n\u2028\u2029]/);
    expect(JSON.parse(line)).toEqual(doc);
    expect(formatCorpusJsonl([doc, doc])).toBe(`${line}\n${line}\n`);
  });
});
