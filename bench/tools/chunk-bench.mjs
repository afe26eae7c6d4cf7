// One chunking tool over one corpus:
//   node chunk-bench.mjs <tool> <dir> <ext,...> [runs] [budget seconds]
// Every tool starts from the same bytes in memory and decodes them inside the
// clock (cairn's structure chunker parses them). The warm-up run also checks
// the output (outside the counted runs): chunk count, empty chunks, chunks over
// the budget, and offsets against the source where the tool reports them.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readCorpus, runChild } from '../harness.mjs';

const [tool, dir, exts, runs = '5', budgetS = '420'] = process.argv.slice(2);
const decoder = new TextDecoder();
// gpt-tokenizer loaded through require, as cairn loads it, so a process that runs cairn holds one
// copy of its tables: an ESM import here beside cairn's require held two, about 16 MB more RSS
// charged to the tool measured
const gptCl100k = createRequire(import.meta.url)('gpt-tokenizer/encoding/cl100k_base');
const { clearMergeCache, countTokens } = gptCl100k;
const NO_SPECIAL = { disallowedSpecial: new Set() };
const cl100k = (text) => countTokens(text, NO_SPECIAL);

const dist = (path) => import(new URL(`../../dist/${path}`, import.meta.url).href);

/** Code points in a string (UTF-16 length when there are no surrogates). */
function codePoints(text) {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff || i + 1 === text.length) n++;
    else {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
      n++;
    }
  }
  return n;
}

/** UTF-16 index of each code point index (null when the two coincide). */
function codePointIndex(text) {
  if (!/[\ud800-\udfff]/.test(text)) return null;
  const map = [];
  let i = 0;
  for (const ch of text) {
    map.push(i);
    i += ch.length;
  }
  map.push(i);
  return map;
}

// ---- output checks (warm-up run only) ---------------------------------------

/** What a check accumulates over the corpus. */
function tally() {
  return { chunks: 0, empty: 0, over: 0, bad_offsets: 0, bad_tokens: 0, not_found: 0 };
}

/** cairn chunks: code point spans into `text`, UTF-8 byte spans, token counts. */
function checkCairn(t, text, chunks, { maxUnits, unit }) {
  const map = codePointIndex(text);
  for (const c of chunks) {
    t.chunks++;
    if (c.text.length === 0 || c.text.trim() === '') t.empty++;
    const s = map ? map[c.span.start] : c.span.start;
    const e = map ? map[c.span.end] : c.span.end;
    const bytesOk = c.span.end_byte - c.span.start_byte === Buffer.byteLength(c.text);
    if (text.slice(s, e) !== c.text || !bytesOk) t.bad_offsets++;
    if (unit === 'cl100k' && cl100k(c.text) !== c.token_count) t.bad_tokens++;
    if (unit === 'chars' && codePoints(c.text) !== c.token_count) t.bad_tokens++;
    if (c.token_count > maxUnits) t.over++;
  }
}

/** chonkie chunks: UTF-16 startIndex/endIndex into `text`. */
function checkChonkie(t, text, chunks, { maxUnits, unit }) {
  for (const c of chunks) {
    t.chunks++;
    if (c.text.length === 0 || c.text.trim() === '') t.empty++;
    if (text.slice(c.startIndex, c.endIndex) !== c.text) t.bad_offsets++;
    const size = unit === 'cl100k' ? cl100k(c.text) : codePoints(c.text);
    if (size > maxUnits) t.over++;
  }
}

/**
 * Tools that return strings only: can each chunk be found in the source, in
 * order? Searches from the last hit; stops counting after many misses (each
 * miss scans the rest of the file).
 */
function checkStrings(t, text, chunks, { maxUnits, unit }) {
  let from = 0;
  let misses = 0;
  for (const c of chunks) {
    t.chunks++;
    if (c.length === 0 || c.trim() === '') t.empty++;
    const size = unit === 'cl100k' ? cl100k(c) : codePoints(c);
    if (size > maxUnits) t.over++;
    if (misses < 200) {
      const at = text.indexOf(c, from);
      if (at < 0) {
        misses++;
        t.not_found++;
      } else from = at;
    } else t.not_found_unchecked = (t.not_found_unchecked ?? 0) + 1;
  }
}

function summarize(t, kind) {
  const out = { chunks: t.chunks, empty: t.empty, over: t.over };
  if (kind === 'cairn' || kind === 'chonkie')
    out.offsets = t.bad_offsets === 0 ? 'ok' : `${t.bad_offsets}_wrong`;
  if (kind === 'cairn') out.token_counts = t.bad_tokens === 0 ? 'exact' : `${t.bad_tokens}_wrong`;
  if (kind === 'strings') {
    out.offsets = 'none';
    out.not_in_source = t.not_found_unchecked
      ? `${t.not_found}+(${t.not_found_unchecked}_unchecked)`
      : t.not_found;
  }
  return out;
}

