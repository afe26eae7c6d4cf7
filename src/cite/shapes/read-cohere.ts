import { pointerToken } from '../cite-issue.js';
import { sliceCodePoints } from '../quote/code-points.js';
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

/** Cohere's v2 Chat API response, as its reference describes citations. */
export const COHERE_SCHEMA =
  'Cohere Chat API v2 (POST /v2/chat response; message.citations: start, end, text, sources)';

/** The request's documents: `documents` of the v2 chat request, strings or `{id, data}`. */
function requestDocuments(request: unknown): unknown[] | null {
  return isObject(request) ? arrayAt(request, 'documents') : null;
}

/** A chunk ID a request document carries: its `id`, or `data.chunk_id` / `data.snippet_id` / `data.title`. */
function chunkIdOfRequestDocument(document: unknown): string | null {
  if (!isObject(document)) return null;
  const data = own(document, 'data');
  return (
    chunkIdIn(own(document, 'id')) ??
    (isObject(data)
      ? (chunkIdIn(own(data, 'chunk_id')) ??
        chunkIdIn(own(data, 'snippet_id')) ??
        chunkIdIn(own(data, 'title')))
      : null)
  );
}

/**
 * Reads a Cohere v2 chat response: each of `message.citations`, once per
 * document source, in order. A source names its chunk in `document.id` or
 * its `id` (cairn's prompt sends each chunk as a document whose id is the
 * chunk ID); an id the request assigned (`doc:N`, or one the request's
 * documents carry) is mapped through the request. The citation's `text`
 * is the grounded segment of the answer, checked against `[start, end)`
 * of the message text (code points), and located in the chunk.
 */
export function readCohereAnswer(response: unknown, request: unknown = null): ReadAnswer {
  const message = isObject(response) ? own(response, 'message') : undefined;
  const texts = (isObject(message) ? arrayAt(message, 'content') : [])
    .filter((part) => isObject(part) && part.type === 'text')
    .map((part) => stringAt(part as Record<string, unknown>, 'text') ?? '');
  const text = texts.join('');
  const documents = requestDocuments(request);
  const citations: ReadCitation[] = [];
  const list = isObject(message) ? arrayAt(message, 'citations') : [];
  for (const [i, item] of list.entries()) {
    const path = `${pointerToken('message')}${pointerToken('citations')}${pointerToken(i)}`;
    if (!isObject(item)) {
      citations.push(
        readCitation({
          kind: 'unknown',
          path,
          chunk_id: null,
          problem: { code: 'source_unresolved', detail: 'the citation is not an object' },
        }),
      );
      continue;
    }
    const segment = stringAt(item, 'text');
    const start = integerAt(item, 'start');
    const end = integerAt(item, 'end');
    const held = start === null || end === null ? null : sliceCodePoints(text, start, end);
    const segmentProblem =
      segment !== null && held !== segment
        ? {
            code: 'segment_offsets_mismatch' as const,
            detail: `[${start}, ${end}) of the message text does not hold the citation's text`,
          }
        : null;
    for (const [s, source] of arrayAt(item, 'sources').entries()) {
      const at = `${path}${pointerToken('sources')}${pointerToken(s)}`;
      const id = isObject(source) ? sourceChunkId(source, documents) : null;
      citations.push(
        readCitation({
          kind: isObject(source) ? (stringAt(source, 'type') ?? 'document') : 'unknown',
          path: at,
          chunk_id: id,
          quote: segment,
          answer_text: segment,
          problem:
            segmentProblem ??
            (id === null
              ? { code: 'source_unresolved', detail: 'the source names no chunk ID' }
              : null),
        }),
      );
    }
  }
  return { format: 'cohere', schema: COHERE_SCHEMA, text, citations };
}

function sourceChunkId(
  source: Record<string, unknown>,
  documents: unknown[] | null,
): string | null {
  const document = own(source, 'document');
  const direct =
    (isObject(document) ? chunkIdIn(own(document, 'id')) : null) ?? chunkIdIn(own(source, 'id'));
  if (direct !== null || documents === null) return direct;
  const id = stringAt(source, 'id');
  const n = id === null ? null : /^doc:(\d+)$/u.exec(id);
  if (n !== null && n !== undefined) return chunkIdOfRequestDocument(documents[Number(n[1])]);
  const named = documents.find((d) => isObject(d) && own(d, 'id') === id);
  return chunkIdOfRequestDocument(named);
}
