import type { GoldIssue } from './gold-set.js';

/** A gold line or list item as written, its fields checked for presence and type. */
export interface GoldRecord {
  line: number;
  unit: 'line' | 'item';
  doc: string;
  /** Exactly one of `quote` and `span`. */
  quote?: string;
  span?: { start: number; end: number };
  /** Question lines only (`kind: 'questions'`). */
  id?: string;
  question?: string;
  paraphrases?: string[];
  section?: string;
}

/**
 * `questions`: JSONL gold lines with every field (`cairn eval gold`).
 * `citations`: JSONL gold lines or a JSON list `[{doc, start, end}]`, of
 * which only the document and the span or quote are read (`cairn ids check --gold`).
 */
export type GoldRecordKind = 'questions' | 'citations';

type Fields = Record<string, unknown>;

/**
 * The records of a gold file's text, and an issue (with its line, or its
 * item in a list) for each one that cannot be read: not JSON, not an
 * object, a required field missing or of the wrong type, both a quote and
 * a span, an id seen before. Blank lines are skipped.
 */
export function readGoldRecords(
  text: string,
  kind: GoldRecordKind,
): { records: GoldRecord[]; issues: GoldIssue[] } {
  const body = text.startsWith('\ufeff') ? text.slice(1) : text;
  const records: GoldRecord[] = [];
  const issues: GoldIssue[] = [];
  if (body.trimStart().startsWith('[')) {
    readList(body, kind, records, issues);
  } else {
    for (const [i, line] of body.split('\n').entries()) {
      if (line.trim() === '') continue;
      readOne(parseJson(line), { line: i + 1, unit: 'line', kind }, records, issues);
    }
  }
  if (records.length === 0 && issues.length === 0) {
    issues.push({
      code: 'empty_gold_set',
      line: 1,
      unit: 'line',
      message: 'The gold set holds no line: nothing to measure',
    });
  }
  if (kind === 'questions') flagDuplicateIds(records, issues);
  return { records, issues };
}

const NOT_JSON = Symbol('not JSON');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

function readList(body: string, kind: GoldRecordKind, records: GoldRecord[], issues: GoldIssue[]) {
  const value = parseJson(body);
  if (kind === 'questions' || !Array.isArray(value)) {
    issues.push({
      code: 'malformed_line',
      line: 1,
      unit: 'line',
      message:
        kind === 'questions'
          ? 'A JSON list is a plain citation list, which has no questions: cairn eval gold reads JSON lines, one question per line'
          : 'The file opens with [ but is not a JSON list of {doc, start, end}',
    });
    return;
  }
  for (const [i, item] of value.entries()) {
    readOne(item, { line: i + 1, unit: 'item', kind }, records, issues);
  }
}

interface Where {
  line: number;
  unit: 'line' | 'item';
  kind: GoldRecordKind;
}

function readOne(value: unknown, where: Where, records: GoldRecord[], issues: GoldIssue[]) {
  const at = { line: where.line, unit: where.unit };
  const name = `${where.unit} ${where.line}`;
  if (value === NOT_JSON || typeof value !== 'object' || value === null || Array.isArray(value)) {
    issues.push({
      ...at,
      code: 'malformed_line',
      message: `${name} is not ${value === NOT_JSON ? 'JSON' : 'a JSON object'}`,
    });
    return;
  }
  const fields = value as Fields;
  const id = typeof fields.id === 'string' ? fields.id : undefined;
  const problems: GoldIssue[] = [];
  const problem = (code: GoldIssue['code'], field: string, message: string) =>
    problems.push({ ...at, code, field, ...(id === undefined ? {} : { id }), message });
  const text = (field: string): string | undefined => {
    const v = fields[field];
    if (v === undefined) problem('missing_field', field, `${name} has no "${field}"`);
    else if (typeof v !== 'string' || v.trim() === '')
      problem('wrong_type', field, `${name}: "${field}" must be a non-blank string`);
    else return v;
    return undefined;
  };
  const record: GoldRecord = { ...at, doc: text('doc') ?? '' };
  readWhere(fields, name, problem, record);
  if (where.kind === 'questions') {
    const question = text('question');
    const section = text('section');
    const paraphrases = readParaphrases(fields.paraphrases, name, problem);
    const checkedId = text('id');
    if (checkedId !== undefined) record.id = checkedId;
    if (question !== undefined) record.question = question;
    if (section !== undefined) record.section = section;
    if (paraphrases !== undefined) record.paraphrases = paraphrases;
  }
  if (problems.length > 0) issues.push(...problems);
  else records.push(record);
}

type Problem = (code: GoldIssue['code'], field: string, message: string) => void;

/** The quote, or the span: `gold_quote` / `gold_span` on a gold line, `start`/`end` on a list item. */
function readWhere(fields: Fields, name: string, problem: Problem, record: GoldRecord): void {
  const hasQuote = fields.gold_quote !== undefined;
  const rawSpan =
    fields.gold_span ??
    (fields.start !== undefined || fields.end !== undefined
      ? { start: fields.start, end: fields.end }
      : undefined);
  if (hasQuote && rawSpan !== undefined) {
    problem(
      'quote_and_span',
      'gold_span',
      `${name} has both "gold_quote" and a span: give one of them`,
    );
    return;
  }
  if (hasQuote) {
    if (typeof fields.gold_quote === 'string' && fields.gold_quote.trim() !== '')
      record.quote = fields.gold_quote;
    else problem('wrong_type', 'gold_quote', `${name}: "gold_quote" must be a non-blank string`);
    return;
  }
  if (rawSpan === undefined) {
    problem('missing_field', 'gold_quote', `${name} has neither "gold_quote" nor a span`);
    return;
  }
  const span = rawSpan as Fields;
  const offset = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
  if (typeof rawSpan !== 'object' || rawSpan === null || !offset(span.start) || !offset(span.end)) {
    problem(
      'wrong_type',
      'gold_span',
      `${name}: the span's start and end must be non-negative whole numbers (code points)`,
    );
    return;
  }
  record.span = { start: span.start as number, end: span.end as number };
}

function readParaphrases(value: unknown, name: string, problem: Problem): string[] | undefined {
  if (value === undefined) {
    problem('missing_field', 'paraphrases', `${name} has no "paraphrases"`);
    return undefined;
  }
  if (!Array.isArray(value) || value.some((p) => typeof p !== 'string' || p.trim() === '')) {
    problem(
      'wrong_type',
      'paraphrases',
      `${name}: "paraphrases" must be a list of non-blank strings`,
    );
    return undefined;
  }
  return value as string[];
}

function flagDuplicateIds(records: GoldRecord[], issues: GoldIssue[]): void {
  const first = new Map<string, number>();
  for (const record of records) {
    const seen = first.get(record.id!);
    if (seen === undefined) first.set(record.id!, record.line);
    else
      issues.push({
        code: 'duplicate_id',
        line: record.line,
        unit: record.unit,
        id: record.id!,
        field: 'id',
        message: `line ${record.line}: id ${JSON.stringify(record.id)} is used on line ${seen} already`,
      });
  }
}
