import { sentencePieces } from '../cite/claims/sentence-spans.js';
import { CairnError } from '../errors.js';
import { strictAnswerSchema } from './answer-json-schema.js';
import { contractText, sourcesText } from './contract-text.js';
import { isPromptStyle, PROMPT_STYLES, PROMPT_TARGETS, type PromptStyle } from './prompt-styles.js';
import type { BuildPromptOptions, PromptHit, PromptRequest, PromptSource } from './types.js';

const DEFAULT_MAX_TOKENS = 1024;

/** Said beside the sources (Claude, Cohere): the API does the citing, this keeps it to them. */
const GROUNDED_SYSTEM =
  'Answer the question from the provided sources only, citing them for every claim. If they do not answer it, say so.';

/**
 * The request body that asks a model to answer `question` from `hits` in a
 * shape `cairn audit` checks, one per style:
 *
 * - `anthropic-search-results`: Messages API `search_result` blocks, one per
 *   hit, `source` = the chunk ID and `citations.enabled`, so each citation
 *   comes back as a `search_result_location` naming the chunk; the hit's
 *   text as one content block per sentence, so its block range says which;
 * - `anthropic-documents`: one plain-text `document` block per hit, its
 *   `title` the chunk ID and its `context` the citation fields as JSON, so a
 *   `char_location` citation's `document_title` names the chunk and its
 *   character indices count within the chunk's text;
 * - `openai-json-schema`: Chat Completions with the contract and the sources
 *   as text and `response_format` the auditable answer's strict JSON Schema;
 * - `cohere-documents`: Cohere v2 chat with one document per hit, its `id`
 *   the chunk ID and its `data` the text and title, so each citation's
 *   source names the chunk and its `text` is the grounded answer segment;
 * - `plain`: seed 001's contract and the sources as one text, `{ prompt }`.
 *
 * Pure: no store, no network (the schema file ships with the package).
 * Throws `empty_query` for a blank question, `no_hits` for no hits,
 * `invalid_option` for an unknown style or a bad model or max_tokens.
 */
export function buildPrompt(
  hits: readonly PromptHit[],
  question: string,
  options: BuildPromptOptions,
): PromptRequest {
  const { style, model, max_tokens: maxTokens } = checkPromptOptions(options);
  if (typeof question !== 'string' || question.trim() === '')
    throw new CairnError('empty_query', 'The question is empty');
  if (hits.length === 0)
    throw new CairnError(
      'no_hits',
      'No sources to answer from: the search found nothing for the question',
    );
  const target = PROMPT_TARGETS[style];
  const allowCross = options.allow_cross_section === true;
  const sources = hits.map(toSource);
  const body = ((): Record<string, unknown> => {
    switch (style) {
      case 'anthropic-search-results':
        return anthropicBody(model as string, maxTokens, [
          ...hits.map(searchResultBlock),
          { type: 'text', text: question },
        ]);
      case 'anthropic-documents':
        return anthropicBody(model as string, maxTokens, [
          ...hits.map(documentBlock),
          { type: 'text', text: question },
        ]);
      case 'openai-json-schema':
        return {
          model,
          messages: [
            {
              role: 'system',
              content: contractText({ allow_cross_section: allowCross, json_shape: false }),
            },
            { role: 'user', content: `Sources:\n\n${sourcesText(hits)}\n\nQuestion: ${question}` },
          ],
          response_format: {
            type: 'json_schema',
            json_schema: {
              name: 'auditable_answer',
              description: 'An answer whose citations cairn audits against the stored text.',
              strict: true,
              schema: strictAnswerSchema(),
            },
          },
          ...(options.max_tokens === undefined ? {} : { max_completion_tokens: maxTokens }),
        };
      case 'cohere-documents':
        return {
          model,
          messages: [
            { role: 'system', content: GROUNDED_SYSTEM },
            { role: 'user', content: question },
          ],
          documents: hits.map(cohereDocument),
          ...(options.max_tokens === undefined ? {} : { max_tokens: maxTokens }),
        };
      case 'plain':
        return {
          prompt: `${contractText({ allow_cross_section: allowCross, json_shape: true })}\n\nSources:\n\n${sourcesText(hits)}\n\nQuestion: ${question}`,
        };
    }
  })();
  return { style, target, body, sources };
}

/**
 * The options with their defaults, checked: an unknown style, a blank model
 * or a max_tokens that is not a whole number from 1 is `invalid_option`.
 * The CLI checks them before it searches.
 */
export function checkPromptOptions(options: BuildPromptOptions): {
  style: PromptStyle;
  model: string | null;
  max_tokens: number;
} {
  const style = options.style;
  if (!isPromptStyle(style))
    throw new CairnError(
      'invalid_option',
      `Unknown prompt style ${JSON.stringify(style)}: expected one of ${PROMPT_STYLES.join(', ')}`,
      { details: { expected: [...PROMPT_STYLES], received: String(style) } },
    );
  const model = options.model ?? PROMPT_TARGETS[style].default_model;
  if (model !== null && (typeof model !== 'string' || model.trim() === ''))
    throw new CairnError('invalid_option', 'The model must be a non-empty string');
  const maxTokens = options.max_tokens ?? DEFAULT_MAX_TOKENS;
  if (!Number.isSafeInteger(maxTokens) || maxTokens < 1)
    throw new CairnError(
      'invalid_option',
      `max_tokens must be a whole number from 1, got ${String(options.max_tokens)}`,
    );
  return { style, model, max_tokens: maxTokens };
}

function anthropicBody(
  model: string,
  maxTokens: number,
  content: Record<string, unknown>[],
): Record<string, unknown> {
  return {
    model,
    max_tokens: maxTokens,
    system: GROUNDED_SYSTEM,
    messages: [{ role: 'user', content }],
  };
}

/**
 * A hit as a search result: the chunk ID is its source, so citations name
 * the chunk; its text as one block per sentence (exact slices that join to
 * the chunk's text), so a citation's block range names the sentences used.
 */
function searchResultBlock(hit: PromptHit): Record<string, unknown> {
  return {
    type: 'search_result',
    source: hit.snippet_id,
    title: titleOf(hit),
    content: sentencePieces(hit.text).map((text) => ({ type: 'text', text })),
    citations: { enabled: true },
  };
}

/** A hit as a plain-text document titled with its chunk ID; the rest of its citation in `context`. */
function documentBlock(hit: PromptHit): Record<string, unknown> {
  return {
    type: 'document',
    source: { type: 'text', media_type: 'text/plain', data: hit.text },
    title: hit.snippet_id,
    context: JSON.stringify({ ...citationFields(hit), heading_path: hit.heading_path }),
    citations: { enabled: true },
  };
}

/** A hit as a Cohere document: the id it is cited by is the chunk ID. */
function cohereDocument(hit: PromptHit): Record<string, unknown> {
  return { id: hit.snippet_id, data: { title: titleOf(hit), text: hit.text } };
}

/** What a reader would call the hit: its headings, else its source and section. */
function titleOf(hit: PromptHit): string {
  return hit.heading_path.length > 0
    ? hit.heading_path.join(' > ')
    : `${hit.source_url} §${hit.section_id}`;
}

function toSource(hit: PromptHit, index: number): PromptSource {
  return { index, ...citationFields(hit) };
}

/** The citation fields a model copies back: every prompt style names the same ones. */
function citationFields(hit: PromptHit): Omit<PromptSource, 'index'> {
  return {
    snippet_id: hit.snippet_id,
    doc_id: hit.doc_id,
    section_id: hit.section_id,
    source_url: hit.source_url,
    offsets: hit.offsets,
    rev: hit.rev,
  };
}
