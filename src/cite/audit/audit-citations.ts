import { defaultChunkerRegistry } from '../../chunk/chunker-registry.js';
import type { ChunkRow } from '../../store/types.js';
import { type CitedChunk, checkCitedChunks } from '../check-cited-chunks.js';
import type { StoreVerdict } from '../citation-status.js';
import type { CiteLookups } from '../cite-lookups.js';
import { closestPassage } from '../quote/closest-passage.js';
import { isLocated, locateQuote, MIN_QUOTE_WORDS, type QuoteMatch } from '../quote/locate-quote.js';
import type { ReadCitation } from '../shapes/types.js';
import type { CitationLookupOptions } from '../types.js';
import { AUDIT_LIMITS } from './audit-limits.js';
import {
  type FoundElsewhere,
  findQuoteElsewhere,
  STORE_SEARCH_SPENT,
} from './find-quote-elsewhere.js';
import type { AuditCode, AuditedCitation, AuditPassage, AuditQuote } from './types.js';

export interface AuditCitationsOptions extends CitationLookupOptions {
  /**
   * Look for a quote the cited chunk lacks in other chunks (default true): the cited document's,
   * then, unless `search_corpus` is false, the whole store's through the lexical index.
   */
  search_elsewhere?: boolean;
  search_corpus?: boolean;
}

/** One citation audited, with the store's verdict on its chunk and the row of its passage. */
export interface AuditEntry {
  citation: AuditedCitation;
  /** Null when the citation names no chunk the store could be asked about. */
  verdict: StoreVerdict | null;
  passage_row: ChunkRow | null;
}

/** What auditing one answer's citations reads once: its lookups and the chunker asked for. */
interface AuditContext {
  lookups: CiteLookups;
  chunker: string | undefined;
  options: AuditCitationsOptions;
  /** Store-wide searches this audit may still run (`AUDIT_LIMITS.max_store_searches`). */
  storeSearches: number;
}

/**
 * The audit of read citations, in order: each chunk checked against the
 * store (`checkCitedChunks`: resolves, revision, redirects, offsets where
 * the shape claims them), then its quoted words located in the chunk's
 * stored text (`locateQuote`); a quote found in another chunk instead
 * (`misplaced`) makes the citation `repaired`, naming that chunk. Every
 * answer check runs through here: `auditAnswer` for any shape, and the
 * store verdicts of cairn's own answers and citation payloads. Reads
 * only; throws what the store throws.
 */
export async function auditCitations(
  lookups: CiteLookups,
  read: readonly ReadCitation[],
  options: AuditCitationsOptions = {},
): Promise<AuditEntry[]> {
  const { chunker: name, ...lookup } = options;
  const chunker =
    name === undefined || name === '' ? undefined : defaultChunkerRegistry().id_of(name);
  const ctx: AuditContext = {
    lookups,
    chunker,
    options,
    storeSearches: AUDIT_LIMITS.max_store_searches,
  };
  const checkable = read.map((c) => c.chunk_id !== null && c.problem?.code !== 'source_unresolved');
  const checked = await checkCitedChunks(
    lookups,
    read.filter((_, i) => checkable[i]),
    { ...lookup, ...(chunker === undefined ? {} : { chunker }) },
  );
  const entries: AuditEntry[] = [];
  let v = 0;
  for (const [index, c] of read.entries())
    entries.push(await auditOne(ctx, c, index, checkable[index] ? checked[v++]! : null));
  return entries;
}

async function passageOf(
  ctx: AuditContext,
  row: ChunkRow,
  rev: string | null,
): Promise<AuditPassage> {
  return {
    chunk_id: row.chunk_id,
    doc_id: (await ctx.lookups.document(row.document_id))?.doc_uid ?? '',
    rev,
    char_start: row.char_start,
    char_end: row.char_end,
    text: row.text,
    ...unnamed(row),
  };
}

/** A passage's section fields before `auditAnswer` names every passage's section at once. */
const unnamed = (
  row: ChunkRow,
): Pick<AuditPassage, 'section_id' | 'section_label' | 'heading_path'> => ({
  section_id: row.section_id,
  section_label: '',
  heading_path: row.heading_path,
});

function quoteIn(text: string, m: QuoteMatch, row: ChunkRow | null): AuditQuote {
  const offset = row?.char_start ?? null;
  return {
    status: m.status,
    text,
    chunk_id: row?.chunk_id ?? null,
    start: m.start,
    end: m.end,
    doc_start: m.start === null || offset === null ? null : offset + m.start,
    doc_end: m.end === null || offset === null ? null : offset + m.end,
    normalized: m.normalized,
    fragments: m.fragments,
    words: m.words,
    detail: m.detail,
    closest: null,
  };
}

async function elsewhere(
  ctx: AuditContext,
  quote: string,
  row: ChunkRow | null,
): Promise<FoundElsewhere | typeof STORE_SEARCH_SPENT | null> {
  const { lookups } = ctx;
  const chunkerId = row?.chunker_id ?? ctx.chunker ?? (await lookups.searchChunker());
  const current =
    row === null ? undefined : (await lookups.document(row.document_id))?.current_version_id;
  return findQuoteElsewhere(lookups.store, quote, {
    chunker_id: chunkerId,
    ...(current === undefined ? {} : { version_id: current }),
    chunks_of: lookups.versionChunks,
    // a chunk of an old version may share its ID with a live chunk of other text: that one is searched
    skip_chunk_id: row !== null && current === row.version_id ? row.chunk_id : null,
    ...(ctx.options.search_corpus === false ? { corpus: false } : {}),
    may_search_store: () => ctx.storeSearches-- > 0,
  });
}

