import type { IdsEvalReport, IdsEvalRow } from './run-ids-eval.js';

const share = (v: number | null) => (v === null ? '  -  ' : v.toFixed(2));
const count = (v: number | null) => (v === null ? '-' : String(v));

/**
 * The report as text: one row per history and an overall row; each figure
 * column holds the three schemes side by side (cairn hash position), the
 * letters as in `cairn eval ids --help`.
 */
export function formatIdsEvalTable(report: IdsEvalReport): string {
  const rows = [...report.histories, report.overall];
  const width = Math.max('history'.length, ...rows.map((row) => row.history.length));
  const line = (row: IdsEvalRow) => {
    const { cairn, hash, position } = row;
    return [
      row.history.padEnd(width),
      String(row.revisions).padStart(4),
      String(row.pairs).padStart(5),
      String(row.majors).padStart(5),
      `${share(cairn.kept_min_minor)} ${share(hash.kept_mean)} ${share(position.kept_mean)}`,
      [cairn, hash, position]
        .map((s) => `${share(s.resolves_min)}/${share(s.resolves_median)}`)
        .join(' '),
      [cairn, hash, position]
        .map((s) => `${share(s.faithful_min)}/${share(s.faithful_median)}`)
        .join(' '),
      [cairn, hash, position]
        .map((s) => `${count(s.changed_median)} (${share(s.changed_mean)})`)
        .join(' '),
    ].join(' | ');
  };
  const { cairn } = report.overall;
  const lines = [
    `chunker ${report.chunker_id}; schemes in each column: cairn hash position`,
    [
      'history'.padEnd(width),
      'revs',
      'pairs',
      'major',
      '(a) kept: cairn-minor-min hash pos',
      '(b) resolves min/median',
      '(b) faithful min/median',
      '(c) changed IDs median (mean)',
    ].join(' | '),
    ...rows.map(line),
    `(a) for cairn: minimum over minor pairs (target 1.00); minor pairs below 1.00: ${cairn.minor_pairs_kept_below_1}; ` +
      `baselines: mean over all pairs. cairn (b) faithful over minor pairs only: min ${share(cairn.faithful_min_minor)}, ` +
      `median ${share(cairn.faithful_median_minor)}. Invalid ID sets: ${report.invalid.length}. ` +
      `Revisions that failed: ${report.failed.length}. ${report.seconds.toFixed(1)} s.`,
    ...report.failed.map(
      (f) => `${f.history}/${f.revision}: ${f.code}: ${f.message} (left out of the replay)`,
    ),
    ...report.invalid.map((v) => `${v.history}/${v.revision}: invalid IDs: ${v.message}`),
  ];
  return `${lines.join('\n')}\n`;
}
