import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, expect, test } from 'vitest';
import { toFts5Match } from './lexical-search-sql.js';

const db = new Database(':memory:');
db.exec("CREATE VIRTUAL TABLE t USING fts5 (text, tokenize = 'unicode61 remove_diacritics 2')");
db.prepare('INSERT INTO t (text) VALUES (?)').run('NEAR the "quoted" text and OR AND NOT');
const matchCount = db.prepare('SELECT COUNT(*) AS n FROM t WHERE t MATCH ?');
afterAll(() => db.close());

test('terms become double-quoted strings, inner quotes doubled, OR-ed', () => {
  expect(toFts5Match(['near', 'a"b'])).toBe('"near" OR "a""b"');
  expect((matchCount.get(toFts5Match(['NEAR', 'OR'])) as { n: number }).n).toBe(1);
  expect((matchCount.get(toFts5Match(['quoted'])) as { n: number }).n).toBe(1);
});

test('property: any non-empty terms are a valid FTS5 query (never syntax)', () => {
  fc.assert(
    fc.property(fc.array(fc.string({ minLength: 1, maxLength: 12 }), { minLength: 1 }), (terms) => {
      expect(() => matchCount.get(toFts5Match(terms))).not.toThrow();
    }),
  );
});
