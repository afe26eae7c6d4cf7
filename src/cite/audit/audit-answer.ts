import { defaultChunkerRegistry } from '../../chunk/chunker-registry.js';
import { legibleSections } from '../../pipeline/legible-section.js';
import { resolveSearchChunker } from '../../search/resolve-search-chunker.js';
import type { ChunkRow, ChunkStore, VersionRow } from '../../store/types.js';
import type { StoreVerdict } from '../citation-status.js';
import { checkClaims } from '../claims/check-claims.js';
import { closestPassage } from '../quote/closest-passage.js';
import { locateQuote, type QuoteMatch } from '../quote/locate-quote.js';
import { readAnswerShape } from '../shapes/read-answer-shape.js';
import type { ReadCitation } from '../shapes/types.js';
import { verifyCitationList } from '../verify-citation-list.js';
import { checkAuditLimits } from './audit-limits.js';
import { type FoundElsewhere, findQuoteElsewhere } from './find-quote-elsewhere.js';
import { summarizeAudit } from './summarize-audit.js';
import type {
  AuditCode,
  AuditedCitation,
  AuditOptions,
  AuditPassage,
  AuditQuote,
  AuditReport,
} from './types.js';

/** What the audit reads from the store more than once, kept for the whole answer. */
interface AuditContext {
  store: ChunkStore;
  chunker: string | undefined;
  rows: Map<string, ChunkRow[]>;
  versions: Map<number, VersionRow[]>;
  docUids: Map<number, string>;
  currentVersion: Map<number, number>;
  searchChunker: string | null;
  chunks: Map<string, ChunkRow[]>;
  corpus: boolean;
  /** The rows of the passages reported, by chunk ID, for their section names. */
  passageRows: Map<string, ChunkRow>;
}

/**
 * Audits an LLM's answer, in any shape `readAnswerShape` reads, against
 * the store: each citation's chunk is checked as `verifyCitations` checks
 * a payload (resolves, revision, redirects, offsets where the shape gives
 * them), then its quoted words are located in the chunk's stored text
 * (`locateQuote`); a quote found in another chunk instead (`misplaced`)
 * makes the citation `repaired`, naming that chunk. One report, citations
 * in answer order. Reads only. Throws `malformed_json` and
 * `unknown_answer_shape` for an answer it cannot read, `input_too_large`
 * past 10 MiB or `AUDIT_LIMITS` (citations, quote lengths), and what the
 * store throws.
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
  const ctx: AuditContext = {
    store,
    chunker:
      options.chunker === undefined || options.chunker === ''
        ? undefined
        : defaultChunkerRegistry().id_of(options.chunker),
    rows: new Map(),
    versions: new Map(),
    docUids: new Map(),
    currentVersion: new Map(),
    searchChunker: null,
    chunks: new Map(),
    corpus: options.search_corpus !== false,
    passageRows: new Map(),
  };
  const checkable = read.citations.map(
    (c) => c.chunk_id !== null && c.problem?.code !== 'source_unresolved',
  );
  const cited: Record<string, unknown>[] = [];
  for (const [i, c] of read.citations.entries())
    if (checkable[i]) cited.push(await citedPayload(ctx, c));
  const verdicts = await verifyCitationList(
    store,
    cited,
    ctx.chunker === undefined ? {} : { chunker: ctx.chunker },
  );
  const citations: AuditedCitation[] = [];
  let v = 0;
  for (const [index, c] of read.citations.entries()) {
    const verdict = checkable[index] ? verdicts[v++]! : null;
    citations.push(await auditOne(ctx, c, index, verdict));
  }
  await nameSections(ctx, citations);
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

async function rowsOf(ctx: AuditContext, id: string): Promise<ChunkRow[]> {
  let rows = ctx.rows.get(id);
  if (rows === undefined) {
    rows = await ctx.store.findChunks(id, ctx.chunker);
    ctx.rows.set(id, rows);
  }
  return rows;
}

async function versionsOf(ctx: AuditContext, documentId: number): Promise<VersionRow[]> {
  let versions = ctx.versions.get(documentId);
  if (versions === undefined) {
    versions = await ctx.store.listVersions(documentId);
    ctx.versions.set(documentId, versions);
  }
  return versions;
}

async function documentOf(ctx: AuditContext, documentId: number): Promise<void> {
  if (ctx.docUids.has(documentId)) return;
  const document = await ctx.store.getDocumentById(documentId);
  ctx.docUids.set(documentId, document?.doc_uid ?? '');
  ctx.currentVersion.set(documentId, document?.current_version_id ?? -1);
}

/** The row a citation without a rev is checked against, as `verifyCitationList` picks it. */
async function pickRow(ctx: AuditContext, rows: ChunkRow[]): Promise<ChunkRow | undefined> {
  const first = rows[0];
  if (first === undefined) return undefined;
  const prefer = defaultChunkerRegistry().get('default').chunker_id;
  const chunker = rows.some((r) => r.chunker_id === prefer) ? prefer : first.chunker_id;
  const mine = rows.filter((r) => r.chunker_id === chunker);
  await documentOf(ctx, first.document_id);
  const current = ctx.currentVersion.get(first.document_id);
  return mine.find((r) => r.version_id === current) ?? mine[0];
}

