// One parse tool over one corpus: node parse-bench.mjs <tool> <dir> <ext,...> [runs]
import { createHash } from 'node:crypto';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { mathFromMarkdown } from 'mdast-util-math';
import { parse as micromarkParse, postprocess, preprocess } from 'micromark';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfm } from 'micromark-extension-gfm';
import { math } from 'micromark-extension-math';
import { parse as parse5 } from 'parse5';
import { parseDocument } from '../../dist/index.js';
import { readCorpus, runChild } from '../harness.mjs';

const [tool, dir, exts, runs = '5'] = process.argv.slice(2);
const files = readCorpus(dir, exts.split(','));
const decoder = new TextDecoder();
const extensions = [gfm(), math(), frontmatter()];
const mdastExtensions = [gfmFromMarkdown(), mathFromMarkdown(), frontmatterFromMarkdown()];

const tools = {
  // floors: reading is done before the clock; these show hashing and decoding alone
  sha256: (fs) => {
    for (const f of fs) createHash('sha256').update(f.bytes).digest();
  },
  'utf8-decode': (fs) => {
    for (const f of fs) decoder.decode(f.bytes);
  },
  'micromark-events': (fs) => {
    let events = 0;
    for (const f of fs) {
      const text = decoder.decode(f.bytes);
      events += postprocess(
        micromarkParse({ extensions })
          .document()
          .write(preprocess()(text, 'utf8', true)),
      ).length;
    }
    return { events };
  },
  'mdast-from-markdown': (fs) => {
    let nodes = 0;
    for (const f of fs)
      nodes += fromMarkdown(decoder.decode(f.bytes), { extensions, mdastExtensions }).children
        .length;
    return { nodes };
  },
  parse5: (fs) => {
    let nodes = 0;
    for (const f of fs)
      nodes += parse5(decoder.decode(f.bytes), { sourceCodeLocationInfo: true }).childNodes.length;
    return { nodes };
  },
  'cairn-parse': async (fs) => {
    let blocks = 0;
    let sections = 0;
    for (const f of fs) {
      const doc = await parseDocument({ bytes: f.bytes, source_url: f.path });
      blocks += doc.blocks.length;
      sections += doc.sections.length;
    }
    return { blocks, sections };
  },
  'cairn-parse-as-markdown': async (fs) => {
    let blocks = 0;
    for (const f of fs)
      blocks += (await parseDocument({ bytes: f.bytes, source_url: f.path, format: 'markdown' }))
        .blocks.length;
    return { blocks };
  },
};

await runChild(files, tools[tool], { runs: Number(runs) });
