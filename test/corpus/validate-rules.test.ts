import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS_ISSUE_CODES } from '../../src/corpus/corpus-issue.js';
import { createCorpusValidator } from '../../src/corpus/create-corpus-validator.js';
import { validateCorpusFile } from '../../src/corpus/validate-corpus-file.js';
import {
  validateCorpusStream,
  validateCorpusText,
} from '../../src/corpus/validate-corpus-stream.js';
import { isCairnError } from '../../src/errors.js';
import { tempDir } from '../support/temp-dir.js';
import { CLEAN_DOCS, CLEAN_FIXTURES, RULE_FIXTURES, toJsonl } from './corpus-fixtures.js';

async function* chunksOf(...parts: (string | Uint8Array)[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield typeof part === 'string' ? Buffer.from(part) : part;
}

describe('validate corpus: one failing fixture per rule', () => {
  it.each(RULE_FIXTURES.map((f) => [f.name, f] as const))('%s', async (_name, fixture) => {
    const result = await validateCorpusText(toJsonl(fixture.lines));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const found = result.issues.map((issue) => ({
      code: issue.code,
      line: issue.line,
      ...(fixture.expected.some((e) => e.field !== undefined) && 'field' in issue
        ? { field: issue.field }
        : {}),
    }));
    expect(found).toEqual(fixture.expected);
    for (const issue of result.issues) expect(issue.message).toMatch(/\S/);
  });

  it('covers every issue code with a fixture', () => {
    const covered = new Set(RULE_FIXTURES.flatMap((f) => f.expected.map((e) => e.code)));
    covered.add('invalid_utf8');
    covered.add('line_too_long');
    covered.add('empty_corpus');
    expect([...CORPUS_ISSUE_CODES].filter((code) => !covered.has(code))).toEqual([]);
  });

  it('reports a line that is not UTF-8', async () => {
    const bad = Buffer.concat([
      Buffer.from('{"text": "'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}\n'),
    ]);
    const result = await validateCorpusStream(
      chunksOf(toJsonl([CLEAN_DOCS[0]!]), bad, toJsonl([CLEAN_DOCS[1]!])),
    );
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.issues.map((i) => [i.code, i.line])).toEqual([['invalid_utf8', 2]]);
  });

  it('reports a line over the limit without buffering it, and reads on', async () => {
    const long = JSON.stringify({ ...CLEAN_DOCS[1], text: 'x'.repeat(5000) });
    const parts = [
      toJsonl([CLEAN_DOCS[0]!]),
      long.slice(0, 700),
      long.slice(700, 3000),
      `${long.slice(3000)}\n`,
    ];
    const result = await validateCorpusStream(chunksOf(...parts, toJsonl(CLEAN_DOCS.slice(2))), {
      max_line_bytes: 1024,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => [i.code, i.line])).toEqual([
      ['line_too_long', 2],
      // (b)'s line is too long to read: its children dangle, as they should
      ['dangling_parent_id', 3],
      ['dangling_parent_id', 4],
      ['dangling_parent_id', 5],
    ]);
    expect(result.issues[0]).toMatchObject({ bytes: long.length, max_bytes: 1024 });
  });

  it('keeps the line count across lines split between chunks', async () => {
    const text = toJsonl([...CLEAN_DOCS, CLEAN_DOCS[0]!]);
    const pieces = Array.from({ length: Math.ceil(text.length / 7) }, (_, i) =>
      text.slice(i * 7, i * 7 + 7),
    );
    const result = await validateCorpusStream(chunksOf(...pieces));
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.issues.map((i) => [i.code, i.line])).toEqual([['duplicate_doc_id', 7]]);
  });
});

describe('validate corpus: clean corpora', () => {
  it.each(CLEAN_FIXTURES.map((f) => [f.name, f] as const))('%s', async (_name, fixture) => {
    const result = await validateCorpusText(toJsonl(fixture.lines));
    expect(result).toEqual({
      ok: true,
      stats: {
        lines: fixture.lines.length,
        documents: fixture.lines.length,
        issues: 0,
        truncated: false,
        issue_counts: {},
      },
    });
  });

  it('says an empty file is empty, and accepts a last line without a line break', async () => {
    expect(await validateCorpusText('')).toMatchObject({
      ok: false,
      issues: [{ code: 'empty_corpus', line: 1, message: expect.stringContaining('empty') }],
      stats: { lines: 0, documents: 0, issues: 1, issue_counts: { empty_corpus: 1 } },
    });
    const noBreak = toJsonl(CLEAN_DOCS).trimEnd();
    const result = await validateCorpusText(noBreak);
    expect(result.ok && result.stats.lines).toBe(CLEAN_DOCS.length);
  });
});

