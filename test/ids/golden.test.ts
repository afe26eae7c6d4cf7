import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultChunkerRegistry } from '../../src/chunk/chunker-registry.js';
import { alignChunkIds, type PreviousChunk } from '../../src/ids/align-chunk-ids.js';
import { chunkIdAlias } from '../../src/ids/chunk-id-alias.js';
import { mintChunkIds } from '../../src/ids/mint-chunk-ids.js';
import { parseDocument } from '../../src/parse/parse-document.js';
import type { Format } from '../../src/types.js';
import { corpusPath } from '../corpora.js';

const chunker = defaultChunkerRegistry().get('default');

/** One line per entry, so that a diff shows which IDs moved. */
function lines(header: Record<string, unknown>, entries: unknown[]): string {
  return `{\n${Object.entries(header)
    .map(([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)},`)
    .join(
      '\n',
    )}\n  "entries": [\n${entries.map((entry) => `    ${JSON.stringify(entry)}`).join(',\n')}\n  ]\n}\n`;
}

async function load(
  path: string,
  doc_uid: string,
  format: Format,
  limit = Number.POSITIVE_INFINITY,
) {
  let bytes = readFileSync(path);
  if (bytes.length > limit)
    bytes = bytes.subarray(0, bytes.subarray(0, limit).lastIndexOf('\n\n') + 2);
  const doc = await parseDocument({ bytes, source_url: path, doc_uid, format });
  return { doc, chunks: chunker.chunk(doc) };
}

// These files were written by another process: matching them is minting's
// determinism across processes (and across Node versions in CI).
describe('golden chunk IDs', () => {
  it('rustbook chapter with code blocks, lists and nested sections', async () => {
    const { doc, chunks } = await load(
      corpusPath('rustbook', 'ch04-01-what-is-ownership.md'),
      'rustbook/ch04-01',
      'markdown',
    );
    const ids = mintChunkIds(doc, chunks);
    const entries = chunks.map((chunk, k) => [
      ids[k],
      chunkIdAlias(ids[k]!),
      chunk.block_types.join(','),
    ]);
    await expect(lines({ chunker: chunker.chunker_id, rev: doc.rev }, entries)).toMatchFileSnapshot(
      '../golden/ids-rustbook-ch04-01.json',
    );
  });

  it('eCFR: parts, sections and paragraph designators (first 96 KB of the EAR)', async () => {
    const path = corpusPath('ecfr', 'title-15', 'chapter-VII.md');
    const { doc, chunks } = await load(path, 'ecfr/15/VII', 'ecfr', 96 * 1024);
    const ids = mintChunkIds(doc, chunks);
    const entries = chunks.map((chunk, k) => [ids[k], chunk.heading_path.at(-1) ?? null]);
    await expect(lines({ chunker: chunker.chunker_id, rev: doc.rev }, entries)).toMatchFileSnapshot(
      '../golden/ids-ecfr-15-VII-head.json',
    );
  });

  it('replay of the 18 real revisions of ch16-01-threads: changes, new IDs and redirects', async () => {
    const dir = corpusPath('rustbook-history', 'ch16-01-threads');
    const entries: unknown[] = [];
    let previous: PreviousChunk[] | null = null;
    const retired = new Set<string>();
    for (const file of readdirSync(dir).sort()) {
      const { doc, chunks } = await load(join(dir, file), 'ch16-01-threads', 'markdown');
      let ids: string[];
      if (previous === null) {
        ids = mintChunkIds(doc, chunks);
        entries.push({ file, change: 'first', chunks: ids.length });
      } else {
        const result = alignChunkIds(previous, doc, chunks, { retired_ids: retired });
        ids = result.ids;
        const before = new Set(previous.map((chunk) => chunk.chunk_id));
        const { survival, ...stats } = result.stats;
        entries.push({
          file,
          change: result.change,
          lineage_rev: result.lineage_rev,
          survival: Number(survival.toFixed(3)),
          ...stats,
          new_ids: ids.filter((id) => !before.has(id)).map((id) => id.slice(id.indexOf('|s='))),
          redirects: result.redirects.map(
            (r) =>
              `${r.kind} ${r.from.slice(r.from.indexOf('|s='))} -> ${r.to.slice(r.to.indexOf('|s='))}`,
          ),
        });
      }
      for (const id of ids) retired.add(id);
      previous = chunks.map((chunk, k) => ({ chunk_id: ids[k]!, text: chunk.text }));
    }
    await expect(lines({ chunker: chunker.chunker_id }, entries)).toMatchFileSnapshot(
      '../golden/ids-replay-ch16-01-threads.json',
    );
  });
});
