import { countOf } from '../count-of.js';
import type { SquadEvalReport } from './run-squad-eval.js';

const COLUMNS = [
  'chunker',
  'chunker_id',
  'chunks',
  'tok/chunk',
  'hit@1',
  'hit@5',
  'hit@10',
  'MRR',
  'tokens@5',
  'ingest s',
  'search s',
] as const;

const SPLIT_ROLES = { A: 'tuning', B: 'held out' } as const;

/** The report as a Markdown table, one row per chunker, with a line saying what was measured. */
export function formatEvalTable(report: SquadEvalReport): string {
  const rows = report.results.map((r) => [
    r.chunker,
    r.chunker_id,
    String(r.chunks),
    r.mean_chunk_tokens.toFixed(0),
    r.hit_at_1.toFixed(3),
    r.hit_at_5?.toFixed(3) ?? '-',
    r.hit_at_10?.toFixed(3) ?? '-',
    r.mrr.toFixed(3),
    r.mean_tokens_at_5.toFixed(0),
    r.ingest_seconds.toFixed(1),
    r.search_seconds.toFixed(1),
  ]);
  const skipped =
    report.skipped_questions > 0
      ? ` (${report.skipped_questions} skipped: blank or without an answer)`
      : '';
  const half = report.split === 'all' ? '' : ` half ${report.split} (${SPLIT_ROLES[report.split]})`;
  const lines = [
    `SQuAD${half}: ${countOf(report.documents, 'document')}, ${countOf(report.questions, 'question')}${skipped}, k=${report.k}; tokens in ${report.token_unit}`,
    '',
    `| ${COLUMNS.join(' | ')} |`,
    `|${COLUMNS.map((_, i) => (i < 2 ? '---' : '---:')).join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ];
  return `${lines.join('\n')}\n`;
}
