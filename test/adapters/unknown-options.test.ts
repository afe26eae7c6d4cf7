import { join } from 'node:path';
import { Document } from '@langchain/core/documents';
import { describe, expect, test } from 'vitest';
import { CairnRetriever, CairnTextSplitter } from '../../src/adapters/langchain/index.js';
import { CairnNodeParser } from '../../src/adapters/llamaindex/index.js';
import { CairnError } from '../../src/errors.js';
import { openStore } from '../../src/store/open-store.js';
import { tempDir } from '../support/temp-dir.js';

// From JavaScript nothing stops a LangChain habit like `chunkSize`; it must
// fail loudly instead of splitting with the defaults.
function refusal(make: () => unknown): CairnError {
  try {
    make();
  } catch (error) {
    if (error instanceof CairnError) return error;
    throw error;
  }
  throw new Error('expected a CairnError');
}

describe('the adapters refuse options they do not read, listing the accepted ones', () => {
  test('CairnTextSplitter({ chunkSize }) is invalid_option with a pointer to chunking; its own options split', async () => {
    const error = refusal(() => new CairnTextSplitter({ chunkSize: 200 } as never));
    expect(error.code).toBe('invalid_option');
    expect(error.message).toBe(
      'Unknown CairnTextSplitter option "chunkSize" (sizes go in chunking, in the chunker\'s unit: { chunking: { max_chunk_tokens: 200, overlap_tokens: 20 } }, or max_chunk_chars for the char chunker); accepted: chunker, chunking, format',
    );
    expect(error.details).toEqual({
      option: 'chunkSize',
      accepted: ['chunker', 'chunking', 'format'],
    });
    const splitter = new CairnTextSplitter({
      chunker: 'char',
      chunking: { max_chunk_chars: 40, overlap_chars: 0 },
      format: 'text',
    });
    const docs = await splitter.splitDocuments([
      new Document({ pageContent: 'word '.repeat(30), metadata: { source: 'a.txt' } }),
    ]);
    expect(docs.length).toBeGreaterThan(1);
    expect(docs.every((doc) => doc.pageContent.length <= 40)).toBe(true);
  });

  test('CairnNodeParser({ chunk_overlap }) and a typo are invalid_option naming the key', () => {
    const overlap = refusal(() => new CairnNodeParser({ chunk_overlap: 20 } as never));
    expect(overlap.code).toBe('invalid_option');
    expect(overlap.message).toMatch(/^Unknown CairnNodeParser option "chunk_overlap" \(sizes go/);
    const typo = refusal(() => new CairnNodeParser({ chunkr: 'char' } as never));
    expect(typo.message).toBe(
      'Unknown CairnNodeParser option "chunkr"; accepted: chunker, chunking, format',
    );
    expect(new CairnNodeParser({ chunker: 'char', format: 'markdown' }).chunker.name).toBe('char');
  });

  test('an unknown key inside chunking is refused with the ChunkingOptions keys', () => {
    const error = refusal(() => new CairnTextSplitter({ chunking: { max_tokens: 100 } as never }));
    expect(error.code).toBe('invalid_option');
    expect(error.message).toBe(
      'Unknown CairnTextSplitter chunking option "max_tokens"; accepted: include_headers, include_furniture, max_chunk_tokens, overlap_tokens, max_chunk_chars, overlap_chars, strategy',
    );
    expect(refusal(() => new CairnNodeParser({ chunking: 256 as never })).message).toBe(
      'CairnNodeParser chunking options must be an object',
    );
  });

  test('CairnRetriever({ store, topK }) is invalid_option listing store, LangChain fields and search options', async () => {
    const store = await openStore({ db: join(tempDir('cairn-adapter-options-'), 'cairn.db') });
    try {
      const error = refusal(() => new CairnRetriever({ store, topK: 3 } as never));
      expect(error.code).toBe('invalid_option');
      expect(error.message).toBe(
        'Unknown CairnRetriever option "topK"; accepted: store, callbacks, tags, metadata, verbose, k, doc, section, chunker, analyzer, index_hash, rerank, mode, trace, trace_log, trace_wait_ms, trace_retention, embedder, reranker, rerank_top, on_warning',
      );
      const retriever = new CairnRetriever({ store, k: 3, rerank: 'none', tags: ['t'] });
      expect(retriever.search_options).toEqual({ k: 3, rerank: 'none' });
    } finally {
      await store.close();
    }
  });

  test('a format is checked when the splitter or parser is made: unknown is invalid_option, one with its own text layer unsupported_format', () => {
    const unknown = refusal(() => new CairnTextSplitter({ format: 'md' as never }));
    expect(unknown.code).toBe('invalid_option');
    expect(unknown.message).toBe(
      'CairnTextSplitter format "md" is not a format: use markdown, ecfr or text',
    );
    expect(unknown.details).toEqual({ option: 'format', accepted: ['markdown', 'ecfr', 'text'] });
    expect(refusal(() => new CairnNodeParser({ format: 'Markdown' as never })).code).toBe(
      'invalid_option',
    );
    const html = refusal(() => new CairnNodeParser({ format: 'html' as never }));
    expect(html.code).toBe('unsupported_format');
    expect(html.message).toBe(
      'CairnNodeParser format "html" has a text layer of its own, which offsets into the given text would not index: use markdown, ecfr or text',
    );
  });

  test('CairnRetriever without a store, or with a path for one, is invalid_option when made, not a TypeError at the first query', () => {
    for (const fields of [undefined, {}, { store: null }, { store: 'cairn.db' }]) {
      const error = refusal(() => new CairnRetriever(fields as never));
      expect(error.code).toBe('invalid_option');
      expect(error.message).toBe(
        'CairnRetriever needs an open store: new CairnRetriever({ store: await openStore({ db }) })',
      );
    }
  });
});
