import { CairnError } from '../../errors.js';
import { parseAnswerJson } from '../parse-answer-json.js';

/** A Markdown code fence around the whole text (```json ... ```), as chat models often wrap JSON. */
const FENCE = /^\s*(`{3,}|~{3,})[^\n`]*\n([\s\S]*?)\n\s*\1\s*$/u;

/** The text inside a Markdown code fence that wraps all of it; the text itself otherwise. */
export function unfence(text: string): string {
  const m = FENCE.exec(text);
  return m === null ? text : m[2]!;
}

/**
 * Parses JSON an answer carries (the answer file, a request body, a chat
 * message's content), fenced or not. Throws CairnError `malformed_json`
 * naming what was read and where it broke (truncated output lands here).
 */
export function parseEmbeddedJson(text: string, what: string): unknown {
  const parsed = parseAnswerJson(unfence(text));
  if (parsed.ok) return parsed.value;
  const first = parsed.issues[0]!;
  throw new CairnError('malformed_json', `${what}: ${first.message}`, {
    details: {
      ...('line' in first ? { line: first.line, column: first.column } : {}),
    },
  });
}
