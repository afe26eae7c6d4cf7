import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, test } from 'vitest';
import { DEFAULT_DB_PATH, openStore, resolveStoreTarget } from './open-store.js';

describe('resolveStoreTarget', () => {
  test('--db wins, then CAIRN_DB, then .cairn/cairn.db', () => {
    expect(resolveStoreTarget(undefined, {})).toEqual({
      kind: 'sqlite',
      path: resolve(DEFAULT_DB_PATH),
    });
    expect(resolveStoreTarget(undefined, { CAIRN_DB: '' })).toEqual({
      kind: 'sqlite',
      path: resolve(DEFAULT_DB_PATH),
    });
    expect(resolveStoreTarget(undefined, { CAIRN_DB: 'postgres://u@h/db' })).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h/db',
    });
    expect(resolveStoreTarget('x.db', { CAIRN_DB: 'postgres://u@h/db' })).toEqual({
      kind: 'sqlite',
      path: resolve('x.db'),
    });
    expect(resolveStoreTarget('postgresql://u@h/db', {})).toEqual({
      kind: 'postgres',
      url: 'postgresql://u@h/db',
    });
    expect(resolveStoreTarget('sqlite:data/c.db', {})).toEqual({
      kind: 'sqlite',
      path: resolve('data/c.db'),
    });
    expect(resolveStoreTarget(':memory:', {})).toEqual({ kind: 'sqlite', path: ':memory:' });
  });

  test('another URL scheme is a usage error', () => {
    expect(() => resolveStoreTarget('mysql://u@h/db', {})).toThrow(
      expect.objectContaining({ code: 'invalid_option' }),
    );
  });

  test('a postgres:// URL that does not parse is a usage error that does not echo it', () => {
    for (const url of ['postgres://::::', 'postgres://u:secret@[::1/db']) {
      let thrown: unknown;
      try {
        resolveStoreTarget(url, {});
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toMatchObject({ code: 'invalid_option' });
      expect(String((thrown as Error).message)).not.toContain('secret');
    }
  });
});

describe('openStore on a --db that names no database file', () => {
  test('an empty path is a usage error; a folder, or a file where its folder would be, is store_unavailable', async () => {
    for (const db of ['', ' ', 'sqlite:']) {
      expect(() => resolveStoreTarget(db, {})).toThrow(
        expect.objectContaining({
          code: 'invalid_option',
          message: expect.stringContaining('empty'),
        }),
      );
    }
    const dir = mkdtempSync(join(tmpdir(), 'cairn-open-folder-'));
    try {
      for (const options of [{}, { readonly: true }]) {
        await expect(openStore({ db: dir, ...options })).rejects.toMatchObject({
          code: 'store_unavailable',
          message: expect.stringContaining('it is a folder, not a database file'),
        });
      }
      expect(readdirSync(dir)).toEqual([]);
      // a file where the database's folder would be: a typed error, for writers and readers
      writeFileSync(join(dir, 'notes.md'), '# Notes\n');
      const below = join(dir, 'notes.md', 'cairn.db');
      for (const options of [{}, { readonly: true }]) {
        await expect(openStore({ db: below, ...options })).rejects.toMatchObject({
          code: 'store_unavailable',
        });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("openStore on another program's SQLite database", () => {
  test('a writer refuses a database with tables and no cairn store, and changes nothing in it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-open-foreign-'));
    try {
      const db = join(dir, 'places.sqlite');
      const other = new Database(db);
      other.exec(
        "CREATE TABLE bookmarks (id INTEGER PRIMARY KEY, url TEXT); INSERT INTO bookmarks (url) VALUES ('x')",
      );
      other.close();
      await expect(openStore({ db })).rejects.toMatchObject({
        code: 'store_schema_mismatch',
        message: expect.stringContaining('holds other tables (bookmarks) and no cairn store'),
      });
      const after = new Database(db, { readonly: true });
      const tables = after.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all();
      expect(tables).toEqual([{ name: 'bookmarks' }]);
      expect(after.pragma('journal_mode', { simple: true })).toBe('delete');
      after.close();
      // an empty database file is taken as a new store, which then opens a second time
      const empty = join(dir, 'empty.db');
      writeFileSync(empty, '');
      await (await openStore({ db: empty })).close();
      await (await openStore({ db: empty })).close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('openStore on a SQLite file that is not there', () => {
  test('readers and non-creating writers say to ingest first, and create nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-open-missing-'));
    try {
      const db = join(dir, 'missing.db');
      for (const options of [{ readonly: true }, { create: false }]) {
        await expect(openStore({ db, ...options })).rejects.toMatchObject({
          code: 'store_unavailable',
          message: `No database at ${db}: run cairn ingest first`,
        });
      }
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
