import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { runEvalGold } from '../../src/cli/commands/eval-gold.js';
import { runIdsCheck } from '../../src/cli/commands/ids.js';
import { openStore } from '../../src/store/open-store.js';
import { captureIo } from '../support/capture-io.js';
import { tempDir } from '../support/temp-dir.js';
import { FILES, GOLD, storeFiles, writeFiles } from './support/gold-scenario.js';

let dir: string;
let db: string;

beforeAll(async () => {
  dir = writeFiles(tempDir('cairn-gold-cli-'), FILES);
  db = join(dir, 'gold.db');
  const store = await openStore({ db });
  await storeFiles(store, dir, ['own.md', 'borrow.md']);
  await store.close();
}, 60_000);

function goldFile(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

describe('cairn eval gold', () => {
  test('prints the table and the miss; --json has the issue shape', async () => {
    const file = goldFile('gold.jsonl', GOLD);
    const text = captureIo();
    expect(await runEvalGold(file, { db }, text.io)).toBe(0);
    expect(text.out()).toContain('| questions | 3 | 0.667 | 0.667 | 0.667 | 0.667 | 0.667 |');
    expect(text.out()).toContain('determinism: identical over 12 queries');
    expect(text.out()).toMatch(/- q-miss "zebra xylophone quantum"\n {4}gold: Borrowing > Slices/);
    const json = captureIo();
    expect(await runEvalGold(file, { db, json: true, k: '5' }, json.io)).toBe(0);
    const report = JSON.parse(json.out());
    expect(Object.keys(report.overall.questions)).toEqual([
      'count',
      'hit_at_1',
      'hit_at_5',
      'hit_at_10',
      'mrr',
    ]);
    // k=5: hit@10 was never looked at
    expect(report.overall.questions.hit_at_10).toBeNull();
    expect(report.per_question).toHaveLength(3);
  });

  test('refused lines exit 1 with every line number, and nothing is measured', async () => {
    const bad = [
      GOLD.split('\n')[0],
      '{"id": "x"}',
      GOLD.split('\n')[0]!
        .replace('the memory allocator finds an empty spot', 'the')
        .replace('q-heap', 'q-the'),
    ].join('\n');
    const file = goldFile('bad.jsonl', bad);
    const c = captureIo();
    expect(await runEvalGold(file, { db }, c.io)).toBe(1);
    expect(c.out()).toBe('');
    expect(c.err()).toMatch(
      /^cairn: invalid_gold_set: .*bad\.jsonl: 2 gold lines refused \(6 problems\)/,
    );
    expect(c.err()).toMatch(/missing_field: line 2 has no "doc"/);
    expect(c.err()).toMatch(/quote_not_unique: line 3: the quote occurs \d+ times/);
  });

  test('an unknown --mode is a usage error naming the modes there are; hybrid without an embedder too', async () => {
    const c = captureIo();
    expect(
      await runEvalGold(goldFile('g2.jsonl', GOLD), { db, mode: 'semantic', json: true }, c.io),
    ).toBe(2);
    const { error } = JSON.parse(c.err());
    expect(error.code).toBe('invalid_option');
    expect(error.message).toMatch(
      /No search mode "semantic": the modes are lexical, vector, hybrid/,
    );
    const h = captureIo();
    expect(
      await runEvalGold(goldFile('g3.jsonl', GOLD), { db, mode: 'hybrid', json: true }, h.io),
    ).toBe(2);
    expect(JSON.parse(h.err()).error.message).toMatch(/needs an embedder/);
  });
});

describe('cairn ids check --gold', () => {
  test('passes at or over 0.90 of citations inside one chunk, fails under', async () => {
    const inside = goldFile('in.json', JSON.stringify([{ doc: 'own.md', start: 20, end: 30 }]));
    const ok = captureIo();
    expect(await runIdsCheck(join(dir, 'own.md'), { gold: inside, json: true }, ok.io)).toBe(0);
    expect(JSON.parse(ok.out())).toMatchObject({
      citations: 1,
      inside: 1,
      citation_match: 1,
      ok: true,
    });
    // the whole file straddles every chunk; the gold set's own quotes lie inside one each
    const mixed = goldFile(
      'mixed.json',
      JSON.stringify([
        { doc: 'own.md', start: 0, end: 150 },
        { doc: 'own.md', start: 20, end: 30 },
      ]),
    );
    const fail = captureIo();
    expect(await runIdsCheck(join(dir, 'own.md'), { gold: mixed }, fail.io)).toBe(1);
    expect(fail.out()).toMatch(/own\.md \[0, 150\): in no one chunk; overlaps 3 chunks/);
    expect(fail.out()).toMatch(
      /citation_match 0\.500: 1\/2 gold citations inside one chunk .*under 0\.90/,
    );
    const gold = captureIo();
    expect(await runIdsCheck(dir, { gold: goldFile('g3.jsonl', GOLD) }, gold.io)).toBe(0);
    expect(gold.out()).toMatch(/citation_match 1\.000: 3\/3/);
  });

  test('a gold line naming a document not among the files is refused with its line', async () => {
    const c = captureIo();
    const file = goldFile('g4.jsonl', GOLD);
    expect(await runIdsCheck(join(dir, 'own.md'), { gold: file }, c.io)).toBe(1);
    expect(c.err()).toMatch(/unknown_doc: line 2: no stored document is "borrow\.md"/);
  });
});