async function auditOne(
  ctx: AuditContext,
  c: ReadCitation,
  index: number,
  checked: CitedChunk | null,
): Promise<AuditEntry> {
  const verdict = checked?.verdict ?? null;
  const row = c.chunk_id === null ? null : (checked?.row ?? null);
  const base = {
    index,
    kind: c.kind,
    path: c.path,
    chunk_id: c.chunk_id,
    answer_text: c.answer_text,
  };
  const match = c.quote === null || row === null ? null : locateQuote(c.quote, row.text);
  let quote: AuditQuote | null =
    c.quote === null
      ? null
      : match === null
        ? quoteIn(c.quote, locateQuote(c.quote, ''), null)
        : quoteIn(c.quote, match, row);
  if (quote !== null && quote.status === 'not_found' && row !== null)
    quote.closest = closestPassage(c.quote!, row.text);
  const passage = row === null ? null : await passageOf(ctx, row, verdict?.checked_rev ?? null);
  const entry = (citation: AuditedCitation, passageRow = row): AuditEntry => ({
    citation,
    verdict,
    passage_row: passageRow,
  });
  const result = (
    status: AuditedCitation['status'],
    code: AuditCode,
    detail: string | null,
  ): AuditEntry =>
    entry({
      ...base,
      status,
      code,
      detail,
      resolved_chunk_id: verdict?.resolved_snippet_id ?? null,
      rev: verdict?.checked_rev ?? null,
      quote,
      passage,
    });
  let spent = false;
  /** Why the store was not searched, said after why the citation needed it. */
  const unsearched = (detail: string) =>
    spent
      ? `${detail}; the store was not searched for it: this audit's ${AUDIT_LIMITS.max_store_searches} store-wide searches are spent`
      : detail;
  /** A quote found in another chunk repairs a citation whose own chunk does not hold it. */
  const repair = async (why: string): Promise<AuditEntry | null> => {
    if (c.quote === null || quote?.status === 'too_short') return null;
    if (ctx.options.search_elsewhere === false) return null;
    const found = await elsewhere(ctx, c.quote, row);
    if (found === STORE_SEARCH_SPENT) {
      spent = true;
      return null;
    }
    if (found === null) return null;
    quote = { ...quoteIn(c.quote, found.match, found.chunk), status: 'misplaced' };
    return entry(
      {
        ...base,
        status: 'repaired',
        code: 'quote_found_elsewhere',
        detail: `${why}; the quote is in ${found.chunk.chunk_id} of ${found.doc_uid}`,
        resolved_chunk_id: found.chunk.chunk_id,
        rev: found.rev,
        quote,
        passage: {
          chunk_id: found.chunk.chunk_id,
          doc_id: found.doc_uid,
          rev: found.rev,
          char_start: found.chunk.char_start,
          char_end: found.chunk.char_end,
          text: found.chunk.text,
          ...unnamed(found.chunk),
        },
      },
      found.chunk,
    );
  };

  if (verdict === null) {
    const detail = c.problem?.detail ?? 'the citation names no chunk';
    return (await repair(detail)) ?? result('unverified', 'source_unresolved', unsearched(detail));
  }
  if (c.problem !== null) return result('unverified', c.problem.code, c.problem.detail);
  if (verdict.status === 'unverified') {
    const reason = verdict.reason!;
    const detail = verdict.detail ?? reason;
    if (
      reason === 'snippet_not_found' ||
      reason === 'snippet_deleted' ||
      reason === 'rev_not_current'
    )
      return (
        (await repair(detail)) ?? result('unverified', reason as AuditCode, unsearched(detail))
      );
    return result('unverified', reason as AuditCode, detail);
  }
  const redirected = verdict.status === 'redirected';
  const ok = (code: AuditCode, detail: string | null) =>
    result(
      redirected ? 'repaired' : 'verified',
      redirected ? 'redirected' : code,
      redirected ? verdict.detail : detail,
    );
  if (c.quote === null || match === null) return ok('chunk_verified', null);
  if (match.status === 'too_short')
    return result(
      'unverified',
      'quote_too_short',
      `the quote has ${match.words} words; at least ${MIN_QUOTE_WORDS} are needed to verify it`,
    );
  if (isLocated(match)) {
    const off = c.quote_offsets;
    if (off !== null && !(match.start === off.start && match.end === off.end)) {
      const at = isLocated(locateQuote(c.quote, [...row!.text].slice(off.start, off.end).join('')));
      if (!at)
        return result(
          'unverified',
          'offsets_mismatch',
          `[${off.start}, ${off.end}) of the chunk's text does not hold the cited text; it is at [${match.start}, ${match.end})`,
        );
    }
    return ok('quote_verified', null);
  }
  const detail =
    match.detail === 'elision_gap_too_wide'
      ? `the quote's fragments are farther apart than the elision limit in ${c.chunk_id}`
      : `the quote is not in the text of ${c.chunk_id}`;
  return (await repair(detail)) ?? result('unverified', 'quote_not_found', unsearched(detail));
}
