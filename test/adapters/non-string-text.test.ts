import { Document as LangChainDocument } from '@langchain/core/documents';
import { Document as LlamaIndexDocument } from 'llamaindex';
import { describe, expect, test } from 'vitest';
import { CairnTextSplitter } from '../../src/adapters/langchain/index.js';
import { CairnNodeParser } from '../../src/adapters/llamaindex/index.js';
import { isCairnError } from '../../src/errors.js';

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

// From JavaScript a plain object stands in for a Document, and nothing checks its text.
describe('a document whose text is not a string', () => {
  test('CairnTextSplitter: invalid_option naming the document, not a TypeError from Buffer.from', async () => {
    const error = await failure(() =>
      new CairnTextSplitter().splitDocuments([
        { pageContent: 42, metadata: { source: 'notes.md' } } as never,
      ]),
    );
    expect(isCairnError(error, 'invalid_option')).toBe(true);
    expect((error as Error).message).toBe('The text of notes.md is not a string: received number');
  });

  test('CairnNodeParser: invalid_option naming the document', async () => {
    const document = new LlamaIndexDocument({
      text: 42 as never,
      metadata: { file_path: 'notes.md' },
    });
    const error = await failure(() => new CairnNodeParser().getNodesFromDocuments([document]));
    expect(isCairnError(error, 'invalid_option')).toBe(true);
  });

  test('a LangChain Document made without pageContent has the empty string, and no chunks', async () => {
    const docs = await new CairnTextSplitter().splitDocuments([
      new LangChainDocument({ pageContent: undefined as never, metadata: { source: 'a.md' } }),
    ]);
    expect(docs).toEqual([]);
  });
});