/**
 * The citation as a payload for the store's checks. A shape without
 * document offsets of its own is given the chunk's: only the shapes that
 * claim offsets (cairn's) have them checked.
 */
async function citedPayload(ctx: AuditContext, c: ReadCitation): Promise<Record<string, unknown>> {
  if (c.claims_offsets || c.chunk_id === null) return c.cited;
  const row = await pickRow(ctx, await rowsOf(ctx, c.chunk_id));
  if (row === undefined) return c.cited;
  return { ...c.cited, offsets: { start: row.char_start, end: row.char_end, unit: 'char' } };
}

/** The chunk row a verdict was checked against: the cited ID in the verdict's rev. */
async function checkedRow(
  ctx: AuditContext,
  id: string,
  verdict: StoreVerdict,
): Promise<ChunkRow | undefined> {
  if (verdict.checked_rev === null) return undefined;
  const rows = await rowsOf(ctx, id);
  // one version holds the ID (the common case): its versions need not be read, which on SQLite
  // means walking the overflow pages of the canonical text stored before them in the row
  if (rows.length === 1) return rows[0];
  for (const row of rows) {
    const versions = await versionsOf(ctx, row.document_id);
    if (versions.find((x) => x.id === row.version_id)?.rev === verdict.checked_rev) return row;
  }
  return undefined;
}

async function passageOf(
  ctx: AuditContext,
  row: ChunkRow,
  rev: string | null,
): Promise<AuditPassage> {
  await documentOf(ctx, row.document_id);
  return {
    chunk_id: row.chunk_id,
    doc_id: ctx.docUids.get(row.document_id) ?? '',
    rev,
    char_start: row.char_start,
    char_end: row.char_end,
    text: row.text,
    ...unnamed(ctx, row),
  };
}

/** A passage's section fields before `nameSections` reads them for every passage at once. */
const unnamed = (
  ctx: AuditContext,
  row: ChunkRow,
): Pick<AuditPassage, 'section_id' | 'section_label' | 'heading_path'> => {
  ctx.passageRows.set(row.chunk_id, row);
  return { section_id: row.section_id, section_label: '', heading_path: row.heading_path };
};

/** Each passage's section as search hits name it (a legal citation, a heading-slug path): one store read per version. */
async function nameSections(ctx: AuditContext, citations: AuditedCitation[]): Promise<void> {
  const passages = citations.flatMap((c) => (c.passage === null ? [] : [c.passage]));
  const rows = passages.map((p) => ctx.passageRows.get(p.chunk_id));
  const known = rows.filter((r): r is ChunkRow => r !== undefined);
  const legible = await legibleSections(ctx.store, known);
  const byChunk = new Map(known.map((r, i) => [r.chunk_id, legible[i]!]));
  for (const p of passages) {
    const l = byChunk.get(p.chunk_id);
    if (l === undefined) continue;
    p.section_id = l.section_id;
    p.section_label = l.section_label;
  }
}