// ---- tools ------------------------------------------------------------------
// setup() returns { kind, limits, chunk(file) -> { text, chunks } } or, for
// floors, { floor(files) -> result }. Imports are dynamic so that each process
// loads only the library it measures.

/** gpt-tokenizer's cl100k as a chonkie Tokenizer (no download). */
function chonkieCl100k(gpt) {
  return {
    countTokens: (text) => gpt.countTokens(text, NO_SPECIAL),
    encode: (text) => gpt.encode(text, NO_SPECIAL),
    decode: (ids) => gpt.decode(ids),
    decodeBatch: (batch) => batch.map((ids) => gpt.decode(ids)),
  };
}

const cairnText =
  (chunker) =>
  ({ bytes }) => {
    const text = decoder.decode(bytes);
    return { text, chunks: chunker.chunk(text) };
  };

const TOOLS = {
  'read-sha256': async () => ({
    floor: (files) => {
      for (const f of files) createHash('sha256').update(readFileSync(f.path)).digest();
      return { files: files.length };
    },
  }),
  'utf8-decode': async () => ({
    floor: (files) => {
      let chars = 0;
      for (const f of files) chars += decoder.decode(f.bytes).length;
      return { utf16_units: chars };
    },
  }),
  'tokenize-cl100k': async () => ({
    floor: (files) => {
      let tokens = 0;
      for (const f of files) tokens += cl100k(decoder.decode(f.bytes));
      return { tokens };
    },
  }),

  // A ceiling for the structure chunker, which parses before it packs: cairn's block-level parse
  // alone (markdown-it's block stage, spans from line maps), before any document model, token
  // count or packing.
  'markdown-blocks': async () => {
    const { parseTopBlocks } = await dist('parse/markdown/top-blocks.js');
    return {
      floor: (files) => {
        let blocks = 0;
        for (const f of files) blocks += parseTopBlocks(decoder.decode(f.bytes)).length;
        return { blocks };
      },
    };
  },

  'cairn-char': async () => {
    const { CharChunker } = await dist('chunk/char-chunker.js');
    const chunker = new CharChunker({ size_chars: 1000, overlap_chars: 100 });
    return { kind: 'cairn', limits: { maxUnits: 1000, unit: 'chars' }, chunk: cairnText(chunker) };
  },
  'cairn-token': async () => {
    const { TokenChunker } = await dist('chunk/token-chunker.js');
    const chunker = new TokenChunker({
      tokenizer: 'cl100k_base',
      max_chunk_tokens: 512,
      overlap_tokens: 64,
    });
    return { kind: 'cairn', limits: { maxUnits: 512, unit: 'cl100k' }, chunk: cairnText(chunker) };
  },
  'cairn-sentence': async () => {
    const { SentenceChunker } = await dist('chunk/sentence-chunker.js');
    const chunker = new SentenceChunker({
      unit: 'token',
      tokenizer: 'cl100k_base',
      max_chunk_tokens: 512,
      overlap_tokens: 64,
    });
    return { kind: 'cairn', limits: { maxUnits: 512, unit: 'cl100k' }, chunk: cairnText(chunker) };
  },
  'cairn-token-like': async () => {
    const { TokenLikeChunker } = await dist('chunk/token-like-chunker.js');
    const chunker = new TokenLikeChunker({ max_chunk_tokens: 512, overlap_tokens: 64 });
    return { kind: 'cairn', limits: { maxUnits: 512, unit: 'words' }, chunk: cairnText(chunker) };
  },
  'cairn-structure': async () => {
    const { StructureChunker } = await dist('chunk/structure-chunker.js');
    const { parseDocument } = await dist('parse/parse-document.js');
    const chunker = new StructureChunker({ tokenizer: 'cl100k_base', max_chunk_tokens: 512 });
    const formats = new Map();
    return {
      kind: 'cairn',
      limits: { maxUnits: 512, unit: 'cl100k' },
      formats,
      // format detected from the path and first bytes (eCFR Markdown -> 'ecfr')
      chunk: async ({ bytes, path }) => {
        const doc = await parseDocument({ bytes, source_url: path });
        formats.set(doc.format, (formats.get(doc.format) ?? 0) + 1);
        return { text: doc.canonical, chunks: chunker.chunk(doc) };
      },
    };
  },

  'langchain-recursive': async () => {
    const { RecursiveCharacterTextSplitter } = await import('@langchain/textsplitters');
    const splitter = new RecursiveCharacterTextSplitter({ chunkSize: 1000, chunkOverlap: 100 });
    return langchain(splitter, { maxUnits: 1000, unit: 'chars' });
  },
  'langchain-markdown': async () => {
    const { MarkdownTextSplitter } = await import('@langchain/textsplitters');
    const splitter = new MarkdownTextSplitter({ chunkSize: 1000, chunkOverlap: 100 });
    return langchain(splitter, { maxUnits: 1000, unit: 'chars' });
  },
  'langchain-token': async () => {
    const { TokenTextSplitter } = await import('@langchain/textsplitters');
    // LangChain fetches the ranks from tiktoken.pages.dev on first use; give it
    // the same js-tiktoken encoder with the ranks shipped in the package instead.
    const { Tiktoken } = await import('js-tiktoken/lite');
    const { default: ranks } = await import('js-tiktoken/ranks/cl100k_base');
    const splitter = new TokenTextSplitter({
      encodingName: 'cl100k_base',
      chunkSize: 512,
      chunkOverlap: 64,
    });
    splitter.tokenizer = new Tiktoken(ranks);
    return langchain(splitter, { maxUnits: 512, unit: 'cl100k' });
  },

  'llamaindex-sentence': async () => {
    // default tokenizer: cl100k_base from its bundled gpt-tokenizer
    const { SentenceSplitter } = await import('@llamaindex/core/node-parser');
    const splitter = new SentenceSplitter({ chunkSize: 512, chunkOverlap: 64 });
    return {
      kind: 'strings',
      limits: { maxUnits: 512, unit: 'cl100k' },
      chunk: ({ bytes }) => {
        const text = decoder.decode(bytes);
        return { text, chunks: splitter.splitText(text) };
      },
    };
  },

  'chonkie-recursive-chars': async () => {
    const { RecursiveChunker } = await import('@chonkiejs/core');
    const chunker = await RecursiveChunker.create({ chunkSize: 1000 });
    return chonkie(chunker, { maxUnits: 1000, unit: 'chars' });
  },
  'chonkie-recursive-cl100k': async () => {
    const { RecursiveChunker } = await import('@chonkiejs/core');
    const gpt = gptCl100k;
    const chunker = await RecursiveChunker.create({
      chunkSize: 512,
      tokenizer: chonkieCl100k(gpt),
    });
    return chonkie(chunker, { maxUnits: 512, unit: 'cl100k' });
  },
  'chonkie-token-chars': async () => {
    const { TokenChunker } = await import('@chonkiejs/core');
    const chunker = await TokenChunker.create({ chunkSize: 1000, chunkOverlap: 100 });
    return chonkie(chunker, { maxUnits: 1000, unit: 'chars' });
  },
  'chonkie-token-cl100k': async () => {
    const { TokenChunker } = await import('@chonkiejs/core');
    const gpt = gptCl100k;
    const chunker = await TokenChunker.create({
      chunkSize: 512,
      chunkOverlap: 64,
      tokenizer: chonkieCl100k(gpt),
    });
    return chonkie(chunker, { maxUnits: 512, unit: 'cl100k' });
  },
};

