import { join } from 'node:path';
import { expect, expectTypeOf, test } from 'vitest';
// Type-only imports vanish at run time: `npm test` type-checks this file with
// tsc first, and a type missing from its entry fails there ("Module has no
// exported member"). The list is what a user needs to name the parameters
// and results of the exported functions (from `cairn`) and of `ChunkStore`'s
// methods (from `cairn/store`).
import {
  CHAR_DEFAULTS,
  type ChunkerIdParts,
  parseChunkerId,
  STRUCTURE_DEFAULTS,
  TOKEN_DEFAULTS,
  TOKEN_LIKE_DEFAULTS,
} from '../src/chunk/index.js';
import { type ValidateCorpusOptions, validateCorpusText } from '../src/corpus/index.js';
import type {
  ChangeKind,
  CharChunkerConfig,
  CharChunkerSettings,
  ChunkerFactory,
  ChunkSource,
  ChunkStore,
  ChunkStoredOptions,
  ChunkStoredSummary,
  EnsureOptions,
  EnsureResult,
  FileStatus,
  IngestEvent,
  IngestedFile,
  RedirectHop,
  ResolveOptions,
  ResolveResult,
  SentenceChunkerConfig,
  SentenceChunkerSettings,
  StructureChunkerConfig,
  StructureChunkerSettings,
  TokenChunkerConfig,
  TokenChunkerSettings,
  TokenizerSettings,
  TokenLikeChunkerConfig,
  TokenLikeChunkerSettings,
} from '../src/index.js';
import {
  chunkStored,
  createCharChunker,
  createSentenceChunker,
  createStructureChunker,
  createTokenChunker,
  createTokenLikeChunker,
  ensure,
  type ingestSources,
  openStore,
  parseDocument,
  resolveChunk,
} from '../src/index.js';
import { modelVersionOf } from '../src/parse/model-version.js';
import type {
  ChunkInput,
  ChunkRow,
  ChunkSetRow,
  ChunkSetWrite,
  DocumentInput,
  DocumentRow,
  DocumentState,
  IndexManifestRow,
  LexicalIndexState,
  LexicalMatch,
  LexicalQuery,
  RagTraceRow,
  RedirectInput,
  RedirectKind,
  RedirectRow,
  SeenFileRow,
  StatementHook,
  StoreCounts,
  VersionInput,
  VersionModel,
  VersionRow,
  VersionWithText,
  WriteVersionInput,
  WriteVersionOutcome,
} from '../src/store/index.js';
import { tempDir } from './support/temp-dir.js';

test('the chunker settings and configuration types name what the factories take and hold', () => {
  const tokenizer: TokenizerSettings = { tokenizer: 'cl100k_base' };
  const char: CharChunkerSettings = { size_chars: 400, overlap_chars: 40 };
  const structure: StructureChunkerSettings = { max_chunk_tokens: 128, ...tokenizer };
  const token: TokenChunkerSettings = { max_chunk_tokens: 128, overlap_tokens: 16, ...tokenizer };
  const sentence: SentenceChunkerSettings = { unit: 'char', max_chunk_chars: 400 };
  const tokenLike: TokenLikeChunkerSettings = { max_chunk_tokens: 100, overlap_tokens: 10 };
  const configs: [
    CharChunkerConfig,
    StructureChunkerConfig,
    TokenChunkerConfig,
    SentenceChunkerConfig,
    TokenLikeChunkerConfig,
  ] = [
    createCharChunker(char).config,
    createStructureChunker(structure).config,
    createTokenChunker(token).config,
    createSentenceChunker(sentence).config,
    createTokenLikeChunker(tokenLike).config,
  ];
  expect(configs.map((config) => config.include_headers)).toEqual([true, true, true, true, true]);
  expectTypeOf(CHAR_DEFAULTS).toEqualTypeOf<Readonly<CharChunkerConfig>>();
  expectTypeOf(STRUCTURE_DEFAULTS).toEqualTypeOf<Readonly<StructureChunkerConfig>>();
  expectTypeOf(TOKEN_DEFAULTS).toEqualTypeOf<Readonly<TokenChunkerConfig>>();
  expectTypeOf(TOKEN_LIKE_DEFAULTS).toEqualTypeOf<Readonly<TokenLikeChunkerConfig>>();
  const factory: ChunkerFactory<CharChunkerSettings> = {
    name: 'char',
    version: 'v1',
    create: (settings) => createCharChunker(settings),
  };
  const parts: ChunkerIdParts | null = parseChunkerId(factory.create().chunker_id);
  expect(parts?.name).toBe('char');
});

