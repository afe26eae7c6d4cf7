import { countOf } from '../count-of.js';
import type { GoldEvalReport } from './run-gold-eval.js';
import type { HitRates } from './score-gold-runs.js';

const rate = (value: number | null): string =>
  value === null || Number.isNaN(value) ? '-' : value.toFixed(3);

function row(over: string, rates: HitRates, coverage: number): string {
  return `| ${over} | ${rates.count} | ${rate(rates.hit_at_1)} | ${rate(rates.hit_at_5)} | ${rate(rates.hit_at_10)} | ${rate(rates.mrr)} | ${rate(coverage)} |`;
}

/** The report as text: the metrics table, agreement, determinism, re-ingest, ΔS, then every miss. */
export function formatGoldTable(report: GoldEvalReport, gold: string): string {
  const o = report.overall;
  const lines = [
    `${gold}: ${countOf(o.questions.count, 'question')}, ${countOf(o.phrasings.count, 'phrasing')}; ${report.mode} search, k=${report.k}, ${report.chunker_id}, ${report.store}`,
    '',
    '| over | n | hit@1 | hit@5 | hit@10 | MRR | coverage |',
    '|---|---:|---:|---:|---:|---:|---:|',
    row('questions', o.questions, o.coverage),
    row('phrasings', o.phrasings, o.phrasings.coverage),
    ...o.by_phrasing.slice(1).map((rates, i) => row(`paraphrase ${i + 1} alone`, rates, NaN)),
    ...(o.fused === undefined
      ? []
      : [row("fused: question + paraphrases (stand-in for a model's rewrites)", o.fused, NaN)]),
    '',
    `convergent_share ${rate(o.convergent_share)} (questions whose phrasings' top hits share one section)`,
    `determinism: ${determinismLine(report)}`,
  ];
  if (o.reingest !== null) {
    const r = o.reingest;
    lines.push(
      `re-ingest ${r.after}: ${r.updated} updated, ${r.unchanged} unchanged, ${r.unmatched_files.length} unmatched; ${r.still_cover}/${r.hits_followed} earlier hits still cover their gold span (${rate(r.share)}), ${r.redirected} through redirects`,
    );
    for (const loss of r.lost) lines.push(`  lost ${loss.id}: ${loss.reason} (${loss.chunk_id})`);
  }
  lines.push(
    o.delta_s.median === null
      ? `ΔS: not measured: ${o.delta_s.note}`
      : `ΔS: median ${o.delta_s.median.toFixed(3)}, ${rate(o.delta_s.share_at_most_0_45 ?? 0)} at most 0.45 (${o.delta_s.note})`,
  );
  if (report.misses.length > 0) {
    lines.push(
      '',
      `Misses (${report.misses.length}): no chunk covering the gold span in the top ${report.k}`,
    );
    for (const miss of report.misses) {
      lines.push(`- ${miss.id} ${JSON.stringify(miss.question)}`);
      lines.push(`    gold: ${miss.section}`);
      lines.push(`    retrieved: ${miss.retrieved_sections.join(' | ') || '(nothing)'}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

function determinismLine(report: GoldEvalReport): string {
  const d = report.overall.determinism;
  if (d.status === 'skipped') return `not checked: ${d.reason}`;
  const head = `${d.status} over ${`${d.queries} ${d.queries === 1 ? 'query' : 'queries'}`} (second store: ${countOf(d.documents, 'document')} stored in reverse order)`;
  const shown = d.differences
    .slice(0, 10)
    .map((x) => `\n  ${x.id} phrasing ${x.phrasing}: rank ${x.rank} ${x.first} vs ${x.second}`);
  return head + shown.join('');
}
