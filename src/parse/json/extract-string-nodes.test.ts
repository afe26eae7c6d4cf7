import { describe, expect, it } from 'vitest';
import { heapGrowth } from '../../../test/support/heap-growth.js';
import { isCairnError } from '../../errors.js';
import { extractStringNodes } from './extract-string-nodes.js';

describe('extractStringNodes', () => {
  it('returns the seed 004 nodes: len(string) >= threshold, with pointers, in document order', () => {
    const value = JSON.parse(
      '{"title": "shrt", "body": "xxxxx", "a/b": ["yyyyyy", {"m~n": "zzzzz", "n": 12345}], "": "wwwww"}',
    );
    // the root's short "title" names the section of every node below it
    const titles = [{ json_pointer: '', title: 'shrt' }];
    expect(extractStringNodes(value, 5)).toEqual([
      { json_pointer: '/body', content: 'xxxxx', titles },
      { json_pointer: '/a~1b/0', content: 'yyyyyy', titles },
      { json_pointer: '/a~1b/1/m~0n', content: 'zzzzz', titles },
      { json_pointer: '/', content: 'wwwww', titles },
    ]);
    expect(extractStringNodes(value, 5, [])[0]).toEqual({
      json_pointer: '/body',
      content: 'xxxxx',
    });
  });

  it('counts code points, not UTF-16 units', () => {
    // four astral characters are eight UTF-16 units
    expect(extractStringNodes(['😀😀😀😀'], 5)).toEqual([]);
    expect(extractStringNodes(['😀😀😀😀'], 4)).toEqual([
      { json_pointer: '/0', content: '😀😀😀😀' },
    ]);
    expect(extractStringNodes(['e\u0301e\u0301'], 4)).toHaveLength(1);
  });

  it('extracts a root string with the empty pointer', () => {
    expect(extractStringNodes('abc', 3)).toEqual([{ json_pointer: '', content: 'abc' }]);
    expect(extractStringNodes(42, 1)).toEqual([]);
    expect(extractStringNodes(null, 1)).toEqual([]);
  });

  it('walks a chain far deeper than the call stack allows', () => {
    const depth = 200_000;
    let value: unknown = 'deep!';
    for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { k: value };
    const [node] = extractStringNodes(value, 5);
    expect(node!.content).toBe('deep!');
    expect(node!.json_pointer.length).toBe(depth * 2);
    expect(node!.json_pointer.startsWith('/0/k/0/k')).toBe(true);
  });

  it('reads a __proto__ key as data and pollutes nothing', () => {
    const value = JSON.parse('{"__proto__": {"polluted": "yes-yes"}, "x": "long enough"}');
    const nodes = extractStringNodes(value, 5);
    expect(nodes).toEqual([
      { json_pointer: '/__proto__/polluted', content: 'yes-yes' },
      { json_pointer: '/x', content: 'long enough' },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a cyclic value instead of looping', () => {
    const value: Record<string, unknown> = { a: 'x' };
    value.self = value;
    expect(() => extractStringNodes(value, 1)).toThrow(/reached twice/);
  });

  it.each([[0], [-1], [1.5], [Number.NaN]])(
    'refuses threshold %s with invalid_option',
    (threshold) => {
      let caught: unknown;
      try {
        extractStringNodes({}, threshold);
      } catch (error) {
        caught = error;
      }
      expect(isCairnError(caught, 'invalid_option')).toBe(true);
    },
  );
});

describe('extractStringNodes on many strings deep down', () => {
  /**
   * Pointers rebuilt from the root, token by token, grow the heap by 538 MB
   * over these 20,000 strings 501 levels down; made once per container and
   * shared, by 0.2 MB. The bound is on heap growth, not time.
   */
  it('shares each container pointer among its strings, with bounded heap growth', async () => {
    const strings = 20_000;
    let value: unknown = Array.from({ length: strings }, (_, i) => `s${i}`);
    for (let i = 0; i < 250; i++) value = { 'a/b': [value] };
    const { result: nodes, bytes } = await heapGrowth(() => extractStringNodes(value, 1));
    expect(bytes).toBeLessThan(150 * 1024 * 1024);
    expect(nodes).toHaveLength(strings);
    const prefix = '/a~1b/0'.repeat(250);
    expect(nodes[0]).toEqual({ json_pointer: `${prefix}/0`, content: 's0' });
    expect(nodes.at(-1)).toEqual({ json_pointer: `${prefix}/19999`, content: 's19999' });
  }, 60_000);
});
