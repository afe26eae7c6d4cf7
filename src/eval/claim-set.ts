import type { GoldIssue } from './gold-set.js';

/**
 * The labels of a claims set: how each claim was made from its gold quote.
 * `paraphrase` and `verbatim` are true to the quote; the rest are not.
 */
export const CLAIM_LABELS = [
  'paraphrase',
  'verbatim',
  'number',
  'negation',
  'actor',
  'scope',
  'unrelated',
] as const;
export type ClaimLabel = (typeof CLAIM_LABELS)[number];

/** Labels that every item of a set must have (`number` only where its quote states one). */
export const REQUIRED_LABELS: readonly ClaimLabel[] = CLAIM_LABELS.filter((l) => l !== 'number');

/** Claims a faithful checker judges `supported`. */
export const TRUE_LABELS: ReadonlySet<ClaimLabel> = new Set(['paraphrase', 'verbatim']);

export interface LabelledClaim {
  id: string;
  line: number;
  label: ClaimLabel;
  claim: string;
  /** The gold item the claim was made from; claims of one item share it. */
  item: string;
  /** The question the item answers, when the line gives one. */
  question: string | null;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A claims set's lines: `{id, label, claim, doc, gold_quote, item?,
 * question?}` (the `doc` and `gold_quote` read as a gold set's are, by
 * `loadGoldCitations`). Refused with their lines: a line that is not a JSON
 * object, a missing field, an unknown label, a repeated id, and an item
 * without every label of `REQUIRED_LABELS`. Pure.
 */
export function readClaimSet(text: string): { claims: LabelledClaim[]; issues: GoldIssue[] } {
  const claims: LabelledClaim[] = [];
  const issues: GoldIssue[] = [];
  const issue = (code: GoldIssue['code'], line: number, message: string) =>
    issues.push({ code, line, unit: 'line', message });
  const seen = new Set<string>();
  for (const [i, raw] of text
    .replace(/^\ufeff/u, '')
    .split('\n')
    .entries()) {
    if (raw.trim() === '') continue;
    const line = i + 1;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      issue('malformed_line', line, `line ${line} is not JSON`);
      continue;
    }
    if (!isObject(value)) {
      issue('malformed_line', line, `line ${line} is not a JSON object`);
      continue;
    }
    const missing = ['id', 'label', 'claim', 'doc', 'gold_quote'].filter(
      (f) => typeof value[f] !== 'string' || value[f] === '',
    );
    if (missing.length > 0) {
      issue('missing_field', line, `line ${line} lacks ${missing.join(', ')} (non-empty strings)`);
      continue;
    }
    const label = value.label as string;
    if (!(CLAIM_LABELS as readonly string[]).includes(label)) {
      issue(
        'unknown_label',
        line,
        `line ${line}: label ${JSON.stringify(label)} is not one of ${CLAIM_LABELS.join(', ')}`,
      );
      continue;
    }
    const id = value.id as string;
    if (seen.has(id)) {
      issue('duplicate_id', line, `line ${line}: id ${JSON.stringify(id)} was used before`);
      continue;
    }
    seen.add(id);
    claims.push({
      id,
      line,
      label: label as ClaimLabel,
      claim: value.claim as string,
      item: typeof value.item === 'string' ? value.item : `${value.doc}\u0000${value.gold_quote}`,
      question: typeof value.question === 'string' ? value.question : null,
    });
  }
  const byItem = new Map<string, LabelledClaim[]>();
  for (const c of claims) byItem.set(c.item, [...(byItem.get(c.item) ?? []), c]);
  for (const [item, list] of byItem) {
    const labels = new Set(list.map((c) => c.label));
    const lacking = REQUIRED_LABELS.filter((l) => !labels.has(l));
    if (lacking.length > 0)
      issue(
        'incomplete_item',
        list[0]!.line,
        `item ${item.replace('\u0000', ' ')} has no ${lacking.join(', ')} claim`,
      );
  }
  if (claims.length === 0 && issues.length === 0)
    issue('empty_gold_set', 1, 'The claims set holds no line: nothing to measure');
  issues.sort((a, b) => a.line - b.line);
  return { claims, issues };
}
