/**
 * The request bodies `buildPrompt` writes, one per style, and the provider
 * API each is for. cairn sends none of them: the user's own client does.
 */
export const PROMPT_STYLES = [
  'anthropic-search-results',
  'anthropic-documents',
  'openai-json-schema',
  'cohere-documents',
  'plain',
] as const;

export type PromptStyle = (typeof PROMPT_STYLES)[number];

/** Where a body goes and what the provider calls the API version it was written against. */
export interface PromptTarget {
  provider: 'anthropic' | 'openai' | 'cohere' | null;
  /** `POST <url>`; null for `plain`, which any chat takes. */
  endpoint: string | null;
  /** Headers the body needs beside the credentials (`anthropic-version`). */
  headers: Record<string, string>;
  /** The API version the body's shape was checked against. */
  api_version: string | null;
  /** The model the body names unless the caller picks one. */
  default_model: string | null;
}

/**
 * Anthropic Messages API, `anthropic-version: 2023-06-01` (the only version
 * the API takes); `search_result` blocks are part of the standard API, no
 * beta header. OpenAI Chat Completions with Structured Outputs
 * (`response_format.json_schema`, `strict: true`), which the model
 * snapshots from gpt-4o-2024-08-06 on support. Cohere Chat API v2
 * (`POST /v2/chat`, the API's default version; `documents` of
 * `{id, data}`), whose citations name each document by the id sent.
 */
export const PROMPT_TARGETS: Readonly<Record<PromptStyle, PromptTarget>> = {
  'anthropic-search-results': {
    provider: 'anthropic',
    endpoint: 'POST https://api.anthropic.com/v1/messages',
    headers: { 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
    api_version: '2023-06-01',
    default_model: 'claude-sonnet-4-5',
  },
  'anthropic-documents': {
    provider: 'anthropic',
    endpoint: 'POST https://api.anthropic.com/v1/messages',
    headers: { 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
    api_version: '2023-06-01',
    default_model: 'claude-sonnet-4-5',
  },
  'openai-json-schema': {
    provider: 'openai',
    endpoint: 'POST https://api.openai.com/v1/chat/completions',
    headers: { 'content-type': 'application/json' },
    api_version: 'v1 (Chat Completions, Structured Outputs)',
    default_model: 'gpt-4o-2024-08-06',
  },
  'cohere-documents': {
    provider: 'cohere',
    endpoint: 'POST https://api.cohere.com/v2/chat',
    headers: { 'content-type': 'application/json' },
    api_version: 'v2 (Chat API v2)',
    default_model: 'command-a-03-2025',
  },
  plain: {
    provider: null,
    endpoint: null,
    headers: {},
    api_version: null,
    default_model: null,
  },
};

export const isPromptStyle = (value: unknown): value is PromptStyle =>
  typeof value === 'string' && (PROMPT_STYLES as readonly string[]).includes(value);
