// Fingerprints of parse + structure chunk output (256, 512, 512 with overlap 64) for every eCFR
// and Rust book file, one line a file, to diff two builds whose output must not change:
//   node bench/chunk-digest.mjs /tmp/cairn-a/dist /tmp/a.txt && node bench/chunk-digest.mjs dist /tmp/b.txt
//   diff /tmp/a.txt /tmp/b.txt
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const CORPORA = fileURLToPath(new URL('../../shared/corpora/', import.meta.url));
const [distDir, outFile] = process.argv.slice(2);
const dist = pathToFileURL(`${resolve(distDir)}/`).href;
const { parseDocument } = await import(`${dist}parse/parse-document.js`);
const { StructureChunker } = await import(`${dist}chunk/structure-chunker.js`);
const configs = {
  s256: new StructureChunker({ tokenizer: 'cl100k_base', max_chunk_tokens: 256 }),
  s512: new StructureChunker({ tokenizer: 'cl100k_base', max_chunk_tokens: 512 }),
  s512o64: new StructureChunker({
    tokenizer: 'cl100k_base',
    max_chunk_tokens: 512,
    overlap_tokens: 64,
  }),
};
function walk(d, out = []) {
  for (const n of readdirSync(d).sort()) {
    const p = join(d, n);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}
const files = [...walk(join(CORPORA, 'ecfr')), ...walk(join(CORPORA, 'rustbook'))].filter((p) =>
  /\.(md|markdown)$/.test(p),
);
const lines = [];
for (const path of files) {
  const doc = await parseDocument({ bytes: readFileSync(path), source_url: path });
  const row = [path, createHash('sha256').update(JSON.stringify(doc)).digest('hex').slice(0, 16)];
  for (const [, c] of Object.entries(configs))
    row.push(
      createHash('sha256')
        .update(JSON.stringify(c.chunk(doc)))
        .digest('hex')
        .slice(0, 16),
    );
  lines.push(row.join(' '));
}
writeFileSync(outFile, `${lines.join('\n')}\n`);
console.log(files.length, 'files');
