import { ANSWER_CITATION_FIELDS, QUOTE_FIELD } from '../cite/citation-contract.js';
import type { PromptHit } from './types.js';

/**
 * Seed 001's prompt contract, as the model reads it: cite first, each
 * citation's fields copied from the source, one section per segment unless
 * allowed, and `{error, fix}` instead of an answer when a field is missing.
 */
export function contractText(options: {
  allow_cross_section: boolean;
  json_shape: boolean;
}): string {
  const lines = [
    'Contract:',
    '- You must cite before you explain.',
    `- Each citation item = {${ANSWER_CITATION_FIELDS.join(', ')}, ${QUOTE_FIELD}}: copy the first five exactly from the header of the source you cite; "${QUOTE_FIELD}" is the exact words of that source your answer relies on, character for character, at least a few words.`,
    `- All citations in one segment must share the same section_id unless I set allow_cross_section=true. allow_cross_section=${options.allow_cross_section}.`,
    '- Use only the sources below. If they do not answer the question, say so in the answer and cite nothing you did not use.',
    '- If any field is missing or inconsistent, stop and return {"error": "<field>", "fix": "<page to open>"}.',
  ];
  if (options.json_shape)
    lines.push(
      '',
      'Return JSON only, no text before or after it:',
      '{"citations": [{"snippet_id": "...", "section_id": "...", "source_url": "...", "offsets": {"start": 0, "end": 0, "unit": "char"}, "tokens": 0, "quote": "..."}], "answer": "...", "ΔS": 0.xx, "λ": "<state>"}',
      'An answer in several segments, each citing one section: {"segments": [{"citations": [...], "text": "..."}], "ΔS": 0.xx, "λ": "<state>"}',
    );
  return lines.join('\n');
}

/**
 * The sources as the model sees them in a text prompt: a header line with
 * the citation fields to copy, then the chunk's text, between markers that
 * number it.
 */
export function sourcesText(hits: readonly PromptHit[]): string {
  return hits
    .map((hit, index) => {
      const header = JSON.stringify({
        snippet_id: hit.snippet_id,
        section_id: hit.section_id,
        source_url: hit.source_url,
        offsets: hit.offsets,
        tokens: hit.tokens,
      });
      return `<source index="${index}">\n${header}\n${hit.text}\n</source>`;
    })
    .join('\n\n');
}