const located = (m: QuoteMatch): boolean =>
  m.status === 'exact' || m.status === 'normalized' || m.status === 'elided';

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
  row: ChunkRow | undefined,
): Promise<FoundElsewhere | null> {
  let chunkerId = row?.chunker_id ?? ctx.chunker ?? ctx.searchChunker;
  if (chunkerId === undefined || chunkerId === null) {
    chunkerId = await resolveSearchChunker(ctx.store, undefined);
    ctx.searchChunker = chunkerId;
  }
  const current = row === undefined ? undefined : ctx.currentVersion.get(row.document_id);
  return findQuoteElsewhere(ctx.store, quote, {
    chunker_id: chunkerId,
    ...(current === undefined || current < 0 ? {} : { version_id: current }),
    chunks_of: async (versionId, chunker) => {
      const key = `${versionId}\u0000${chunker}`;
      let chunks = ctx.chunks.get(key);
      if (chunks === undefined) {
        chunks = await ctx.store.listChunks(versionId, chunker);
        ctx.chunks.set(key, chunks);
      }
      return chunks;
    },
    // a chunk of an old version may share its ID with a live chunk of other text: that one is searched
    skip_chunk_id: row !== undefined && current === row.version_id ? row.chunk_id : null,
    ...(ctx.corpus ? {} : { corpus: false }),
  });
}

async function auditOne(
  ctx: AuditContext,
  c: ReadCitation,
  index: number,
  verdict: StoreVerdict | null,
): Promise<AuditedCitation> {
  const base = {
    index,
    kind: c.kind,
    path: c.path,
    chunk_id: c.chunk_id,
    answer_text: c.answer_text,
  };
  const row =
    verdict === null || c.chunk_id === null
      ? undefined
      : await checkedRow(ctx, c.chunk_id, verdict);
  const match = c.quote === null || row === undefined ? null : locateQuote(c.quote, row.text);
  let quote: AuditQuote | null =
    c.quote === null
      ? null
      : match === null
        ? quoteIn(c.quote, locateQuote(c.quote, ''), null)
        : quoteIn(c.quote, match, row ?? null);
  if (quote !== null && quote.status === 'not_found' && row !== undefined)
    quote.closest = closestPassage(c.quote!, row.text);
  const passage =
    row === undefined ? null : await passageOf(ctx, row, verdict?.checked_rev ?? null);
  const result = (
    status: AuditedCitation['status'],
    code: AuditCode,
    detail: string | null,
    extra: Partial<AuditedCitation> = {},
  ): AuditedCitation => ({
    ...base,
    status,
    code,
    detail,
    resolved_chunk_id: verdict?.resolved_snippet_id ?? null,
    rev: verdict?.checked_rev ?? null,
    quote,
    passage,
    ...extra,
  });
  /** A quote found in another chunk repairs a citation whose own chunk does not hold it. */
  const repair = async (why: string): Promise<AuditedCitation | null> => {
    if (c.quote === null || quote?.status === 'too_short') return null;
    const found = await elsewhere(ctx, c.quote, row);
    if (found === null) return null;
    quote = { ...quoteIn(c.quote, found.match, found.chunk), status: 'misplaced' };
    return result(
      'repaired',
      'quote_found_elsewhere',
      `${why}; the quote is in ${found.chunk.chunk_id} of ${found.doc_uid}`,
      {
        resolved_chunk_id: found.chunk.chunk_id,
        rev: found.rev,
        passage: {
          chunk_id: found.chunk.chunk_id,
          doc_id: found.doc_uid,
          rev: found.rev,
          char_start: found.chunk.char_start,
          char_end: found.chunk.char_end,
          text: found.chunk.text,
          ...unnamed(ctx, found.chunk),
        },
      },
    );
  };

  if (verdict === null) {
    const detail = c.problem?.detail ?? 'the citation names no chunk';
    return (await repair(detail)) ?? result('unverified', 'source_unresolved', detail);
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
      return (await repair(detail)) ?? result('unverified', reason as AuditCode, detail);
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
      `the quote has ${match.words} words; at least 3 are needed to verify it`,
    );
  if (located(match)) {
    const off = c.quote_offsets;
    if (off !== null && !(match.start === off.start && match.end === off.end)) {
      const at = located(locateQuote(c.quote, [...row!.text].slice(off.start, off.end).join('')));
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
  return (await repair(detail)) ?? result('unverified', 'quote_not_found', detail);
}
