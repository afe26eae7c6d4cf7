import { OffsetIndex } from '../load/offset-index.js';
import type { GoldCitation, GoldDocRef, GoldDocs, GoldIssue, GoldQuestion } from './gold-set.js';
import { locateQuote } from './locate-quote.js';
import { matchGoldDoc } from './match-gold-doc.js';
import { type GoldRecord, type GoldRecordKind, readGoldRecords } from './read-gold-records.js';

export interface LoadedGold<T> {
  items: T[];
  /** Every line refused, in file order; a caller measures nothing while there is one. */
  issues: GoldIssue[];
}

/**
 * A gold set's questions, each quote resolved to its span in the stored
 * canonical text of the document its `doc` names (`matchGoldDoc`). Refused,
 * each with its line: a line that is not a JSON object, a missing or
 * mistyped field, a repeated id, an unknown or ambiguous doc, a quote absent
 * from the document or found more than once, a span outside the text.
 */
export async function loadGoldQuestions(
  text: string,
  docs: GoldDocs,
): Promise<LoadedGold<GoldQuestion>> {
  const loaded = await resolveRecords(text, docs, 'questions');
  return {
    items: loaded.items.map(({ record, span }) => ({
      ...span,
      id: record.id!,
      line: record.line,
      question: record.question!,
      paraphrases: record.paraphrases!,
      section: record.section!,
      doc_label: record.doc,
    })),
    issues: loaded.issues,
  };
}

/** The citations of a gold set (JSON lines) or of a plain list `[{doc, start, end}]`, resolved and checked alike. */
export async function loadGoldCitations(
  text: string,
  docs: GoldDocs,
): Promise<LoadedGold<GoldCitation>> {
  const loaded = await resolveRecords(text, docs, 'citations');
  return { items: loaded.items.map((item) => item.span), issues: loaded.issues };
}

async function resolveRecords(
  text: string,
  docs: GoldDocs,
  kind: GoldRecordKind,
): Promise<LoadedGold<{ record: GoldRecord; span: GoldCitation }>> {
  const { records, issues } = readGoldRecords(text, kind);
  const items: { record: GoldRecord; span: GoldCitation }[] = [];
  const texts = new Map<string, { text: string; index: OffsetIndex }>();
  const textOf = async (doc: GoldDocRef) => {
    let entry = texts.get(doc.doc_uid);
    if (!entry) {
      const canonical = await docs.text(doc);
      entry = { text: canonical, index: new OffsetIndex(canonical) };
      texts.set(doc.doc_uid, entry);
    }
    return entry;
  };
  for (const record of records) {
    const resolved = await resolveOne(record, docs, textOf);
    if ('code' in resolved) issues.push(resolved);
    else items.push({ record, span: resolved });
  }
  issues.sort((a, b) => a.line - b.line);
  return { items, issues };
}

async function resolveOne(
  record: GoldRecord,
  docs: GoldDocs,
  textOf: (doc: GoldDocRef) => Promise<{ text: string; index: OffsetIndex }>,
): Promise<GoldCitation | GoldIssue> {
  const name = `${record.unit} ${record.line}`;
  const issue = (code: GoldIssue['code'], field: string, message: string): GoldIssue => ({
    code,
    line: record.line,
    unit: record.unit,
    field,
    ...(record.id === undefined ? {} : { id: record.id }),
    message: `${name}: ${message}`,
  });
  const match = matchGoldDoc(record.doc, docs.refs);
  if (match.status === 'unknown') {
    return issue(
      'unknown_doc',
      'doc',
      `no stored document is ${JSON.stringify(record.doc)} (by source path, doc_uid, or the path's tail)`,
    );
  }
  if (match.status === 'ambiguous') {
    const some = match.candidates.slice(0, 3).map((c) => c.source_url);
    return issue(
      'ambiguous_doc',
      'doc',
      `${JSON.stringify(record.doc)} is the tail of ${match.candidates.length} stored paths (${some.join(', ')}): give more of the path`,
    );
  }
  const { text, index } = await textOf(match.doc);
  if (record.quote !== undefined) {
    const where = locateQuote(text, record.quote, index);
    if (where.status === 'absent') {
      return issue(
        'quote_absent',
        'gold_quote',
        `the quote is not in ${match.doc.source_url}: ${clip(record.quote)}`,
      );
    }
    if (where.status === 'not_unique') {
      return issue(
        'quote_not_unique',
        'gold_quote',
        `the quote occurs ${where.count} times in ${match.doc.source_url} (at code points ${where.starts.join(', ')}...): lengthen it until it names one place`,
      );
    }
    return { doc: match.doc, start: where.start, end: where.end, quote: record.quote };
  }
  const { start, end } = record.span!;
  if (!(start < end && end <= index.length)) {
    return issue(
      'bad_span',
      'gold_span',
      `span [${start}, ${end}) is not within ${match.doc.source_url}, whose text is ${index.length} code points (start < end <= length)`,
    );
  }
  return { doc: match.doc, start, end, quote: index.sliceCodePoints(start, end) };
}

function clip(quote: string): string {
  return JSON.stringify(quote.length > 80 ? `${quote.slice(0, 77)}...` : quote);
}
