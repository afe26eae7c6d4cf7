import { checkAuditCitationCount } from '../audit/audit-limits.js';
import { pointerToken } from '../cite-issue.js';
import { codePointAtUtf8Byte, sliceCodePoints } from '../quote/code-points.js';
import { chunkIdIn } from './chunk-id-in.js';
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

/** Gemini API / Vertex AI GenerateContentResponse grounding, as their references describe it. */
export const GEMINI_SCHEMA =
  'Gemini API v1beta / Vertex AI v1 GenerateContentResponse (candidates[].groundingMetadata: groundingChunks, groundingSupports; segment offsets in UTF-8 bytes)';

/**
 * Reads the first candidate of a Gemini (or Vertex AI) response: each
 * grounding support, once per chunk index it names, in order. A grounding
 * chunk's `retrievedContext` names the cairn chunk in `title` or `uri`
 * (a chunk ID, or a URI whose fragment or last segment is one); `web`
 * chunks name none. The segment's `startIndex`/`endIndex` count UTF-8
 * bytes of the part's text: they are converted to code points and must
 * hold the segment's `text`, which is located in the chunk.
 */
export function readGeminiAnswer(response: unknown): ReadAnswer {
  const candidate = isObject(response) ? arrayAt(response, 'candidates')[0] : undefined;
  const content = isObject(candidate) ? own(candidate, 'content') : undefined;
  const parts = (isObject(content) ? arrayAt(content, 'parts') : []).map((p) =>
    isObject(p) ? (stringAt(p, 'text') ?? '') : '',
  );
  const grounding = isObject(candidate) ? own(candidate, 'groundingMetadata') : undefined;
  const chunks = isObject(grounding) ? arrayAt(grounding, 'groundingChunks') : [];
  const supports = isObject(grounding) ? arrayAt(grounding, 'groundingSupports') : [];
  const base = `${pointerToken('candidates')}${pointerToken(0)}${pointerToken('groundingMetadata')}${pointerToken('groundingSupports')}`;
  // each support is read once per chunk index it names, its segment the quote of each: count
  // them before building any, so that a few supports naming thousands of indices cost nothing
  checkAuditCitationCount(
    supports.reduce<number>(
      (n, support) =>
        n + (isObject(support) ? arrayAt(support, 'groundingChunkIndices').length : 0),
      0,
    ),
  );
  const citations: ReadCitation[] = [];
  for (const [i, support] of supports.entries()) {
    const path = `${base}${pointerToken(i)}`;
    if (!isObject(support)) continue;
    const segment = own(support, 'segment');
    const { quote, problem } = readSegment(isObject(segment) ? segment : {}, parts);
    for (const [j, index] of arrayAt(support, 'groundingChunkIndices').entries()) {
      const chunk = Number.isSafeInteger(index) ? chunks[index as number] : undefined;
      const context = isObject(chunk) ? own(chunk, 'retrievedContext') : undefined;
      const id = isObject(context)
        ? (chunkIdIn(own(context, 'title')) ?? chunkIdIn(own(context, 'uri')))
        : null;
      citations.push(
        readCitation({
          kind: isObject(chunk) && own(chunk, 'web') !== undefined ? 'web' : 'retrieved_context',
          path: `${path}${pointerToken('groundingChunkIndices')}${pointerToken(j)}`,
          chunk_id: id,
          quote,
          answer_text: quote,
          problem:
            problem ??
            (id === null
              ? {
                  code: 'source_unresolved',
                  detail: `grounding chunk ${String(index)} names no cairn chunk`,
                }
              : null),
        }),
      );
    }
  }
  return { format: 'gemini', schema: GEMINI_SCHEMA, text: parts.join(''), citations };
}

function readSegment(
  segment: Record<string, unknown>,
  parts: string[],
): { quote: string | null; problem: ReadCitation['problem'] } {
  const text = stringAt(segment, 'text');
  const part = parts[integerAt(segment, 'partIndex') ?? 0];
  // proto3 JSON omits zero: a segment at the start of the part has no startIndex
  const startByte = integerAt(segment, 'startIndex') ?? 0;
  const endByte = integerAt(segment, 'endIndex');
  const bad = (detail: string) => ({
    quote: text,
    problem: { code: 'segment_offsets_mismatch' as const, detail },
  });
  if (part === undefined) return bad(`the response has no part ${integerAt(segment, 'partIndex')}`);
  if (endByte === null) return { quote: text, problem: null };
  const start = codePointAtUtf8Byte(part, startByte);
  const end = codePointAtUtf8Byte(part, endByte);
  if (start === null || end === null || start > end)
    return bad(`bytes [${startByte}, ${endByte}) are not character boundaries of the part's text`);
  const held = sliceCodePoints(part, start, end);
  if (text !== null && held !== text)
    return bad(`bytes [${startByte}, ${endByte}) of the part do not hold the segment's text`);
  return { quote: text ?? held, problem: null };
}
