import { OFFSET_UNIT } from './citation-contract.js';
import { type CitationIssueBody, describeValue } from './cite-issue.js';

const own = (object: object, key: string): unknown =>
  Object.hasOwn(object, key) ? (object as Record<string, unknown>)[key] : undefined;

const isObject = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Seed rule 2, offsets are monotonic: 0 <= start < end (<= length), unit char. */
export function checkOffsets(value: unknown, length: number | null): CitationIssueBody | null {
  const bad = (expected: string, received: string): CitationIssueBody => ({
    code: 'bad_offsets',
    field: 'offsets',
    expected,
    received,
  });
  if (!isObject(value)) return bad(`{start, end, unit: "${OFFSET_UNIT}"}`, describeValue(value));
  const start = own(value, 'start');
  const end = own(value, 'end');
  const unit = own(value, 'unit');
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) {
    return bad('integer start and end', `start ${describeValue(start)}, end ${describeValue(end)}`);
  }
  const s = start as number;
  const e = end as number;
  if (!(s >= 0 && s < e && (length === null || e <= length)))
    return bad(`0 <= start < end${length === null ? '' : ` <= ${length}`}`, `${s}..${e}`);
  if (unit !== OFFSET_UNIT)
    return bad(
      `unit "${OFFSET_UNIT}"`,
      unit === undefined ? 'no unit' : `unit ${describeValue(unit)}`,
    );
  return null;
}
