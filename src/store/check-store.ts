import type { SqlDriver } from './sql-driver.js';

/** The invariants every write keeps, each a query that returns what breaks it. */
const INVARIANTS: readonly (readonly [label: string, sql: string])[] = [
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

/**
 * What `cairn` can say is wrong with a store without reading any source:
 * the database engine's own checks, then the invariants every write keeps
 * (a current version per document, a chunk set per version, chunk counts as
 * recorded). Empty when all hold.
 */
export async function checkStore(driver: SqlDriver): Promise<string[]> {
  const problems = await driver.dialect.sql.check(driver);
  for (const [label, sql] of INVARIANTS) {
    for (const row of await driver.all<{ what: unknown }>(sql))
      problems.push(`${label}: ${String(row.what)}`);
  }
  return problems;
}