function langchain(splitter, limits) {
  return {
    kind: 'strings',
    limits,
    chunk: async ({ bytes }) => {
      const text = decoder.decode(bytes);
      return { text, chunks: await splitter.splitText(text) };
    },
  };
}

function chonkie(chunker, limits) {
  return {
    kind: 'chonkie',
    limits,
    chunk: async ({ bytes }) => {
      const text = decoder.decode(bytes);
      return { text, chunks: await chunker.chunk(text) };
    },
  };
}

// ---- main -------------------------------------------------------------------

if (!(tool in TOOLS)) {
  console.error(`unknown tool ${tool}; known: ${Object.keys(TOOLS).join(', ')}`);
  process.exit(2);
}
const files = readCorpus(dir, exts.split(','));
const spec = await TOOLS[tool]();

let checked = null;
async function run(fs) {
  if (spec.floor) return spec.floor(fs);
  const t = checked === null ? tally() : null;
  let chunks = 0;
  for (const f of fs) {
    const out = await spec.chunk(f);
    chunks += out.chunks.length;
    if (t) {
      if (spec.kind === 'cairn') checkCairn(t, out.text, out.chunks, spec.limits);
      else if (spec.kind === 'chonkie') checkChonkie(t, out.text, out.chunks, spec.limits);
      else checkStrings(t, out.text, out.chunks, spec.limits);
      // the check's tokenizer caches pieces of this file's text, each holding the whole text
      // alive: cleared, so that peak RSS is the tool's, not the check's
      clearMergeCache();
    }
  }
  if (t) {
    checked = summarize(t, spec.kind);
    if (spec.formats) checked.formats = [...spec.formats].map(([k, v]) => `${k}:${v}`).join(',');
  }
  // the counted runs must give what the checked run gave
  return chunks === checked.chunks ? checked : { ...checked, chunks_changed_to: chunks };
}

await runChild(files, run, { runs: Number(runs), budgetMs: Number(budgetS) * 1000 });
