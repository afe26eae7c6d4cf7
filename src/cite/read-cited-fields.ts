import { QUOTE_FIELD } from './citation-contract.js';

/** What the checks read of one citation; anything else in it is ignored here. */
export interface CitedFields {
  snippet_id: string | null;
  index_hash: string | null;
  analyzer: string | null;
  embed_model: string | null;
  doc_id: string | null;
  source_url: string | null;
  section_id: string | null;
  rev: string | null;
  start: number | null;
  end: number | null;
  quote: string | null;
}

/** The fields the store checks read; a field of the wrong type reads as absent (the payload rules report it). */
export function readCitedFields(citation: unknown): CitedFields {
  const fields: CitedFields = {
    snippet_id: null,
    index_hash: null,
    analyzer: null,
    embed_model: null,
    doc_id: null,
    source_url: null,
    section_id: null,
    rev: null,
    start: null,
    end: null,
    quote: null,
  };
  if (typeof citation !== 'object' || citation === null || Array.isArray(citation)) return fields;
  const own = (object: object, key: string): unknown =>
    Object.hasOwn(object, key) ? (object as Record<string, unknown>)[key] : undefined;
  const text = (key: string): string | null => {
    const v = own(citation, key);
    return typeof v === 'string' && v !== '' ? v : null;
  };
  fields.snippet_id = text('snippet_id');
  fields.index_hash = text('index_hash');
  fields.analyzer = text('analyzer');
  fields.embed_model = text('embed_model');
  fields.doc_id = text('doc_id');
  fields.source_url = text('source_url');
  const section = own(citation, 'section_id');
  fields.section_id = typeof section === 'string' ? section : null;
  fields.rev = text('rev');
  fields.quote = text(QUOTE_FIELD);
  const offsets = own(citation, 'offsets');
  if (typeof offsets === 'object' && offsets !== null) {
    const start = own(offsets, 'start');
    const end = own(offsets, 'end');
    if (Number.isSafeInteger(start) && Number.isSafeInteger(end)) {
      fields.start = start as number;
      fields.end = end as number;
    }
  }
  return fields;
}
