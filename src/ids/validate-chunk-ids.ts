import { isCairnError } from '../errors.js';
import type { ChangeKind, ChunkRedirect } from './align-chunk-ids.js';
import { compareChunkIds } from './compare-chunk-ids.js';
import { parseChunkId } from './parse-chunk-id.js';

/** Problems the seed's "60-second validator" finds, keyed on stable codes. */
export type ChunkIdIssue =
  | { code: 'malformed_id'; index: number; id: string; reason: string; message: string }
  | {
      code: 'mixed_lineage';
      index: number;
      id: string;
      expected: string;
      received: string;
      message: string;
    }
  | { code: 'duplicate_id'; id: string; indices: number[]; message: string }
  | { code: 'order_mismatch'; index: number; id: string; previous_id: string; message: string }
  | {
      code: 'unstable_reingest';
      index: number | null;
      expected: string | null;
      received: string | null;
      message: string;
    };

type ChunkIdIssueCode = ChunkIdIssue['code'];

export type ChunkIdValidationResult = { ok: true } | { ok: false; issues: ChunkIdIssue[] };

export interface ValidateChunkIdsInput {
  /** One document version's chunk IDs in reading order (chunk_index order). */
  ids: readonly string[];
  /** The same source ingested again against `ids` as the previous version. */
  reingest?: {
    ids: readonly string[];
    change?: ChangeKind;
    redirects?: readonly ChunkRedirect[];
  };
  /** Issues of one code reported at most this many times (default 20); the rest are counted in the last. */
  max_issues_per_code?: number;
}

/**
 * The seed's validator over a whole document rather than a 20-chunk
 * sample: IDs parse and share one `doc_uid|r=`, are unique, sort byte-wise
 * in reading order (across sections and pages, not only within one), and a
 * re-ingest of the same source changes nothing (same IDs, change `none`,
 * no redirects). Never throws.
 */
export function validateChunkIds(input: ValidateChunkIdsInput): ChunkIdValidationResult {
  const limit = input.max_issues_per_code ?? 20;
  const issues: ChunkIdIssue[] = [];
  const counts = new Map<ChunkIdIssueCode, number>();
  const report = (issue: ChunkIdIssue): void => {
    const count = (counts.get(issue.code) ?? 0) + 1;
    counts.set(issue.code, count);
    if (count <= limit) issues.push(issue);
  };

  const { ids } = input;
  let lineage: string | null = null;
  const seen = new Map<string, number[]>();
  for (const [index, id] of ids.entries()) {
    const indices = seen.get(id);
    if (indices) indices.push(index);
    else seen.set(id, [index]);
    try {
      const parts = parseChunkId(id);
      const key = `${parts.doc_uid}|r=${parts.rev}`;
      if (lineage === null) lineage = key;
      else if (key !== lineage) {
        report({
          code: 'mixed_lineage',
          index,
          id,
          expected: lineage,
          received: key,
          message: `Chunk ${index} (${id}) is in ${key}, the document's first chunk in ${lineage}`,
        });
      }
    } catch (error) {
      const reason = isCairnError(error) ? error.message : String(error);
      report({ code: 'malformed_id', index, id, reason, message: `Chunk ${index}: ${reason}` });
    }
    const previousId = ids[index - 1];
    if (
      typeof id === 'string' &&
      typeof previousId === 'string' &&
      compareChunkIds(previousId, id) > 0
    ) {
      report({
        code: 'order_mismatch',
        index,
        id,
        previous_id: previousId,
        message: `Chunk ${index} (${id}) sorts before chunk ${index - 1} (${previousId}), which it follows in reading order`,
      });
    }
  }
  for (const [id, indices] of seen) {
    if (indices.length > 1) {
      report({
        code: 'duplicate_id',
        id,
        indices,
        message: `${indices.length} chunks share the ID ${id} (chunks ${indices.join(', ')})`,
      });
    }
  }

  if (input.reingest) checkReingest(ids, input.reingest, report);

  for (const [code, count] of counts) {
    if (count > limit) {
      const last = [...issues].reverse().find((issue) => issue.code === code)!;
      last.message += ` (and ${count - limit} more ${code} issues)`;
    }
  }
  return issues.length === 0 ? { ok: true } : { ok: false, issues };
}

function checkReingest(
  ids: readonly string[],
  reingest: NonNullable<ValidateChunkIdsInput['reingest']>,
  report: (issue: ChunkIdIssue) => void,
): void {
  if (reingest.change !== undefined && reingest.change !== 'none') {
    report({
      code: 'unstable_reingest',
      index: null,
      expected: 'none',
      received: reingest.change,
      message: `Re-ingest of the same source was classified as a ${reingest.change} change, expected none`,
    });
  }
  for (const redirect of reingest.redirects ?? []) {
    report({
      code: 'unstable_reingest',
      index: null,
      expected: redirect.from,
      received: redirect.to,
      message: `Re-ingest of the same source redirected ${redirect.from} to ${redirect.to} (${redirect.kind})`,
    });
  }
  if (reingest.ids.length !== ids.length) {
    report({
      code: 'unstable_reingest',
      index: null,
      expected: String(ids.length),
      received: String(reingest.ids.length),
      message: `Re-ingest gave ${reingest.ids.length} chunks, the first ingest ${ids.length}`,
    });
  }
  const length = Math.min(ids.length, reingest.ids.length);
  for (let index = 0; index < length; index++) {
    if (ids[index] !== reingest.ids[index]) {
      report({
        code: 'unstable_reingest',
        index,
        expected: ids[index]!,
        received: reingest.ids[index]!,
        message: `Chunk ${index} was ${ids[index]} and is ${reingest.ids[index]} after re-ingest of the same source`,
      });
    }
  }
}
