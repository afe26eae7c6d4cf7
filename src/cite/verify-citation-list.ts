import { type AuditEntry, auditCitations } from './audit/audit-citations.js';
import { unverifiedVerdict } from './check-cited-chunks.js';
import type { StoreVerdict } from './citation-status.js';
import type { CiteLookups } from './cite-lookups.js';
import { readCairnCitation } from './shapes/read-cairn.js';
import type { CitationLookupOptions } from './types.js';

/**
 * Each citation of a cairn list audited as `auditAnswer` audits cairn's
 * answers (`auditCitations`: its chunk against the store, then its quote
 * located in the chunk's text), as the store's verdict on it, in order.
 * A quote is not searched for elsewhere: a citation is backed by its own
 * chunk or not at all. Throws only what the store throws, and
 * `invalid_option` when an ID belongs to several chunkers and none was
 * chosen.
 */
export async function verifyCitationList(
  lookups: CiteLookups,
  citations: readonly unknown[],
  options: CitationLookupOptions = {},
): Promise<StoreVerdict[]> {
  const read = citations.map((c) => readCairnCitation(c, '', null));
  const entries = await auditCitations(lookups, read, { ...options, search_elsewhere: false });
  return entries.map(verdictOf);
}

/** The store's verdict, unless the audit found the quote wanting in the chunk it backs. */
function verdictOf({ citation, verdict }: AuditEntry): StoreVerdict {
  if (verdict === null)
    return unverifiedVerdict('snippet_not_found', 'the citation has no snippet_id');
  if (verdict.status === 'unverified' || citation.status !== 'unverified') return verdict;
  const reason = citation.code === 'quote_too_short' ? 'quote_too_short' : 'quote_not_found';
  const { hops, checked_rev } = verdict;
  return unverifiedVerdict(reason, citation.detail ?? reason, { hops, checked_rev });
}
