import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, test } from 'vitest';
import { openSqliteDriver } from './driver.js';

const dir = mkdtempSync(join(tmpdir(), 'cairn-sqlite-driver-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('run_briefly: a bounded wait for another connection’s write lock', () => {
  test('leaves the thread free while it waits, and writes once the lock is let go', async () => {
    const path = join(dir, 'brief.db');
    const driver = openSqliteDriver({ path });
    await driver.run('CREATE TABLE t (x INTEGER)');
    const other = new Database(path);
    try {
      other.exec('BEGIN IMMEDIATE');
      // let go by a timer on this same thread: a wait that blocked the thread could never see it
      setTimeout(() => other.exec('COMMIT'), 50);
      const changed = await driver.run_briefly!('INSERT INTO t VALUES (1)', [], 30_000);
      expect(changed).toBe(1);
      expect(other.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 1 });

      other.exec('BEGIN IMMEDIATE');
      let ticked = false;
      setTimeout(() => {
        ticked = true;
      }, 0);
      await expect(driver.run_briefly!('INSERT INTO t VALUES (2)', [], 100)).rejects.toMatchObject({
        code: 'store_busy',
      });
      // the timer ran during the wait
      expect(ticked).toBe(true);
      other.exec('COMMIT');
      // the connection's own busy timeout is back for every other statement
      expect(await driver.all('PRAGMA busy_timeout')).toEqual([{ timeout: 30_000 }]);
    } finally {
      if (other.inTransaction) other.exec('ROLLBACK');
      other.close();
      await driver.close();
    }
  });
});
