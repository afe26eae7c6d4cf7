import type { SqlDriver } from './sql-driver.js';

/**
 * What `cairn` can say is wrong with a store without reading any source:
 * SQLite's own integrity and foreign-key checks and the lexical index's row
 * count, then the invariants every write keeps (a current version per
 * document, a chunk set per version, chunk counts as recorded). Empty when
 * all hold.
 */
export async function checkStore(driver: SqlDriver): Promise<string[]> {
  const problems: string[] = [];
  if (driver.dialect.name === 'sqlite') {
    const integrity = await driver.all<{ integrity_check: string }>('PRAGMA integrity_check');
    for (const row of integrity)
      if (row.integrity_check !== 'ok') problems.push(`integrity_check: ${row.integrity_check}`);
    const foreign = await driver.all<Record<string, unknown>>('PRAGMA foreign_key_check');
    for (const row of foreign) problems.push(`foreign_key_check: ${JSON.stringify(row)}`);
    // FTS5 keeps one docsize row per indexed chunk: a count apart means a chunk write missed the index.
    const [fts] = await driver.all<Record<string, unknown>>(
      'SELECT (SELECT COUNT(*) FROM chunks_fts_docsize) AS indexed, (SELECT COUNT(*) FROM chunks) AS stored',
    );
    if (Number(fts?.indexed) !== Number(fts?.stored))
      problems.push(`lexical index: ${fts?.indexed} indexed chunks, ${fts?.stored} stored`);
  }
  const queries: [string, string][] = [
    [
      'document without a current version',
      'SELECT doc_uid AS what FROM documents WHERE current_version_id IS NULL',
    ],
    [
      'current version of another document',
      'SELECT d.doc_uid AS what FROM documents d JOIN document_versions v ON v.id = d.current_version_id WHERE v.document_id <> d.id',
    ],
    [
      'version without a chunk set',
      'SELECT v.id AS what FROM document_versions v WHERE NOT EXISTS (SELECT 1 FROM chunk_sets s WHERE s.version_id = v.id)',
    ],
    [
      'chunk set with a wrong chunk count',
      'SELECT s.version_id AS what FROM chunk_sets s LEFT JOIN chunks c ON c.version_id = s.version_id AND c.chunker_id = s.chunker_id ' +
        'GROUP BY s.version_id, s.chunker_id, s.chunk_count HAVING COUNT(c.id) <> s.chunk_count',
    ],
  ];
  for (const [label, sql] of queries) {
    for (const row of await driver.all<{ what: unknown }>(sql))
      problems.push(`${label}: ${String(row.what)}`);
  }
  return problems;
}