describe('validate corpus: reporting', () => {
  it('keeps max_issues issues, counts them all, and sorts dangling parents into line order', async () => {
    const lines = [
      ...Array.from({ length: 5 }, () => 'not json'),
      JSON.stringify({ ...CLEAN_DOCS[2], parent_id: 'EAR-736.2(z)' }),
      ...CLEAN_DOCS,
    ];
    const all = await validateCorpusText(toJsonl(lines));
    expect(all.ok).toBe(false);
    if (all.ok) return;
    expect(all.issues.map((i) => i.code)).toEqual([
      'invalid_json',
      'invalid_json',
      'invalid_json',
      'invalid_json',
      'invalid_json',
      'parent_not_container',
      'duplicate_doc_id',
    ]);
    const capped = await validateCorpusText(toJsonl(lines), { max_issues: 2 });
    expect(capped.ok).toBe(false);
    if (capped.ok) return;
    expect(capped.issues).toHaveLength(2);
    expect(capped.stats).toMatchObject({
      issues: 7,
      truncated: true,
      issue_counts: { invalid_json: 5, parent_not_container: 1, duplicate_doc_id: 1 },
    });
  });

  it('names the dangling parent_id in the issue', async () => {
    const result = await validateCorpusText(
      toJsonl([JSON.stringify({ ...CLEAN_DOCS[2], parent_id: 'EAR-736.2(b)' }), CLEAN_DOCS[0]!]),
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.issues).toEqual([
        {
          code: 'dangling_parent_id',
          line: 1,
          parent_id: 'EAR-736.2(b)',
          message: 'parent_id "EAR-736.2(b)" names no doc_id in the corpus',
        },
      ]);
    }
  });

  it('never throws on hostile lines', async () => {
    const hostile = [
      '{"__proto__": {"doc_id": "EAR-736.2"}}',
      '{"constructor": 1, "toString": 2, "doc_id": {"length": 3}}',
      `{"doc_id": "${'('.repeat(10_000)}"}`,
      '1e400',
      '{"a":'.repeat(5000),
      '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
    ];
    const result = await validateCorpusText(toJsonl(hostile));
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(new Set(result.issues.map((i) => i.line))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
  });

  it('clips the values an issue quotes, so a huge field cannot blow up the report', async () => {
    // a 1 MB id on every id field: quoted whole, 400 MB lines are too long for --json to write
    const huge = `EAR-${'1'.repeat(1_000_000)}`;
    const deep = `EAR-737.2${'(a)'.repeat(300_000)}`;
    const lines = [
      { ...CLEAN_DOCS[0], doc_id: huge, section_id: huge, parent_id: huge, schema_version: huge },
      { ...CLEAN_DOCS[0], doc_id: huge, source: huge, chunk_kind: huge },
      { ...CLEAN_DOCS[0], doc_id: deep, section_id: deep, parent_id: deep.slice(0, -3) },
      { ...CLEAN_DOCS[2], doc_id: `${deep}(b)`, section_id: `${deep}(b)`, parent_id: deep },
      { ...CLEAN_DOCS[2], parent_id: `${deep}#p1` },
    ];
    const result = await validateCorpusText(toJsonl(lines));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.stats.issue_counts).toMatchObject({
      invalid_id: 4,
      schema_version_mismatch: 1,
      invalid_enum: 2,
      duplicate_doc_id: 1,
      chunk_kind_mismatch: 1,
      parent_not_container: 1,
      dangling_parent_id: 1,
    });
    for (const issue of result.issues) expect(JSON.stringify(issue).length).toBeLessThan(2000);
    const clipped = result.issues.find((i) => i.code === 'invalid_id');
    expect(clipped && 'value' in clipped && clipped.value.endsWith('…')).toBe(true);
  });

  it('refuses lines after finish()', () => {
    const validator = createCorpusValidator();
    validator.finish();
    expect(() => validator.pushLine('{}')).toThrow(/after finish/);
  });
});

describe('validateCorpusFile', () => {
  it('streams a file from disk', async () => {
    const dir = tempDir('cairn-corpus-');
    const path = join(dir, 'corpus.jsonl');
    await writeFile(path, toJsonl([...CLEAN_DOCS, '{']));
    const result = await validateCorpusFile(path);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.issues.map((i) => [i.code, i.line])).toEqual([['invalid_json', 7]]);
  });

  it('throws file_not_found and file_unreadable for what cannot be read', async () => {
    const dir = tempDir('cairn-corpus-');
    await expect(validateCorpusFile(join(dir, 'missing.jsonl'))).rejects.toSatisfy((e) =>
      isCairnError(e, 'file_not_found'),
    );
    await expect(validateCorpusFile(dir)).rejects.toSatisfy((e) =>
      isCairnError(e, 'file_unreadable'),
    );
  });
});
