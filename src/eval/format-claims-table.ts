import type { ClaimsEvalReport } from './run-claims-eval.js';

const TARGET_WORD: Record<string, string> = { paraphrase: 'supported', verbatim: 'supported' };

/** The claims report for people: one line per label, then the misses. */
export function formatClaimsTable(report: ClaimsEvalReport, file: string, misses = 20): string {
  const lines = [
    `${file}: ${report.claims} claims`,
    '',
    'label        claims  judged as labelled      verdicts',
  ];
  for (const l of report.labels) {
    const what = TARGET_WORD[l.label] ?? 'caught';
    const verdicts = Object.entries(l.verdicts)
      .map(([v, n]) => `${v} ${n}`)
      .join(', ');
    lines.push(
      `${l.label.padEnd(12)} ${String(l.claims).padStart(6)}  ${l.share.toFixed(3)} ${what.padEnd(10)}  ${verdicts}`,
    );
  }
  if (report.misses.length > 0) {
    lines.push(
      '',
      `misses (${report.misses.length}; first ${Math.min(misses, report.misses.length)}):`,
    );
    for (const m of report.misses.slice(0, misses)) {
      lines.push(`  ${m.id} [${m.label}] judged ${m.support}: ${m.claim}`);
      for (const r of m.reasons.slice(0, 3)) lines.push(`    ${r}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
