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

/** Anthropic's Messages API as its reference describes responses with citations. */
export const ANTHROPIC_SCHEMA =
  'Anthropic Messages API, anthropic-version 2023-06-01 (citations: char_location, page_location, content_block_location, search_result_location)';

type Block = Record<string, unknown>;

/** The request's document and search_result blocks, each in request order: what citation indices count. */
interface RequestSources {
  documents: Block[];
  search_results: Block[];
}

function requestSources(request: unknown): RequestSources | null {
  if (!isObject(request)) return null;
  const found: RequestSources = { documents: [], search_results: [] };
  const walk = (blocks: unknown[]): void => {
    for (const block of blocks) {
      if (!isObject(block)) continue;
      if (block.type === 'document') found.documents.push(block);
      else if (block.type === 'search_result') found.search_results.push(block);
      else if (block.type === 'tool_result') walk(arrayAt(block, 'content'));
    }
  };
  walk(arrayAt(request, 'system'));
  for (const message of arrayAt(request, 'messages'))
    if (isObject(message)) walk(arrayAt(message, 'content'));
  return found;
}

/** A document block's chunk ID: its title, else its context, where the prompt put one. */
const documentChunkId = (document: Block | undefined): string | null =>
  document === undefined
    ? null
    : (chunkIdIn(own(document, 'title')) ?? chunkIdIn(own(document, 'context')));

const documentText = (document: Block | undefined): string | null => {
  const source = document === undefined ? undefined : own(document, 'source');
  return isObject(source) && source.type === 'text' ? stringAt(source, 'data') : null;
};

const contentBlocks = (block: Block | undefined): unknown[] | null => {
  if (block === undefined) return null;
  if (block.type === 'search_result') return arrayAt(block, 'content');
  const source = own(block, 'source');
  return isObject(source) && source.type === 'content' ? arrayAt(source, 'content') : null;
};

/**
 * Reads an Anthropic Messages response: every `text` block's `citations`,
 * in order. `search_result_location` names its chunk in `source` (cairn's
 * prompt puts the chunk ID there); `char_location`, `page_location` and
 * `content_block_location` name a document of the request by index: the
 * request body (`request`) maps it to the document, whose `title` (or
 * `context`) carries the chunk ID; without it, `document_title` is read.
 * With the request, offsets and block indices are checked against it.
 */
export function readAnthropicAnswer(response: unknown, request: unknown = null): ReadAnswer {
  const sources = requestSources(request);
  const content = isObject(response) ? arrayAt(response, 'content') : [];
  const texts: string[] = [];
  const citations: ReadCitation[] = [];
  for (const [b, block] of content.entries()) {
    if (!isObject(block) || block.type !== 'text') continue;
    const text = stringAt(block, 'text') ?? '';
    texts.push(text);
    const base = `${pointerToken('content')}${pointerToken(b)}${pointerToken('citations')}`;
    for (const [i, item] of arrayAt(block, 'citations').entries()) {
      const path = `${base}${pointerToken(i)}`;
      citations.push(
        isObject(item)
          ? readOne(item, path, text, sources)
          : readCitation({
              kind: 'unknown',
              path,
              chunk_id: null,
              problem: { code: 'source_unresolved', detail: 'the citation is not an object' },
            }),
      );
    }
  }
  return { format: 'anthropic', schema: ANTHROPIC_SCHEMA, text: texts.join(''), citations };
}

