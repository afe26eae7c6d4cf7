/**
 * Anthropic Messages API responses (anthropic-version 2023-06-01) to a
 * request `cairn prompt` wrote, for tests and docs/prompt.md: no API can be
 * called from here, so these are written from the API reference's response
 * schema (Message: id, type, role, model, content of text blocks whose
 * `citations` are `search_result_location` or `char_location`,
 * stop_reason, stop_sequence, usage). Each claim is one text block citing
 * one source of the request by its index.
 */
export interface Claim {
  /** The text block the citation is on. */
  text: string;
  /** Index of the cited search result or document in the request. */
  source: number;
  /** The words the citation says the source holds. */
  cited_text: string;
  /** char_location only: code points into the document's text (default: where cited_text is, else 0). */
  start?: number;
}

type Block = Record<string, unknown>;

function blocksOf(request: Record<string, unknown>, type: string): Block[] {
  const messages = request.messages as { content: Block[] }[];
  return messages.flatMap((m) => m.content.filter((b) => b.type === type));
}

function message(content: Block[]): Record<string, unknown> {
  return {
    id: 'msg_01FixtureWrittenFromTheSchema',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5',
    content,
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 2048, output_tokens: 128 },
  };
}

/** A response to an `anthropic-search-results` request: `search_result_location` citations. */
export function searchResultResponse(
  request: Record<string, unknown>,
  claims: readonly Claim[],
): Record<string, unknown> {
  const results = blocksOf(request, 'search_result');
  return message([
    { type: 'text', text: 'From the sources: ' },
    ...claims.map((claim) => {
      const result = results[claim.source]!;
      return {
        type: 'text',
        text: claim.text,
        citations: [
          {
            type: 'search_result_location',
            source: result.source,
            title: result.title,
            cited_text: claim.cited_text,
            search_result_index: claim.source,
            start_block_index: 0,
            end_block_index: 1,
          },
        ],
      };
    }),
  ]);
}

/** A response to an `anthropic-documents` request: `char_location` citations into each document's text. */
export function documentResponse(
  request: Record<string, unknown>,
  claims: readonly Claim[],
): Record<string, unknown> {
  const documents = blocksOf(request, 'document');
  return message([
    { type: 'text', text: 'From the documents: ' },
    ...claims.map((claim) => {
      const document = documents[claim.source]!;
      const data = (document.source as { data: string }).data;
      const at = data.indexOf(claim.cited_text);
      const start = claim.start ?? (at < 0 ? 0 : Array.from(data.slice(0, at)).length);
      return {
        type: 'text',
        text: claim.text,
        citations: [
          {
            type: 'char_location',
            cited_text: claim.cited_text,
            document_index: claim.source,
            document_title: document.title,
            start_char_index: start,
            end_char_index: start + Array.from(claim.cited_text).length,
          },
        ],
      };
    }),
  ]);
}
