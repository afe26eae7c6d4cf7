import { legibleSections } from '../../pipeline/legible-section.js';
import type { ChunkStore } from '../../store/types.js';
import { createCiteLookups } from '../cite-lookups.js';
import { checkClaims } from '../claims/check-claims.js';
import { readAnswerShape } from '../shapes/read-answer-shape.js';
import { type AuditEntry, auditCitations } from './audit-citations.js';
import { checkAuditLimits } from './audit-limits.js';
import { summarizeAudit } from './summarize-audit.js';
import type { AuditOptions, AuditReport } from './types.js';

/**
 * Audits an LLM's answer, in any shape `readAnswerShape` reads (cairn's
 * auditable answer among them), against the store: each citation as
 * `auditCitations` checks it, each passage's section named as search hits
 * name it, then the answer's claims judged against the passages
 * (`checkClaims`). One report, citations in answer order. Reads only.
 * Throws `malformed_json` and `unknown_answer_shape` for an answer it
 * cannot read, `input_too_large` past 10 MiB or `AUDIT_LIMITS` (citations,
 * quote lengths), and what the store throws.
 */
export async function auditAnswer(
  store: ChunkStore,
  answer: string,
  options: AuditOptions = {},
): Promise<AuditReport> {
  const read = readAnswerShape(answer, {
    ...(options.format === undefined ? {} : { format: options.format }),
    request: options.request ?? null,
  });
  // each citation costs store reads and a quote search: past the bounds the answer is refused whole
  checkAuditLimits(read.citations);
  const entries = await auditCitations(createCiteLookups(store), read.citations, {
    ...(options.chunker === undefined ? {} : { chunker: options.chunker }),
    ...(options.search_corpus === undefined ? {} : { search_corpus: options.search_corpus }),
  });
  await nameSections(store, entries);
  const citations = entries.map((e) => e.citation);
  const summary = summarizeAudit(citations);
  const claims = checkClaims(
    read.text,
    citations,
    options.question === undefined ? {} : { question: options.question },
  );
  return {
    format: read.format,
    schema: read.schema,
    ok: citations.length > 0 && summary.verified === citations.length,
    answer_text: read.text,
    citations,
    summary,
    claims: claims.claims,
    claim_summary: claims.summary,
  };
}

/** Each passage's section as search hits name it (a legal citation, a heading-slug path): one store read per version. */
async function nameSections(store: ChunkStore, entries: readonly AuditEntry[]): Promise<void> {
  const named = entries.filter((e) => e.citation.passage !== null && e.passage_row !== null);
  const legible = await legibleSections(
    store,
    named.map((e) => e.passage_row!),
  );
  for (const [i, e] of named.entries()) {
    const passage = e.citation.passage!;
    passage.section_id = legible[i]!.section_id;
    passage.section_label = legible[i]!.section_label;
  }
}
