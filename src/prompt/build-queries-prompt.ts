import { CairnError } from '../errors.js';
import { PROMPT_TARGETS, type PromptTarget } from './prompt-styles.js';
import type { StoreOutline } from './read-store-outline.js';

/** The providers a search-queries request is written for. */
export const QUERIES_PROVIDERS = ['anthropic', 'openai', 'plain'] as const;
export type QueriesProvider = (typeof QUERIES_PROVIDERS)[number];

export interface QueriesPromptOptions {
  provider: QueriesProvider;
  /** The model the body names (default: the provider's, as `PROMPT_TARGETS` give it). */
  model?: string;
  /** Anthropic's required `max_tokens`, OpenAI's `max_completion_tokens` (default 512). */
  max_tokens?: number;
}

export interface QueriesPromptRequest {
  target: PromptTarget;
  /** The request body to send as is (`plain`: `{ prompt }`, the text to paste into a chat). */
  body: Record<string, unknown>;
}

const DEFAULT_MAX_TOKENS = 512;

const INSTRUCTIONS = [
  'You write search queries for a lexical (BM25) search engine over the documents outlined below.',
  'Rewrite the question into 3 to 5 search queries that use the words these documents themselves would use:',
  'their terms of art, defined terms and section vocabulary, not the words of the question.',
  'Each query looks for the passage that answers the question; make them differ, each a few words to one line.',
  'Reply with a JSON array of strings and nothing else, for example: ["first query", "second query", "third query"]',
].join('\n');

/**
 * The request body that asks the user's model for 3 to 5 search queries
 * for `question` in the vocabulary of the documents `outline` names
 * (`readStoreOutline`), replied as a JSON array of strings that
 * `readSearchQueries` reads back from the provider's response. Anthropic
 * Messages, OpenAI Chat Completions (no response_format: structured
 * output must be an object, and an array is what every reader passes
 * through as text), or `plain` text. Pure; cairn sends nothing.
 */
export function buildQueriesPrompt(
  question: string,
  outline: StoreOutline,
  options: QueriesPromptOptions,
): QueriesPromptRequest {
  if (typeof question !== 'string' || question.trim() === '')
    throw new CairnError('empty_query', 'The question is empty');
  const provider = options.provider;
  if (!(QUERIES_PROVIDERS as readonly string[]).includes(provider))
    throw new CairnError(
      'invalid_option',
      `Unknown provider ${JSON.stringify(provider)}: expected one of ${QUERIES_PROVIDERS.join(', ')}`,
    );
  const maxTokens = options.max_tokens ?? DEFAULT_MAX_TOKENS;
  if (!Number.isSafeInteger(maxTokens) || maxTokens < 1)
    throw new CairnError(
      'invalid_option',
      `max_tokens must be a whole number from 1, got ${String(maxTokens)}`,
    );
  const target =
    PROMPT_TARGETS[
      provider === 'anthropic'
        ? 'anthropic-documents'
        : provider === 'openai'
          ? 'openai-json-schema'
          : 'plain'
    ];
  const model = options.model ?? target.default_model;
  if (model !== null && (typeof model !== 'string' || model.trim() === ''))
    throw new CairnError('invalid_option', 'The model must be a non-empty string');
  const user = `Documents:\n${outlineText(outline)}\n\nQuestion: ${question}`;
  const body: Record<string, unknown> =
    provider === 'anthropic'
      ? {
          model,
          max_tokens: maxTokens,
          system: INSTRUCTIONS,
          messages: [{ role: 'user', content: [{ type: 'text', text: user }] }],
        }
      : provider === 'openai'
        ? {
            model,
            messages: [
              { role: 'system', content: INSTRUCTIONS },
              { role: 'user', content: user },
            ],
            max_completion_tokens: maxTokens,
          }
        : { prompt: `${INSTRUCTIONS}\n\n${user}` };
  return { target, body };
}

/** The outline as the model reads it: a document per line, its section titles after it. */
function outlineText(outline: StoreOutline): string {
  const lines = outline.documents.map((d) =>
    d.sections.length === 0 ? `- ${d.title}` : `- ${d.title}: ${d.sections.join('; ')}`,
  );
  if (outline.truncated) lines.push('- (and more)');
  return lines.length === 0 ? '- (the store holds no documents)' : lines.join('\n');
}
