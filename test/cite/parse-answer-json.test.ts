import { describe, expect, it } from 'vitest';
import { parseAnswerJson } from '../../src/cite/parse-answer-json.js';
import { isCairnError } from '../../src/errors.js';

const codes = (result: ReturnType<typeof parseAnswerJson>) =>
  result.ok ? [] : result.issues.map((i) => i.code);

describe('parseAnswerJson', () => {
  it('parses an answer, skipping a byte order mark and whitespace', () => {
    const result = parseAnswerJson('\ufeff \n{"citations": [], "answer": "x"}\n');
    expect(result).toEqual({
      ok: true,
      value: { citations: [], answer: 'x' },
      trailing_text: null,
    });
  });

  it('reports a duplicate key, which JSON.parse would let the last one win', () => {
    const text = '{"citations": [{"offsets": {"start": 1, "end": 9, "start": 12}}], "answer": "x"}';
    const result = parseAnswerJson(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toHaveLength(1);
    expect(result.issues[0]).toMatchObject({
      code: 'duplicate_key',
      key: 'start',
      path: '/citations/0/offsets/start',
      line: 1,
      first_position: text.indexOf('"start"'),
      position: text.lastIndexOf('"start"'),
    });
  });

  it('sees through escapes: "\\u0061" and "a" are one key', () => {
    expect(codes(parseAnswerJson('{"a": 1, "\\u0061": 2}'))).toEqual(['duplicate_key']);
  });

  it('refuses __proto__ and constructor keys and leaves Object.prototype untouched', () => {
    const text =
      '{"answer": "x", "__proto__": {"polluted": true}, "citations": [{"constructor": {"prototype": {"polluted": true}}}]}';
    const result = parseAnswerJson(text);
    expect(codes(result)).toEqual(['forbidden_key', 'forbidden_key', 'forbidden_key']);
    expect(!result.ok && result.issues.map((i) => i.path)).toEqual([
      '/__proto__',
      '/citations/0/constructor',
      '/citations/0/constructor/prototype',
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
  });

  it('reports prose after the JSON, or returns it when allowed', () => {
    const text = '{"citations": [], "answer": "x"}\nHope this helps!';
    const strict = parseAnswerJson(text);
    expect(strict.ok).toBe(false);
    expect(!strict.ok && strict.issues[0]).toMatchObject({
      code: 'trailing_content',
      line: 2,
      column: 1,
      received: 'Hope this helps!',
    });
    expect(parseAnswerJson(text, { allow_trailing_text: true })).toEqual({
      ok: true,
      value: { citations: [], answer: 'x' },
      trailing_text: 'Hope this helps!',
    });
    // a second JSON value is trailing content too; only an object may carry prose
    expect(codes(parseAnswerJson('{} {}'))).toEqual(['trailing_content']);
    expect(codes(parseAnswerJson('12 apples', { allow_trailing_text: true }))).toEqual([
      'trailing_content',
    ]);
  });

  it('reports malformed JSON with its line and column', () => {
    const result = parseAnswerJson('{\n  "answer": "x",\n  "citations": [1, 2,]\n}');
    expect(!result.ok && result.issues[0]).toMatchObject({
      code: 'malformed_json',
      line: 3,
      column: 22,
      detail: 'Unexpected character "]"',
    });
    for (const bad of ['', '{', '{"a" 1}', '{"a": tru}', '"\u0001"', '[01]', "{'a': 1}", '"\\x"'])
      expect(codes(parseAnswerJson(bad)), bad).toEqual(['malformed_json']);
  });

  it('reads the JSON inside a Markdown code fence, as models wrap it', () => {
    const value = { citations: [], answer: 'x' };
    for (const text of [
      '```json\n{"citations": [], "answer": "x"}\n```\n',
      '  ```JSON\r\n{"citations": [], "answer": "x"}\r\n```',
      '```\n{"citations": [], "answer": "x"}\n```',
      // cut after the JSON: no closing fence
      '```json\n{"citations": [], "answer": "x"}\n',
    ])
      expect(parseAnswerJson(text), JSON.stringify(text)).toEqual({
        ok: true,
        value,
        trailing_text: null,
      });
  });

  it('keeps positions in the fenced text, and what follows the fence an issue', () => {
    const broken = parseAnswerJson('```json\n{"answer": "x",\n "citations": [1,]}\n```');
    expect(!broken.ok && broken.issues[0]).toMatchObject({
      code: 'malformed_json',
      line: 3,
      column: 18,
    });
    const trailing = parseAnswerJson('```json\n{"answer": "x"}\n```\nHope this helps!');
    expect(
      !trailing.ok && trailing.issues.map((i) => [i.code, 'line' in i ? i.line : null]),
    ).toEqual([['trailing_content', 4]]);
    const allowed = parseAnswerJson('```json\n{"answer": "x"}\n```\nHope this helps!', {
      allow_trailing_text: true,
    });
    expect(allowed).toEqual({
      ok: true,
      value: { answer: 'x' },
      trailing_text: 'Hope this helps!',
    });
  });

  it('does not unwrap a fence of another language: says what is wrong instead', () => {
    const result = parseAnswerJson('```python\n{"citations": [], "answer": "x"}\n```\n');
    expect(!result.ok && result.issues.map((i) => i.message)).toEqual([
      'Malformed JSON at line 1 column 1: Unexpected character "`": the answer is wrapped in a Markdown code fence; the contract asks for the JSON alone, so check the JSON inside the fence',
    ]);
  });

  it('agrees with JSON.parse on what is JSON', () => {
    for (const text of [
      '0',
      '-0.5e+3',
      '"\\ud83d\\ude00"',
      '[[],{}]',
      'null',
      ' true ',
      '{"":""}',
    ]) {
      const result = parseAnswerJson(text);
      expect(result).toEqual({ ok: true, value: JSON.parse(text), trailing_text: null });
    }
  });

  it('reports bytes that are not UTF-8', () => {
    const parsed = parseAnswerJson(new Uint8Array([0x7b, 0xff, 0x7d]));
    expect(codes(parsed)).toEqual(['invalid_utf8']);
    // a citation list is read the same way: the message names no answer
    expect(!parsed.ok && parsed.issues[0]!.message).toBe('The input is not valid UTF-8');
  });

  it('refuses a 50 MB payload by its size, before parsing it, with input_too_large', () => {
    // unterminated: a parser that read it first would fail on its syntax, not its size
    const big = `{"answer": "${'a'.repeat(50 * 1024 * 1024)}`;
    let error: unknown;
    try {
      parseAnswerJson(big);
    } catch (caught) {
      error = caught;
    }
    expect(isCairnError(error, 'input_too_large')).toBe(true);
    const bytes = Buffer.from(big);
    expect(() => parseAnswerJson(bytes)).toThrow(/over the limit of 10485760/);
  });

  it('counts UTF-8 bytes, not UTF-16 units, against max_bytes', () => {
    const text = JSON.stringify('é'.repeat(6)); // 8 code units, 14 bytes
    expect(parseAnswerJson(text, { max_bytes: 14 }).ok).toBe(true);
    expect(() => parseAnswerJson(text, { max_bytes: 13 })).toThrow(/14 bytes/);
  });

  it('reads deep nesting without exhausting the stack', () => {
    const depth = 200_000;
    const result = parseAnswerJson(`${'['.repeat(depth)}${']'.repeat(depth)}`);
    expect(result.ok).toBe(true);
    expect(codes(parseAnswerJson('['.repeat(depth)))).toEqual(['malformed_json']);
  });

  it('clips the keys and paths an issue quotes', () => {
    const huge = 'k'.repeat(1_000_000);
    const inner = Array.from({ length: 20 }, () => '"a": 1').join(', ');
    const result = parseAnswerJson(`{"${huge}": {${inner}}, "${huge}": 2}`);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.filter((i) => i.code === 'duplicate_key')).toHaveLength(20);
    for (const issue of result.issues) expect(JSON.stringify(issue).length).toBeLessThan(2000);
  });
});
