import { type AnswerFormat, isObject, own } from './types.js';

/** What each format's top level looks like, for the error that names what was expected. */
export const FORMAT_SIGNATURES: Readonly<Record<AnswerFormat, string>> = {
  cairn: 'cairn: {citations, answer} or {segments: [{citations, text}]}',
  anthropic: 'anthropic: a Messages response {type: "message", content: [...]}',
  openai:
    'openai: a Responses object {object: "response", output: [...]} or a chat completion {choices: [...]}',
  cohere: 'cohere: a v2 chat response {message: {content, citations}}',
  gemini: 'gemini: a GenerateContentResponse {candidates: [...]}',
};

const has = (value: Record<string, unknown>, key: string, test: (v: unknown) => boolean) =>
  test(own(value, key));

/** The format an answer's top level shows; null when it shows none of them. */
export function detectAnswerFormat(value: unknown): AnswerFormat | null {
  if (!isObject(value)) return null;
  if (has(value, 'candidates', Array.isArray)) return 'gemini';
  if (
    value.object === 'response' ||
    value.object === 'chat.completion' ||
    has(value, 'output', Array.isArray) ||
    has(value, 'choices', Array.isArray)
  )
    return 'openai';
  const message = own(value, 'message');
  if (isObject(message) && Array.isArray(own(message, 'content'))) return 'cohere';
  if (
    has(value, 'content', Array.isArray) &&
    (value.type === 'message' || value.role === 'assistant')
  )
    return 'anthropic';
  if (
    has(value, 'segments', Array.isArray) ||
    has(value, 'citations', Array.isArray) ||
    has(value, 'answer', (v) => typeof v === 'string')
  )
    return 'cairn';
  return null;
}
