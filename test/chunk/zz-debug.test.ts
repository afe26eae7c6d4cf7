import { it } from 'vitest';
import { StructureChunker } from '../../src/chunk/structure-chunker.js';
import { parseFile } from '../../src/parse/parse-document.js';
import { corpusPath } from '../corpora.js';
import { assertChunkInvariants, cl100kCount } from './assert-chunks.js';

it('debug', async () => {
  let t = performance.now();
  const doc = await parseFile(corpusPath('ecfr/title-15/chapter-VII.md'));
  console.log('parse', performance.now() - t);
  t = performance.now();
  const chunks = new StructureChunker().chunk(doc);
  console.log('chunk', performance.now() - t, chunks.length);
  t = performance.now();
  assertChunkInvariants(doc.canonical, chunks.slice(0, 200), {
    count: cl100kCount,
    budget: 512,
    overlap: 0,
    coverage: [],
  });
  console.log('assert200', performance.now() - t);
}, 600000);