function readOne(
  item: Record<string, unknown>,
  path: string,
  answerText: string,
  sources: RequestSources | null,
): ReadCitation {
  const kind = stringAt(item, 'type') ?? 'unknown';
  const quote = stringAt(item, 'cited_text');
  const common = { kind, path, quote, answer_text: answerText };
  const unresolved = (detail: string): ReadCitation =>
    readCitation({ ...common, chunk_id: null, problem: { code: 'source_unresolved', detail } });

  if (kind === 'search_result_location') {
    const index = integerAt(item, 'search_result_index');
    const result = index === null ? undefined : sources?.search_results[index];
    if (sources !== null && result === undefined)
      return unresolved(`the request has no search result ${index ?? '(no index)'}`);
    const id = chunkIdIn(own(item, 'source')) ?? chunkIdIn(result && own(result, 'source'));
    if (id === null)
      return unresolved(`source ${JSON.stringify(own(item, 'source'))} is not a cairn chunk ID`);
    const blocks = contentBlocks(result);
    const problem = blockRangeProblem(item, blocks);
    return readCitation({
      ...common,
      chunk_id: id,
      problem,
      quote_offsets: problem === null ? blockSpan(item, blocks, quote) : null,
    });
  }

  if (kind !== 'char_location' && kind !== 'page_location' && kind !== 'content_block_location')
    return unresolved(`a ${kind} citation does not name a cairn chunk`);
  const index = integerAt(item, 'document_index');
  const document = index === null ? undefined : sources?.documents[index];
  if (sources !== null && document === undefined)
    return unresolved(`the request has no document ${index ?? '(no index)'}`);
  const id = documentChunkId(document) ?? chunkIdIn(own(item, 'document_title'));
  if (id === null)
    return unresolved(
      sources === null
        ? `document ${index} is not named by a chunk ID; pass the request body to map it`
        : `document ${index} of the request carries no chunk ID in its title or context`,
    );
  if (kind === 'content_block_location')
    return readCitation({
      ...common,
      chunk_id: id,
      problem: blockRangeProblem(item, contentBlocks(document)),
    });
  if (kind === 'page_location') return readCitation({ ...common, chunk_id: id });

  const start = integerAt(item, 'start_char_index');
  const end = integerAt(item, 'end_char_index');
  const offsets = start !== null && end !== null && start < end ? { start, end } : null;
  if (offsets === null)
    return readCitation({
      ...common,
      chunk_id: id,
      problem: {
        code: 'offsets_mismatch',
        detail: `char indices [${start}, ${end}) are not a span`,
      },
    });
  const data = documentText(document);
  if (data === null) return readCitation({ ...common, chunk_id: id, quote_offsets: offsets });
  const held = sliceCodePoints(data, offsets.start, offsets.end);
  return readCitation({
    ...common,
    chunk_id: id,
    problem:
      held === quote
        ? null
        : {
            code: 'offsets_mismatch',
            detail: `[${start}, ${end}) of request document ${index} does not hold the cited_text`,
          },
  });
}

/**
 * Where a block range lies in the chunk's text, in code points, when the
 * request sent the chunk as several text blocks (cairn's sentence blocks,
 * which join to the chunk's text): the range read as written by the API's
 * documentation (`[i, i]` one block, an inclusive end) or half-open,
 * whichever holds the cited text. Null for one block, or blocks not all text.
 */
function blockSpan(
  item: Record<string, unknown>,
  blocks: unknown[] | null,
  quote: string | null,
): { start: number; end: number } | null {
  const start = integerAt(item, 'start_block_index');
  const end = integerAt(item, 'end_block_index');
  if (start === null || end === null || blocks === null || blocks.length < 2) return null;
  const texts = blocks.map((b) => (isObject(b) && b.type === 'text' ? stringAt(b, 'text') : null));
  if (texts.some((t) => t === null)) return null;
  const lengths = (texts as string[]).map((t) => [...t].length);
  const offset = (i: number) => lengths.slice(0, i).reduce((a, b) => a + b, 0);
  const halfOpen = start < end ? { start: offset(start), end: offset(end) } : null;
  const inclusive = end < blocks.length ? { start: offset(start), end: offset(end + 1) } : null;
  const holds = (span: { start: number; end: number } | null) =>
    span !== null && quote !== null && (texts as string[]).join('').includes(quote)
      ? sliceCodePoints((texts as string[]).join(''), span.start, span.end)?.includes(
          quote.trim(),
        ) === true
      : false;
  if (holds(halfOpen)) return halfOpen;
  if (holds(inclusive)) return inclusive;
  return null;
}

function blockRangeProblem(
  item: Record<string, unknown>,
  blocks: unknown[] | null,
): ReadCitation['problem'] {
  const start = integerAt(item, 'start_block_index');
  const end = integerAt(item, 'end_block_index');
  if (start === null || end === null) return null;
  const limit = blocks === null ? Number.POSITIVE_INFINITY : blocks.length;
  // the API documents one block as [i, i] and a range end as inclusive, while [i, i + 1) is the
  // half-open form: both name blocks of the result, so a range valid either way is a span
  if (start >= 0 && start <= end && (start < end ? end <= limit : end < limit)) return null;
  return {
    code: 'offsets_mismatch',
    detail: `blocks [${start}, ${end}] are not a range of the ${blocks === null ? '' : `${limit} `}cited content blocks`,
  };
}
