import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { jsonNodeRows } from './json-node-rows.js';
import type { SqlExecutor } from './sql-driver.js';
import { storedTexts } from './stored-texts.js';
import { encodeVersionText, TEXT_BLOCK_CODE_POINTS, VersionTextReader } from './version-text.js';

/** A real SQLite table of version blocks, behind the executor the reader takes. */
function blockTable(): { executor: SqlExecutor; reads: () => number; db: Database.Database } {
  const db = new Database(':memory:');
  db.exec(
    'CREATE TABLE version_texts (version_id INTEGER NOT NULL, block INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (version_id, block))',
  );
  let reads = 0;
  const executor = {
    all: async (sql: string, params: readonly unknown[] = []) => {
      reads++;
      return db.prepare(sql).all(...params) as never[];
    },
  } as unknown as SqlExecutor;
  return { executor, reads: () => reads, db };
}

async function store(db: Database.Database, versionId: number, text: string): Promise<void> {
  const insert = db.prepare('INSERT INTO version_texts (version_id, block, data) VALUES (?, ?, ?)');
  const blocks = await encodeVersionText(text);
  for (const [block, data] of blocks.entries()) insert.run(versionId, block, data);
}

/** Text of `length` code points, astral characters and a CRLF among ASCII, so blocks cut through both. */
function textOf(length: number): string {
  const pieces = ['word ', 'é', '😀', '\r\n', '𝔘', 'abc'];
  let out = '';
  for (let i = 0; out.length < 2 * length; i++) out += pieces[(i * 7) % pieces.length];
  return [...out].slice(0, length).join('');
}

describe('version text blocks', () => {
  test('property: any span read back is the code points of the text, across block edges', async () => {
    const { executor, db } = blockTable();
    const text = textOf(2 * TEXT_BLOCK_CODE_POINTS + 1234);
    const points = [...text];
    await store(db, 7, text);
    const reader = new VersionTextReader();
    expect(await reader.text(executor, 7)).toBe(text);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc
            .tuple(fc.nat(points.length), fc.nat(3 * TEXT_BLOCK_CODE_POINTS))
            .map(([start, length]) => ({
              version_id: 7,
              start,
              end: Math.min(points.length, start + length),
            })),
          { maxLength: 6 },
        ),
        async (spans) => {
          const read = await reader.slices(executor, spans);
          expect(read).toEqual(spans.map((s) => points.slice(s.start, s.end).join('')));
        },
      ),
      { numRuns: 30 },
    );
  });

  test('each block is read once for many spans, and kept for the next read', async () => {
    const { executor, reads, db } = blockTable();
    await store(db, 1, 'a'.repeat(3 * TEXT_BLOCK_CODE_POINTS));
    const reader = new VersionTextReader();
    const spans = Array.from({ length: 50 }, (_, i) => ({
      version_id: 1,
      start: i * 100,
      end: i * 100 + 10,
    }));
    await reader.slices(executor, spans);
    expect(reads()).toBe(1);
    await reader.slices(executor, spans);
    expect(reads()).toBe(1);
  });

  test('a chunk row keeps its text only where it is not its span of the canonical text', () => {
    const canonical = 'A 😀 b\r\nc';
    const chunks = [
      { text: 'A 😀', char_start: 0, char_end: 3 },
      { text: 'b\r\nc', char_start: 4, char_end: 8 },
      { text: 'b c', char_start: 4, char_end: 8 },
    ];
    expect(storedTexts(canonical, chunks)).toEqual([null, null, 'b c']);
  });
});

describe('JSON node rows', () => {
  test('property: the pointers rebuild from the nodes, and each token is stored once', () => {
    const token = fc
      .stringMatching(/^([a-z/~]|~0|~1){0,4}$/)
      .map((t) => t.replaceAll('~', '~0').replaceAll('/', '~1'));
    fc.assert(
      fc.property(fc.array(fc.array(token, { maxLength: 4 }), { maxLength: 20 }), (paths) => {
        const pointers = paths.map((tokens) => tokens.map((t) => `/${t}`).join(''));
        const { nodes, rows } = jsonNodeRows(pointers);
        const byNode = new Map(rows.map(([node, parent, t]) => [node, { parent, t }]));
        const rebuild = (node: number): string => {
          if (node === 0) return '';
          const { parent, t } = byNode.get(node)!;
          return `${parent === null ? '' : rebuild(parent)}/${t}`;
        };
        expect(nodes.map(rebuild)).toEqual(pointers);
        const children = rows.map(([, parent, t]) => `${parent}\u0000${t}`);
        expect(new Set(children).size).toBe(children.length);
      }),
    );
  });
});
