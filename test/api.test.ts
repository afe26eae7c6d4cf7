import { expect, it } from 'vitest';
import * as cairn from '../src/index.js';

// The public API is what src/index.ts exports: a change to this list is a
// change to what users may import, and should be deliberate.
it('exports exactly the public API', () => {
  expect(Object.keys(cairn).sort()).toEqual([
    'ANSWER_CITATION_FIELDS',
    'ANSWER_FORMATS',
    'ATOMIC_BLOCK_TYPES',
    'CHAR_DEFAULTS',
    'CORPUS_SCHEMA_VERSION',
    'CairnError',
    'CharChunker',
    'ChunkerRegistry',
    'DEFAULT_DB_PATH',
    'DEFAULT_EVAL_CHUNKERS',
    'ERROR_CODES',
    'ID_SCHEMES',
    'MAX_ELISION_GAP',
    'MIN_FRAGMENT_WORDS',
    'MIN_QUOTE_WORDS',
    'REQUIRED_CITATION_FIELDS',
    'STRUCTURE_DEFAULTS',
    'SUPPORTED_EXTENSIONS',
    'SentenceChunker',
    'StructureChunker',
    'TOKEN_DEFAULTS',
    'TOKEN_LIKE_DEFAULTS',
    'TokenChunker',
    'TokenLikeChunker',
    'alignChunkIds',
    'auditAnswer',
    'buildEarCorpus',
    'canonicalizeSource',
    'chunkIdAlias',
    'chunkStored',
    'computeIndexHash',
    'computeMetrics',
    'createApp',
    'createCharChunker',
    'createChunkerRegistry',
    'createCorpusValidator',
    'createSentenceChunker',
    'createStructureChunker',
    'createTokenChunker',
    'createTokenLikeChunker',
    'decodeText',
    'defaultChunkerRegistry',
    'deriveDocUid',
    'detectFormat',
    'ensure',
    'exportEarCorpus',
    'firstHitRank',
    'formatChunkId',
    'formatChunkerId',
    'formatCorpusJsonl',
    'formatCorpusLine',
    'formatEvalTable',
    'formatIdsEvalTable',
    'formatTraceLine',
    'highlightTerms',
    'ingestSources',
    'isCairnError',
    'isChunkId',
    'loadEditHistories',
    'loadSquad',
    'locateQuote',
    'mintChunkIds',
    'normalizeEarId',
    'normalizeText',
    'openStore',
    'parseAnswerJson',
    'parseChunkId',
    'parseChunkerId',
    'parseDocument',
    'parseFile',
    'readAnswerShape',
    'replayEditHistory',
    'resolveChunk',
    'runIdsEval',
    'runSquadEval',
    'search',
    'startServer',
    'tokenizeQuery',
    'traceAnswer',
    'validateAnswer',
    'validateChunkIds',
    'validateCitations',
    'validateCorpusFile',
    'validateCorpusStream',
    'validateCorpusText',
    'verifyAnswer',
    'verifyCitations',
  ]);
});

it('takes a Markdown text from parse to chunk IDs through the barrel alone', async () => {
  const doc = await cairn.parseDocument({
    bytes: Buffer.from('# Title\n\nOne paragraph.\n\n## Part\n\nAnother one.\n'),
    source_url: 'notes.md',
    format: 'markdown',
  });
  const chunker = cairn.defaultChunkerRegistry().get('default');
  const chunks = chunker.chunk(doc);
  const ids = cairn.mintChunkIds(doc, chunks);
  expect(ids).toHaveLength(chunks.length);
  for (const id of ids) expect(cairn.formatChunkId(cairn.parseChunkId(id))).toBe(id);
  expect(
    cairn.validateChunkIds({ ids, reingest: { ids: cairn.mintChunkIds(doc, chunker.chunk(doc)) } })
      .ok,
  ).toBe(true);
});
