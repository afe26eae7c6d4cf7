import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultChunkerRegistry } from '../../src/chunk/chunker-registry.js';
import { alignChunkIds } from '../../src/ids/align-chunk-ids.js';
import { checkChunkIds } from '../../src/ids/check-chunk-ids.js';
import { mintChunkIds } from '../../src/ids/mint-chunk-ids.js';
import { validateChunkIds } from '../../src/ids/validate-chunk-ids.js';
import { parseDocument } from '../../src/parse/parse-document.js';
import { corpusFiles } from '../corpora.js';

const chunker = defaultChunkerRegistry().get('default');
const FULL = process.env.CAIRN_IDS_FULL === '1';

/** The first `limit` bytes of `bytes`, cut after the last blank line in them. */
function headOf(bytes: Buffer, limit: number): Buffer {
  if (bytes.length <= limit) return bytes;
  const cut = bytes.subarray(0, limit).lastIndexOf('\n\n');
  return bytes.subarray(0, cut < 0 ? limit : cut + 2);
}

describe('the 60-second validator on real corpora, default chunker', () => {
  it('passes on every rustbook chapter, parsing each twice', async () => {
    const files = corpusFiles('rustbook', ['.md']);
    expect(files.length).toBeGreaterThan(100);
    let chunks = 0;
    for (const file of files) {
      const check = await checkChunkIds(file, { chunker });
      expect(check.result, file).toEqual({ ok: true });
      chunks += check.chunks;
    }
    expect(chunks).toBeGreaterThan(800);
  });

  // Parsing and tokenizing the 60 MB of eCFR Markdown takes minutes on a
  // shared machine, so by default each chapter is cut to its first 128 KB
  // (every chapter still: its front matter, parts, sections and paragraph
  // designators), parsed once and chunked twice. CAIRN_IDS_FULL=1 checks
  // whole files; `cairn ids check ../shared/corpora/ecfr` parses each twice.
  it('passes on every eCFR chapter', async () => {
    const files = corpusFiles('ecfr', ['.md']);
    expect(files.length).toBe(86);
    let sections = 0;
    for (const file of files) {
      const bytes = readFileSync(file);
      const doc = await parseDocument({
        bytes: FULL ? bytes : headOf(bytes, 128 * 1024),
        source_url: file,
      });
      const first = chunker.chunk(doc);
      const ids = mintChunkIds(doc, first);
      const second = chunker.chunk(doc);
      const again = alignChunkIds(
        first.map((chunk, k) => ({ chunk_id: ids[k]!, text: chunk.text })),
        doc,
        second,
      );
      const result = validateChunkIds({
        ids,
        reingest: { ids: again.ids, change: again.change, redirects: again.redirects },
      });
      expect(result, file).toEqual({ ok: true });
      expect(mintChunkIds(doc, second)).toEqual(ids);
      sections += new Set(ids.map((id) => id.split('|s=')[1]!.split('|')[0])).size;
    }
    expect(sections).toBeGreaterThan(FULL ? 10_000 : 2_000);
  });
});
