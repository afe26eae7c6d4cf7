import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import * as cairn from '../src/index.js';
import { SUBPATH_ENTRIES } from './architecture/check-folder-graph.js';

// The public API is what src/index.ts exports: a change to this list is a
// change to what users may import, and should be deliberate. The acceptance
// bound of issue 46 is 60 values; the rest lives in the subpath entries.
it('exports exactly the public API from the barrel, at most 60 values', () => {
  const names = Object.keys(cairn).sort();
  expect(names.length).toBeLessThanOrEqual(60);
  expect(names).toEqual([
    'ANSWER_FORMATS',
    'CairnError',
    'ERROR_CODES',
    'PROMPT_STYLES',
    'PROMPT_TARGETS',
    'SEARCH_MODES',
    'SUPPORTED_EXTENSIONS',
    'alignChunkIds',
    'auditAnswer',
    'buildPrompt',
    'buildQueriesPrompt',
    'chunkStored',
    'createCachedEmbedder',
    'createCharChunker',
    'createChunkerRegistry',
    'createCrossEncoderReranker',
    'createHashEmbedder',
    'createHttpReranker',
    'createOpenAIEmbedder',
    'createSemanticChunker',
    'createSentenceChunker',
    'createStructureChunker',
    'createTokenChunker',
    'createTokenLikeChunker',
    'createTransformersEmbedder',
    'defaultChunkerRegistry',
    'detectFormat',
    'embedChunkSets',
    'ensure',
    'exportChunks',
    'formatChunkId',
    'ingestSources',
    'isCairnError',
    'isChunkId',
    'legibleSections',
    'limitChunker',
    'mintChunkIds',
    'normalizeText',
    'openStore',
    'openTemporaryStore',
    'parseChunkId',
    'parseDocument',
    'parseFile',
    'readSearchQueries',
    'readStoreOutline',
    'removeDocuments',
    'resolveChunk',
    'resolveEmbedder',
    'runChunker',
    'search',
    'strictAnswerSchema',
    'validateChunkIds',
    'validateCitations',
    'verifyCitations',
  ]);
});

it('publishes each subpath entry in package.json, and each loads', async () => {
  const exportsField = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
    .exports as Record<string, { types: string; import: string }>;
  const entries = SUBPATH_ENTRIES.map((path) => path.replace(/^src\//, '').replace(/\.ts$/, ''));
  expect(Object.values(exportsField).map((target) => target.import)).toEqual(
    ['index', ...entries].map((entry) => `./dist/${entry}.js`),
  );
  expect(Object.values(exportsField).map((target) => target.types)).toEqual(
    ['index', ...entries].map((entry) => `./dist/${entry}.d.ts`),
  );
  const loaded = await Promise.all(SUBPATH_ENTRIES.map((path) => import(`../${path}`)));
  expect(
    Object.fromEntries(SUBPATH_ENTRIES.map((path, i) => [path, Object.keys(loaded[i]!).sort()])),
  ).toEqual(SUBPATH_VALUES);
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

/** The values of each subpath entry (`cairn/store` holds only types). */
const SUBPATH_VALUES: Record<string, string[]> = {
  'src/adapters/langchain/index.ts': [
    'CairnLoader',
    'CairnRetriever',
    'CairnTextSplitter',
    'projectLangChainCitation',
    'projectLangChainCitations',
  ],
  'src/adapters/llamaindex/index.ts': [
    'CairnLoader',
    'CairnNodeParser',
    'CairnRetriever',
    'projectLlamaIndexCitation',
    'projectLlamaIndexCitations',
  ],
  'src/chunk/index.ts': [
    'ATOMIC_BLOCK_TYPES',
    'CHAR_DEFAULTS',
    'SEMANTIC_DEFAULTS',
    'STRUCTURE_DEFAULTS',
    'TOKEN_DEFAULTS',
    'TOKEN_LIKE_DEFAULTS',
    'formatChunkerId',
    'isFurniture',
    'parseChunkerId',
  ],
  'src/corpus/index.ts': [
    'CORPUS_SCHEMA_VERSION',
    'buildEarCorpus',
    'createCorpusValidator',
    'exportEarCorpus',
    'exportStoredEarCorpus',
    'formatCorpusJsonl',
    'formatCorpusLine',
    'normalizeEarId',
    'validateCorpusFile',
    'validateCorpusStream',
    'validateCorpusText',
  ],
  'src/eval/index.ts': [
    'CITATION_MATCH_THRESHOLD',
    'DEFAULT_EVAL_CHUNKERS',
    'GOLD_ISSUE_CODES',
    'GOLD_SEARCH_MODES',
    'ID_SCHEMES',
    'SQUAD_SPLITS',
    'checkSquadSplit',
    'computeMetrics',
    'firstHitRank',
    'goldCitationMatch',
    'isInSection',
    'loadEditHistories',
    'loadGoldCitations',
    'loadGoldQuestions',
    'loadSquad',
    'parseSectionLabel',
    'replayEditHistory',
    'runGoldEval',
    'runIdsEval',
    'runSquadEval',
    'squadSplit',
    'storeGoldDocs',
  ],
  'src/server/index.ts': [
    'bearerRefusal',
    'createApp',
    'createSearchPool',
    'defaultSearchWorkers',
    'startServer',
  ],
  'src/store/index.ts': [],
};
