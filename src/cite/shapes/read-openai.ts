import { pointerToken } from '../cite-issue.js';
import { sliceCodePoints } from '../quote/code-points.js';
import { chunkIdIn } from './chunk-id-in.js';
import { parseEmbeddedJson } from './parse-embedded-json.js';
import { readCairnAnswer } from './read-cairn.js';
import {
  arrayAt,
  integerAt,
  isObject,
  own,
  type ReadAnswer,
  type ReadCitation,
  readCitation,
  stringAt,
} from './types.js';

/** OpenAI's two response objects, as their API reference describes them. */
export const OPENAI_RESPONSES_SCHEMA =
  'OpenAI Responses API (response object; output_text annotations file_citation, url_citation)';
export const OPENAI_CHAT_SCHEMA =
  'OpenAI Chat Completions API (chat.completion; message content = cairn auditable-answer.v1 JSON via response_format json_schema)';

/** Text that opens like a JSON object: structured output, read as cairn's auditable answer. */
const looksLikeJson = (text: string): boolean => /^\s*(?:`{3,}[^\n]*\n\s*)?\{/u.test(text);

/**
 * Reads an OpenAI response. Responses API: each `output_text` part's
 * `annotations` in order; a `url_citation` names its chunk in `url` (a
 * chunk ID, or a URL whose fragment or last segment is one) or `title`,
 * and quotes the answer text at `[start_index, end_index)` (code points);
 * a `file_citation` names its chunk in `filename` and quotes nothing. An
 * `output_text` (or a chat message's `content`) that is a JSON object is
 * structured output: cairn's auditable answer, read as such.
 */
export function readOpenAiAnswer(response: unknown): ReadAnswer {
  if (isObject(response) && Array.isArray(own(response, 'choices'))) return readChat(response);
  const texts: string[] = [];
  const citations: ReadCitation[] = [];
  const output = isObject(response) ? arrayAt(response, 'output') : [];
  for (const [o, item] of output.entries()) {
    if (!isObject(item) || item.type !== 'message') continue;
    for (const [c, part] of arrayAt(item, 'content').entries()) {
      if (!isObject(part) || part.type !== 'output_text') continue;
      const text = stringAt(part, 'text') ?? '';
      const base = `${pointerToken('output')}${pointerToken(o)}${pointerToken('content')}${pointerToken(c)}`;
      const annotations = arrayAt(part, 'annotations');
      if (annotations.length === 0 && looksLikeJson(text)) {
        const inner = readCairnAnswer(
          parseEmbeddedJson(text, `${base}/text`),
          `${base}${pointerToken('text')}`,
        );
        texts.push(inner.text);
        citations.push(...inner.citations);
        continue;
      }
      texts.push(text);
      for (const [i, a] of annotations.entries())
        citations.push(
          readAnnotation(a, `${base}${pointerToken('annotations')}${pointerToken(i)}`, text),
        );
    }
  }
  return { format: 'openai', schema: OPENAI_RESPONSES_SCHEMA, text: texts.join('\n\n'), citations };
}

function readChat(response: Record<string, unknown>): ReadAnswer {
  const choice = arrayAt(response, 'choices')[0];
  const message = isObject(choice) ? own(choice, 'message') : undefined;
  const content = isObject(message) ? stringAt(message, 'content') : null;
  const base = `${pointerToken('choices')}${pointerToken(0)}${pointerToken('message')}`;
  if (content === null)
    return { format: 'openai', schema: OPENAI_CHAT_SCHEMA, text: '', citations: [] };
  const annotations = isObject(message) ? arrayAt(message, 'annotations') : [];
  if (annotations.length === 0 || looksLikeJson(content)) {
    const inner = readCairnAnswer(
      parseEmbeddedJson(content, `${base}/content`),
      `${base}${pointerToken('content')}`,
    );
    return { ...inner, format: 'openai', schema: OPENAI_CHAT_SCHEMA };
  }
  // chat completions nest each annotation's fields under its type: {type, url_citation: {...}}
  const citations = annotations.map((a, i) => {
    const inner = isObject(a) && typeof a.type === 'string' ? own(a, a.type) : undefined;
    return readAnnotation(
      isObject(inner) ? { type: a && (a as Record<string, unknown>).type, ...inner } : a,
      `${base}${pointerToken('annotations')}${pointerToken(i)}`,
      content,
    );
  });
  return { format: 'openai', schema: OPENAI_CHAT_SCHEMA, text: content, citations };
}

function readAnnotation(a: unknown, path: string, text: string): ReadCitation {
  if (!isObject(a))
    return readCitation({
      kind: 'unknown',
      path,
      chunk_id: null,
      problem: { code: 'source_unresolved', detail: 'the annotation is not an object' },
    });
  const kind = stringAt(a, 'type') ?? 'unknown';
  if (kind === 'file_citation') {
    const id = chunkIdIn(own(a, 'filename')) ?? chunkIdIn(own(a, 'file_id'));
    return readCitation({
      kind,
      path,
      chunk_id: id,
      answer_text: text,
      problem:
        id === null
          ? { code: 'source_unresolved', detail: 'the cited file is not named by a chunk ID' }
          : null,
    });
  }
  if (kind !== 'url_citation')
    return readCitation({
      kind,
      path,
      chunk_id: null,
      problem: { code: 'source_unresolved', detail: `a ${kind} annotation does not name a chunk` },
    });
  const id = chunkIdIn(own(a, 'url')) ?? chunkIdIn(own(a, 'title'));
  const start = integerAt(a, 'start_index');
  const end = integerAt(a, 'end_index');
  const segment =
    start === null || end === null || start >= end ? null : sliceCodePoints(text, start, end);
  return readCitation({
    kind,
    path,
    chunk_id: id,
    quote: segment,
    answer_text: segment,
    problem:
      segment === null
        ? {
            code: 'segment_offsets_mismatch',
            detail: `[${start}, ${end}) is not a span of the ${[...text].length} code points of the output text`,
          }
        : id === null
          ? {
              code: 'source_unresolved',
              detail: `url ${JSON.stringify(own(a, 'url'))} names no chunk`,
            }
          : null,
  });
}
