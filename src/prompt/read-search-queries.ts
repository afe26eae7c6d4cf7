import { detectAnswerFormat } from '../cite/shapes/detect-answer-format.js';
import { parseEmbeddedJson, unfence } from '../cite/shapes/parse-embedded-json.js';
import { readAnswerShape } from '../cite/shapes/read-answer-shape.js';
import { CairnError } from '../errors.js';

/** Queries read from one response at most: a model that answers with more is cut, not refused. */
export const MAX_READ_QUERIES = 16;

/**
 * The search queries in a model's reply to `buildQueriesPrompt`: the
 * response file in any shape `cairn audit` reads (its answer text found by
 * the same readers), the reply itself pasted from a chat, or the JSON
 * array alone. The text holds a JSON array of strings (or
 * `{"queries": [...]}`), fenced or not; text that is not JSON is read one
 * query per line, list markers dropped. Queries are trimmed, blank and
 * repeated ones dropped, at most `MAX_READ_QUERIES` kept. Pure. Throws
 * `empty_query` when no query is left, `unknown_answer_shape` for JSON
 * that is neither a response nor queries.
 */
export function readSearchQueries(response: string): string[] {
  const text = replyText(response);
  const queries = queriesIn(text);
  const kept = [...new Set(queries.map((q) => q.replace(/\s+/gu, ' ').trim()))].filter(
    (q) => q !== '',
  );
  if (kept.length === 0)
    throw new CairnError('empty_query', 'The response holds no search queries');
  return kept.slice(0, MAX_READ_QUERIES);
}

/** The reply's text: a provider response's answer text, else the file itself. */
function replyText(response: string): string {
  let value: unknown;
  try {
    value = parseEmbeddedJson(response, 'the response');
  } catch {
    return response;
  }
  if (detectAnswerFormat(value) === null || isQueryList(value)) return response;
  // the audit reads a chat completion's content as a cairn answer; the reply here is the content itself
  const chat = chatContent(value);
  return chat ?? readAnswerShape(response).text;
}

function queriesIn(text: string): string[] {
  const inner = unfence(text).trim();
  if (/^[[{]/u.test(inner)) {
    const value = parseEmbeddedJson(inner, 'the reply');
    if (Array.isArray(value) && value.every((q) => typeof q === 'string')) return value;
    if (isQueryList(value)) return (value as { queries: string[] }).queries;
    throw new CairnError(
      'unknown_answer_shape',
      'The reply is JSON but not a list of search queries: expected ["query", ...] or {"queries": ["query", ...]}',
    );
  }
  return inner
    .split(/\r?\n/u)
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/u, '').replace(/^"(.*)",?$/u, '$1'));
}

function isQueryList(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const queries = (value as { queries?: unknown }).queries;
  return Array.isArray(queries) && queries.every((q) => typeof q === 'string');
}

/** An OpenAI chat completion's first message content; null for any other response. */
function chatContent(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const choices = (value as { choices?: unknown }).choices;
  if (!Array.isArray(choices)) return null;
  const content = (choices[0] as { message?: { content?: unknown } } | undefined)?.message?.content;
  return typeof content === 'string' ? content : null;
}
