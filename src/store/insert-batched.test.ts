import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { insertBatched } from './insert-batched.js';
import type { SqlExecutor } from './sql-driver.js';

function recorder(): SqlExecutor & { statements: { sql: string; params: readonly unknown[] }[] } {
  const statements: { sql: string; params: readonly unknown[] }[] = [];
  return {
    statements,
    all: async () => [],
    run: async (sql, params = []) => {
      statements.push({ sql, params });
      return (sql.match(/\(\?/g) ?? []).length;
    },
  };
}

describe('insertBatched', () => {
  test('property: every statement stays under the parameter limit and all rows go in, in order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 30, max: 2000 }),
        fc.option(fc.integer({ min: 1, max: 50 }), { nil: undefined }),
        async (columns, rowCount, max, maxRows) => {
          const rows = Array.from({ length: rowCount }, (_, r) =>
            Array.from({ length: columns }, (_, c) => r * 1000 + c),
          );
          const executor = recorder();
          const names = Array.from({ length: columns }, (_, c) => `c${c}`);
          const inserted = await insertBatched(
            executor,
            { table: 't', columns: names, rows },
            { max_parameters: max, ...(maxRows === undefined ? {} : { max_rows: maxRows }) },
          );
          expect(inserted).toBe(rowCount);
          for (const { params } of executor.statements) {
            expect(params.length).toBeLessThanOrEqual(max);
            if (maxRows !== undefined) expect(params.length).toBeLessThanOrEqual(maxRows * columns);
          }
          expect(executor.statements.flatMap((s) => s.params)).toEqual(rows.flat());
        },
      ),
      { numRuns: 60 },
    );
  });

  test('the real limits: 100k rows of 22 columns need 68 SQLite statements and 34 PostgreSQL ones', async () => {
    const rows = Array.from({ length: 100_000 }, () => new Array(22).fill(0));
    const names = Array.from({ length: 22 }, (_, c) => `c${c}`);
    const sqlite = recorder();
    await insertBatched(sqlite, { table: 't', columns: names, rows }, { max_parameters: 32766 });
    expect(sqlite.statements.length).toBe(Math.ceil(100_000 / Math.floor(32766 / 22)));
    const postgres = recorder();
    await insertBatched(postgres, { table: 't', columns: names, rows }, { max_parameters: 65535 });
    expect(postgres.statements.length).toBe(Math.ceil(100_000 / Math.floor(65535 / 22)));
  });

  test('an executor with runEach gets one row statement and every row, in order, with the suffix', async () => {
    const calls: { sql: string; rows: readonly (readonly unknown[])[] }[] = [];
    const executor: SqlExecutor = {
      all: async () => [],
      run: async () => {
        throw new Error('multi-row statement where rows run one by one');
      },
      runEach: async (sql, rows) => {
        calls.push({ sql, rows });
        return { changes: rows.length, row_ids: rows.map((_, i) => i + 1) };
      },
    };
    const rows = Array.from({ length: 2500 }, (_, r) => [r, `v${r}`]);
    const inserted = await insertBatched(
      executor,
      { table: 't', columns: ['a', 'b'], rows, suffix: 'ON CONFLICT DO NOTHING' },
      { max_parameters: 100 },
    );
    expect(inserted).toBe(2500);
    expect(calls).toEqual([
      { sql: 'INSERT INTO t (a, b) VALUES (?, ?) ON CONFLICT DO NOTHING', rows },
    ]);
  });

  test('column arrays: one array per column, every row in order, at most max_rows or 10,000 a statement', async () => {
    const rows = Array.from({ length: 23_456 }, (_, r) => [r, r % 7 === 0 ? null : `v${r}`]);
    for (const maxRows of [undefined, 1000]) {
      const executor = recorder();
      executor.run = async (sql, params = []) => {
        executor.statements.push({ sql, params });
        return (params[0] as unknown[]).length;
      };
      const inserted = await insertBatched(
        executor,
        {
          table: 't',
          columns: ['a', 'b'],
          rows,
          suffix: 'ON CONFLICT DO NOTHING',
          pg_types: ['bigint', 'jsonb'],
        },
        { max_parameters: 65535, ...(maxRows ? { max_rows: maxRows } : {}) },
      );
      expect(executor.statements.length).toBe(Math.ceil(rows.length / (maxRows ?? 10_000)));
      for (const { sql, params } of executor.statements) {
        expect(sql).toBe(
          'INSERT INTO t (a, b) SELECT * FROM unnest(?::bigint[], ?::jsonb[]) ON CONFLICT DO NOTHING',
        );
        expect(params).toHaveLength(2);
      }
      const a = executor.statements.flatMap((s) => s.params[0] as unknown[]);
      const b = executor.statements.flatMap((s) => s.params[1] as unknown[]);
      expect(a).toEqual(rows.map((row) => row[0]));
      expect(b).toEqual(rows.map((row) => row[1]));
      expect(inserted).toBe(rows.length);
    }
  });

  test('column arrays need the types: an insert without them goes in as VALUES', async () => {
    const executor = recorder();
    await insertBatched(
      executor,
      { table: 't', columns: ['a'], rows: [[1], [2]] },
      { max_parameters: 100 },
    );
    expect(executor.statements).toEqual([
      { sql: 'INSERT INTO t (a) VALUES (?), (?)', params: [1, 2] },
    ]);
  });

  test('a row of the wrong width is a programming error', async () => {
    await expect(
      insertBatched(
        recorder(),
        { table: 't', columns: ['a', 'b'], rows: [[1]] },
        { max_parameters: 100 },
      ),
    ).rejects.toThrow(RangeError);
  });
});
