import type { StaleIndexWarning } from '../../cite/citation-status.js';
import type { CiteIssue } from '../../cite/cite-issue.js';
import { countOf } from '../../count-of.js';
import { parseJsonPointer } from '../../parse/json/json-pointer.js';

/** One line of the per-citation report. */
export interface VerdictRow {
  path: string;
  snippet_id: string | null;
  status: string;
  reason: string | null;
  resolved_snippet_id: string | null;
  detail: string | null;
  /** What held but deserves a look (`stale_index`). */
  warnings?: readonly StaleIndexWarning[];
}

/** All issues counted; the report lists the first `max_issues`. */
export interface IssueStats {
  issues: number;
  truncated: boolean;
  issue_counts: Record<string, number>;
}

export function issueStats(issues: readonly CiteIssue[], maxIssues: number): IssueStats {
  const counts: Record<string, number> = {};
  for (const i of issues) counts[i.code] = (counts[i.code] ?? 0) + 1;
  return { issues: issues.length, truncated: issues.length > maxIssues, issue_counts: counts };
}

export interface TextReportInput {
  file: string;
  /** The issues listed (the first `max_issues`). */
  issues: readonly CiteIssue[];
  stats: IssueStats;
  /** Per citation; null for a citation list checked without a store. */
  verdicts: readonly VerdictRow[] | null;
  /** Whether the citations were checked against a store. */
  checked: boolean;
  /** The parsed input, to name the rev a redirected citation cited. */
  value: unknown;
}

/** The human report: a line per citation when a store checked them, a line per issue, a summary. */
export function textReport(input: TextReportInput): string {
  const { file, issues, stats, verdicts, checked } = input;
  const lines: string[] = [];
  let cited = '';
  if (verdicts !== null && !checked)
    cited = `, ${countOf(verdicts.length, 'citation')} (not checked against a store)`;
  if (verdicts !== null && checked) {
    for (const v of verdicts) {
      const target = v.status === 'redirected' ? redirectTarget(v, input.value) : '';
      const why = v.reason === null ? '' : ` ${v.reason}`;
      lines.push(`${file}:${v.path}: ${v.status}${why}${target} ${v.snippet_id ?? '-'}`);
      for (const w of v.warnings ?? [])
        lines.push(`${file}:${v.path}: warning: ${w.code}: ${w.detail}`);
    }
    const counts = new Map<string, number>();
    for (const v of verdicts) counts.set(v.status, (counts.get(v.status) ?? 0) + 1);
    const byStatus = [...counts].map(([status, n]) => `${n} ${status}`).join(', ');
    cited = `, ${countOf(verdicts.length, 'citation')}${byStatus === '' ? '' : ` (${byStatus})`}`;
  }
  if (stats.issues === 0) {
    lines.push(`${file}: ok${cited}`);
    return `${lines.join('\n')}\n`;
  }
  // a loop, not push(...): a spread of a million issues overflows the V8 stack
  for (const i of issues)
    lines.push(`${file}:${i.path === '' ? '/' : i.path}: ${i.code}: ${i.message}`);
  const summary = Object.entries(stats.issue_counts)
    .map(([code, n]) => `${code} ${n}`)
    .join(', ');
  const shown = stats.truncated ? ` (first ${issues.length} listed)` : '';
  lines.push(`${file}: ${countOf(stats.issues, 'issue')}${shown}${cited}: ${summary}`);
  return `${lines.join('\n')}\n`;
}

/** After "redirected": the live ID, or, when the chunk kept its ID, the rev that is no longer current. */
function redirectTarget(v: VerdictRow, value: unknown): string {
  if (v.resolved_snippet_id === null) return '';
  if (v.resolved_snippet_id !== v.snippet_id) return ` -> ${v.resolved_snippet_id}`;
  const rev = citedRev(value, v.path);
  return `${rev === null ? ' from an older rev' : ` from rev ${rev.slice(0, 12)}`} (ID and text unchanged)`;
}

/** The `rev` of the citation at `path` in the payload, when it has a string one. */
function citedRev(value: unknown, path: string): string | null {
  let at: unknown = value;
  for (const token of parseJsonPointer(path)) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, token)) return null;
    at = (at as Record<string, unknown>)[token];
  }
  if (typeof at !== 'object' || at === null || !Object.hasOwn(at, 'rev')) return null;
  const rev = (at as { rev: unknown }).rev;
  return typeof rev === 'string' ? rev : null;
}