test('the store, ensure, resolve and late chunking types name their parameters and results', async () => {
  const store: ChunkStore = await openStore({
    db: join(tempDir('cairn-api-types-'), 'cairn.db'),
  });
  try {
    const doc = await parseDocument({
      bytes: new TextEncoder().encode('# Title\n\nFirst paragraph.\n\nSecond paragraph.\n'),
      source_url: 'notes.md',
    });
    const source: ChunkSource = createStructureChunker();
    const options: EnsureOptions = { max_attempts: 4 };
    const result: EnsureResult = await ensure(store, doc, source, options);
    const change: ChangeKind | null = result.change;
    expect(change).toBeNull();

    const resolveOptions: ResolveOptions = { max_hops: 4 };
    const resolved: ResolveResult = await resolveChunk(
      store,
      result.first_chunk_id!,
      resolveOptions,
    );
    const hops: RedirectHop[] = resolved.status === 'live' ? resolved.hops : [];
    expect(hops).toEqual([]);

    const lateOptions: ChunkStoredOptions = { all_versions: false };
    const late: ChunkStoredSummary = await chunkStored(store, createCharChunker(), lateOptions);
    expect(late.chunked).toBe(1);

    // every ChunkStore read names its result with an exported type
    const document: DocumentRow | null = await store.getDocument(doc.doc_uid);
    const version: VersionRow | null = await store.getVersion(result.version.id);
    const text: VersionWithText | null = await store.getVersionText(result.version.id);
    const model: VersionModel | undefined = text?.model;
    const state: DocumentState | null = await store.getDocumentState(
      doc.doc_uid,
      doc.content_hash,
      source.chunker_id,
      modelVersionOf(doc.format),
    );
    const sets: ChunkSetRow[] = await store.listChunkSets();
    const rows: ChunkRow[] = await store.listChunks(result.version.id, source.chunker_id);
    const redirects: RedirectRow[] = await store.findRedirects(rows[0]!.chunk_id);
    const kinds: RedirectKind[] = redirects.map((redirect) => redirect.kind);
    const seen: SeenFileRow | null = await store.getSeenFile('notes.md', 'none');
    const query: LexicalQuery = { chunker_id: source.chunker_id, terms: ['first'], limit: 5 };
    const matches: LexicalMatch[] = await store.searchLexical(query);
    const index: LexicalIndexState = await store.getLexicalIndexState(source.chunker_id);
    const manifest: IndexManifestRow | null = await store.getIndexManifest('none');
    const traces: RagTraceRow[] = await store.listRagTraces({ limit: 1 });
    const counts: StoreCounts = await store.counts();
    expect([document?.doc_uid, version?.id, model?.title, state?.current.id]).toEqual([
      doc.doc_uid,
      result.version.id,
      'Title',
      result.version.id,
    ]);
    expect([sets.length, kinds, seen, matches.length, index.sets.length]).toEqual([
      2,
      [],
      null,
      1,
      1,
    ]);
    expect([manifest, traces, counts.chunk_sets]).toEqual([null, [], 2]);

    // and its writes their inputs
    expectTypeOf<Parameters<ChunkStore['writeVersion']>[0]>().toEqualTypeOf<WriteVersionInput>();
    expectTypeOf(store.writeVersion).returns.resolves.toEqualTypeOf<WriteVersionOutcome>();
    expectTypeOf<Parameters<ChunkStore['writeChunkSet']>[0]>().toEqualTypeOf<ChunkSetWrite>();
    expectTypeOf<WriteVersionInput['document']>().toEqualTypeOf<DocumentInput>();
    expectTypeOf<
      Exclude<WriteVersionInput['version'], { existing_id: number }>
    >().toEqualTypeOf<VersionInput>();
    expectTypeOf<ChunkSetWrite['rows']>().toEqualTypeOf<ChunkInput[]>();
    expectTypeOf<ChunkSetWrite['redirects']>().toEqualTypeOf<RedirectInput[]>();
    expectTypeOf<NonNullable<Parameters<typeof openStore>[0]>['on_statement']>().toEqualTypeOf<
      StatementHook | undefined
    >();
  } finally {
    await store.close();
  }
});

test('the ingest and corpus option types name what those functions take and give', async () => {
  const events: IngestEvent[] = [];
  expectTypeOf<NonNullable<Parameters<typeof ingestSources>[2]>['on_event']>().toEqualTypeOf<
    ((event: IngestEvent) => void) | undefined
  >();
  expectTypeOf<Awaited<ReturnType<typeof ingestSources>>['documents']>().toEqualTypeOf<
    IngestedFile[]
  >();
  const status: FileStatus = 'failed';
  const corpusOptions: ValidateCorpusOptions = {};
  const validated = await validateCorpusText('', corpusOptions);
  expect([events, status, typeof validated.ok]).toEqual([[], 'failed', 'boolean']);
});
