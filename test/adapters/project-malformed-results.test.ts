import { describe, expect, test } from 'vitest';
import { projectLangChainCitations } from '../../src/adapters/langchain/index.js';
import { projectLlamaIndexCitations } from '../../src/adapters/llamaindex/index.js';

// The projections are validators: they report, never throw. From JavaScript a result list
// can hold a hole (null, undefined) or a NodeWithScore whose node is gone.
describe('projections of results that are not documents or nodes', () => {
  test('LangChain: null, undefined and a number are each a result with nothing in it', () => {
    const projected = projectLangChainCitations([null, undefined, 5] as never);
    expect(projected.ok).toBe(false);
    if (projected.ok) return;
    expect(projected.citations).toEqual([{ k_pos: 1 }, { k_pos: 2 }, { k_pos: 3 }]);
    expect(projected.issues.filter((issue) => issue.code === 'missing_snippet_id')).toHaveLength(3);
  });

  test('LlamaIndex: null and a NodeWithScore without a node', () => {
    const projected = projectLlamaIndexCitations([null, { node: null, score: 0.5 }] as never);
    expect(projected.ok).toBe(false);
    if (projected.ok) return;
    expect(projected.citations).toEqual([{ k_pos: 1 }, { score_raw: 0.5, k_pos: 2 }]);
    expect(projected.issues.map((issue) => issue.index)).toContain(1);
  });
});
