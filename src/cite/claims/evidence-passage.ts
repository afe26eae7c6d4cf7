import { advanceCodePoints } from '../../chunk/text-scan.js';
import { codePointsBetween } from '../../load/surrogates.js';
import type { AuditedCitation } from '../audit/types.js';
import { sentenceSpans } from './sentence-spans.js';
import type { EvidencePassage } from './types.js';

const LOCATED = new Set(['exact', 'normalized', 'elided', 'misplaced']);

/**
 * The stored text a citation points at, as narrow as it allows: where its
 * quote was located, the sentences of the chunk that the quote touches
 * (a quote cut mid-sentence is read with its whole sentence); otherwise
 * the whole chunk. Null when the citation reached no stored chunk.
 */
export function evidencePassage(citation: AuditedCitation): EvidencePassage | null {
  const passage = citation.passage;
  if (passage === null) return null;
  // a legal citation reads best; a path of heading slugs less well than the titles it stands for
  const label =
    passage.section_id?.includes(' ') === true
      ? passage.section_id
      : passage.section_label || passage.chunk_id;
  const context = [passage.section_id ?? '', passage.section_label, ...passage.heading_path].join(
    '\n',
  );
  const quote = citation.quote;
  const whole: EvidencePassage = {
    citation: citation.index,
    chunk_id: passage.chunk_id,
    label,
    text: passage.text,
    doc_start: passage.char_start,
    wider: passage.text,
    context,
    focus16: null,
  };
  if (quote === null || !LOCATED.has(quote.status) || quote.start === null || quote.end === null)
    return whole;
  const length = passage.text.length;
  const start16 = advanceCodePoints(passage.text, 0, quote.start, length);
  const q16 = {
    start16,
    end16: advanceCodePoints(passage.text, start16, quote.end - quote.start, length),
  };
  const touched = sentenceSpans(passage.text).filter(
    (s) => s.end16 > q16.start16 && s.start16 < q16.end16,
  );
  if (touched.length === 0) return whole;
  const from = Math.min(touched[0]!.start16, q16.start16);
  const to = Math.max(touched[touched.length - 1]!.end16, q16.end16);
  return {
    ...whole,
    text: passage.text.slice(from, to),
    doc_start: passage.char_start + codePointsBetween(passage.text, 0, from),
    focus16: { start16: q16.start16 - from, end16: q16.end16 - from },
  };
}
