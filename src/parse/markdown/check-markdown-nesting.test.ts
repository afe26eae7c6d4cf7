import { describe, expect, it } from 'vitest';
import { isCairnError } from '../../errors.js';
import { checkMarkdownNesting, MAX_MARKDOWN_NESTING } from './check-markdown-nesting.js';

const codeOf = (text: string): string | null => {
  try {
    checkMarkdownNesting(text, 'x.md');
    return null;
  } catch (error) {
    if (isCairnError(error)) return `${error.code}@${error.details.line}`;
    throw error;
  }
};

describe('checkMarkdownNesting', () => {
  it('refuses a line opening too many containers, naming the line', () => {
    const deep = '> '.repeat(MAX_MARKDOWN_NESTING + 1);
    expect(codeOf(`ok\r\n\r\n${deep}x`)).toBe('markdown_too_deep@3');
    expect(codeOf('- '.repeat(MAX_MARKDOWN_NESTING + 1))).toBe('markdown_too_deep@1');
    expect(codeOf('>'.repeat(MAX_MARKDOWN_NESTING + 1))).toBe('markdown_too_deep@1');
    expect(codeOf(`a\n${'1. '.repeat(MAX_MARKDOWN_NESTING + 1)}`)).toBe('markdown_too_deep@2');
  });

  it('accepts nesting up to the limit and long runs that open nothing', () => {
    expect(codeOf('> '.repeat(MAX_MARKDOWN_NESTING))).toBeNull();
    expect(codeOf('-'.repeat(10_000))).toBeNull();
    expect(codeOf('*'.repeat(10_000))).toBeNull();
    expect(codeOf(`text ${'> '.repeat(1000)}`)).toBeNull();
  });
});
