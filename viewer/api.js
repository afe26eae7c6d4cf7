// @ts-check
// Requests to the cairn HTTP API: JSON in, JSON out, failures as ApiError.

/**
 * The shapes of the answers the viewer reads.
 * @typedef {{ chunk_id: string, seq: number, start: number, end: number, tokens: number,
 *   section_id: string, heading_path: string[], sect_path: string | null, page: number | null,
 *   block_type: string, json_pointer: string, chunker_id: string, table_header?: string }} Chunk
 * @typedef {{ sect_path: string, title: string, level: number, heading_path?: string[],
 *   section_key: string | null, slug: string | null, start: number, end: number }} DocSection
 * @typedef {{ doc_uid: string, source_url: string, title: string | null, format: string,
 *   media_type: string, updated_at: string }} DocSummary
 * @typedef {{ document: DocSummary, version: { seq: number, rev: string, length: number },
 *   chunker_id: string | null, chunkers: string[], sections: DocSection[], text: string,
 *   chunks: Chunk[], furniture?: { start: number, end: number }[] }} DocView
 */

export class ApiError extends Error {
  /**
   * @param {number} status @param {string} code @param {string} message
   * @param {Record<string, unknown>} [details] the error's `details`, as the server sent them
   */
  constructor(status, code, message, details = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/**
 * @param {string} path
 * @param {RequestInit} [init]
 * @param {number[]} [accept] statuses besides 2xx whose JSON body is an answer, not an error
 * @returns {Promise<{ status: number, body: any }>}
 */
export async function api(path, init, accept = []) {
  const response = await fetch(path, {
    ...init,
    headers: { accept: 'application/json', ...init?.headers },
  });
  let body = null;
  try {
    body = await response.json();
  } catch {
    throw new ApiError(
      response.status,
      'bad_response',
      `${path}: the server answered ${response.status} without JSON`,
    );
  }
  if (response.ok || accept.includes(response.status)) return { status: response.status, body };
  const error = body?.error ?? {};
  throw new ApiError(
    response.status,
    String(error.code ?? 'error'),
    String(error.message ?? `HTTP ${response.status}`),
    error.details && typeof error.details === 'object' ? error.details : {},
  );
}
