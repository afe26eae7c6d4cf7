import { randomBytes } from 'node:crypto';
import type { ChunkStore } from '../store/types.js';
import { traceLogPath } from '../trace/trace-log-path.js';
import { writeTrace } from '../trace/write-trace.js';
import { segmentTraceResult } from './segment-trace-result.js';
import type { AnswerTrace, AnswerVerificationResult, TraceAnswerOptions } from './types.js';

/** Segments of one answer traced at most; the rest are checked and answered, not traced. */
export const MAX_TRACED_SEGMENTS = 100;

/**
 * Records a verified answer as seed 001 asks: one `rag_traces` row and one
 * trace log line per question and segment, all under the answer's qid with
 * their `seg`, as a search records its hits, up to `MAX_TRACED_SEGMENTS`
 * segments. A store opened read-only is
 * checked against, not written to: it gets no trace. Throws what the store
 * throws, and `trace_log_unwritable`.
 */
export async function traceAnswer(
  store: ChunkStore,
  verified: AnswerVerificationResult,
  options: TraceAnswerOptions = {},
): Promise<AnswerTrace> {
  const qid = options.qid ?? `a-${randomBytes(6).toString('hex')}`;
  if (store.read_only || options.trace === false || verified.checked_segments.length === 0)
    return { qid, trace_qids: [] };
  const logPath = traceLogPath(store, options.trace_log);
  // one request may trace only so much: an answer of thousands of segments would
  // otherwise write as many rows and lines (and, at the retention, prune as many)
  for (const { segment, citations, verdicts } of verified.checked_segments.slice(
    0,
    MAX_TRACED_SEGMENTS,
  )) {
    await writeTrace(store, segmentTraceResult({ qid, citations, verdicts }), {
      k: citations.length,
      log_path: logPath,
      fields: { seg: segment + 1, ...verified.measured },
      ...(options.trace_retention === undefined ? {} : { retention: options.trace_retention }),
    });
  }
  return { qid, trace_qids: [qid] };
}
