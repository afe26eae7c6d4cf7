import { sectionRecords } from '../parse/section-records.js';
import { decodeModel } from './encode-model.js';
import { insertSections } from './section-rows.js';
import type { Dialect, SqlExecutor } from './sql-driver.js';

/** Chunk row ids one UPDATE names at most. */
const IDS_PER_UPDATE = 900;

/**
 * The sections table of a store from before it: each version's records
 * derived from its stored model (as an ingest writes them now), then the
 * heading paths its chunks repeat emptied where they are their section's,
 * which reads put back from the records. One version in memory at a time.
 */
export async function fillSections(tx: SqlExecutor, dialect: Dialect): Promise<void> {
  const limits = { max_parameters: dialect.max_parameters };
  const ids = await tx.all<{ id: number }>('SELECT id FROM document_versions ORDER BY id');
  for (const { id } of ids) {
    const versionId = Number(id);
    const [row] = await tx.all<Record<string, unknown>>(
      'SELECT v.model AS model, substr(v.canonical, 1, 512) AS head, d.format AS format, d.source_url AS source_url ' +
        'FROM document_versions v JOIN documents d ON d.id = v.document_id WHERE v.id = ?',
      [versionId],
    );
    if (row === undefined) continue;
    const model = await decodeModel(row.model);
    const sections = model.sections ?? [];
    const records = sectionRecords({
      format: String(row.format) as Parameters<typeof sectionRecords>[0]['format'],
      sections,
      source_url: String(row.source_url),
      head: String(row.head),
      blocks: model.blocks ?? [],
    });
    await insertSections(tx, versionId, records, limits);
    const paths = new Map(sections.map((s) => [s.sect_path, JSON.stringify(s.heading_path)]));
    const chunks = await tx.all<{ id: number; section_id: string; heading_path: unknown }>(
      'SELECT id, section_id, heading_path FROM chunks WHERE version_id = ? AND section_id IS NOT NULL',
      [versionId],
    );
    const same = chunks
      .filter((c) => {
        const stored =
          typeof c.heading_path === 'string' ? c.heading_path : JSON.stringify(c.heading_path);
        return paths.get(c.section_id) === JSON.stringify(JSON.parse(stored));
      })
      .map((c) => Number(c.id));
    for (let at = 0; at < same.length; at += IDS_PER_UPDATE) {
      const batch = same.slice(at, at + IDS_PER_UPDATE);
      await tx.run(
        `UPDATE chunks SET heading_path = '[]' WHERE id IN (${batch.map(() => '?').join(', ')})`,
        batch,
      );
    }
  }
}
