import { describe, expect, it } from 'vitest';
import { decodeText } from '../../src/load/decode-text.js';
import { locateJsonIndex, locateJsonIndices } from '../../src/parse/json/parse-json-value.js';
import { parseDocument } from '../../src/parse/parse-document.js';

/**
 * Duplicate keys lost the first value's text without a word (JSON.parse keeps
 * the last). Every value's string nodes are now in the canonical text, and
 * each repeat is a typed warning with its pointer and place.
 */
describe('JSON with duplicate keys', () => {
  const first = 'The first value of the key, which JSON.parse drops. '.repeat(3);
  const second = 'The second value of the key, which JSON.parse keeps. '.repeat(3);
  const inner = 'A value inside an array of objects, repeated once. '.repeat(3);
  const text = `{\n  "body": "${first}",\n  "list": [{"t": "${inner}", "t": "x"}],\n  "body": "${second}"\n}`;

  it('keeps every string node addressable and warns of each repeat with its pointer', async () => {
    const doc = await parseDocument({
      bytes: Buffer.from(text),
      source_url: 'dup.json',
      options: { chunk_threshold_chars: 100 },
    });
    const nodeTexts = doc.json_nodes.map((n) => [
      n.json_pointer,
      [...doc.canonical].slice(n.span.start, n.span.end).join(''),
    ]);
    expect(nodeTexts).toEqual([
      ['/body', second],
      ['/list/0/t', inner],
      ['/body', first],
    ]);
    expect(doc.warnings).toEqual([
      expect.objectContaining({
        code: 'duplicate_json_key',
        json_pointer: '/list/0/t',
        line: 3,
        column: text.split('\n')[2]!.indexOf('"t": "x"') + 1,
      }),
      expect.objectContaining({ code: 'duplicate_json_key', json_pointer: '/body', line: 4 }),
    ]);
    expect(doc.warnings![1]!.message).toContain('/body');
    const bytes = Buffer.from(text);
    expect(bytes.subarray(doc.warnings![1]!.byte_offset).toString().startsWith('"body"')).toBe(
      true,
    );
  });

  it('adds nothing to a document without repeats', async () => {
    const doc = await parseDocument({
      bytes: Buffer.from(JSON.stringify({ a: first, b: [second] })),
      source_url: 'plain.json',
      options: { chunk_threshold_chars: 100 },
    });
    expect(doc.warnings).toBeUndefined();
    expect(doc.json_nodes.map((n) => n.json_pointer)).toEqual(['/a', '/b/0']);
  });

  it('locates many indices in one pass as locateJsonIndex does one by one', () => {
    const decoded = decodeText(Buffer.from('{"é😀": 1,\r\n "b":\n [2, "\u4e2d", 3]}'));
    const indices = [30, 0, 5, 12, 14, 21, 9];
    expect(locateJsonIndices(decoded, indices)).toEqual(
      indices.map((i) => locateJsonIndex(decoded, i)),
    );
  });
});
