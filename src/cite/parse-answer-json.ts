import { CairnError } from '../errors.js';
import { type CiteIssue, type CiteIssueBody, citeIssue } from './cite-issue.js';
import { scanJson, skipWhitespace } from './scan-json.js';

export const DEFAULT_MAX_ANSWER_BYTES = 10 * 1024 * 1024;

export interface ParseAnswerJsonOptions {
  /** Refuse larger input, before reading it, with CairnError `input_too_large`. Default 10 MiB. */
  max_bytes?: number;
  /**
   * Accept prose after a JSON object (models add "Hope this helps!") and
   * return it as `trailing_text`. Off by default: trailing content is the
   * issue `trailing_content`, since an auditable answer is the JSON alone.
   */
  allow_trailing_text?: boolean;
}

export type ParseAnswerJsonResult =
  | { ok: true; value: unknown; trailing_text: string | null }
  | { ok: false; issues: CiteIssue[] };

/**
 * Parses an LLM's answer JSON without trusting it. Size is checked first,
 * in constant time for a string whose UTF-16 length already exceeds the
 * limit (a code unit is at least one UTF-8 byte). Then one pass finds
 * syntax errors with their line and column, duplicate keys (which JSON.parse
 * resolves silently, last wins) and the keys `__proto__`, `constructor` and
 * `prototype`, all reported as issues. JSON.parse itself defines own data
 * properties, so no key ever reaches a prototype; refusing them protects
 * consumers that later merge the value with assignment. Leading whitespace
 * and a byte order mark are skipped, and so is a Markdown code fence around
 * the JSON (```json ... ```).
 *
 * Throws CairnError `input_too_large` past `max_bytes`, `invalid_option` for
 * input that is neither a string nor bytes. Content problems are issues.
 */
export function parseAnswerJson(
  input: string | Uint8Array,
  options: ParseAnswerJsonOptions = {},
): ParseAnswerJsonResult {
  const maxBytes = options.max_bytes ?? DEFAULT_MAX_ANSWER_BYTES;
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 0)
    throw new CairnError(
      'invalid_option',
      `max_bytes must be a non-negative integer, got ${maxBytes}`,
    );
  let text: string;
  if (typeof input === 'string') {
    if (input.length > maxBytes || Buffer.byteLength(input, 'utf8') > maxBytes)
      throw tooLarge(input.length > maxBytes ? null : Buffer.byteLength(input, 'utf8'), maxBytes);
    text = input;
  } else if (input instanceof Uint8Array) {
    if (input.byteLength > maxBytes) throw tooLarge(input.byteLength, maxBytes);
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(input);
    } catch {
      return fail([{ code: 'invalid_utf8' }]);
    }
  } else {
    throw new CairnError('invalid_option', 'parseAnswerJson takes a string or a Uint8Array');
  }

  const first = skipWhitespace(text, text.startsWith('\ufeff') ? 1 : 0);
  const fence = openingFence(text, first);
  const start = fence === null ? first : skipWhitespace(text, fence);
  const scan = scanJson(text, start);
  const at = (position: number) => ({ position, ...lineColumn(text, position) });
  if (scan.error) {
    // models often wrap the JSON in a Markdown fence, as the seed's own example shows it
    const fenced = scan.error.position === start && text.startsWith('```', start);
    const detail = fenced
      ? `${scan.error.detail}: the answer is wrapped in a Markdown code fence; the contract asks for the JSON alone, so check the JSON inside the fence`
      : scan.error.detail;
    return fail([{ code: 'malformed_json', ...at(scan.error.position), detail }]);
  }
  const issues: CiteIssue[] = [];
  for (const d of scan.duplicates) {
    issues.push(
      citeIssue(
        { code: 'duplicate_key', key: d.key, ...at(d.position), first_position: d.first_position },
        { path: d.path, segment: null, index: null, snippet_id: null },
      ),
    );
  }
  for (const f of scan.forbidden) {
    issues.push(
      citeIssue(
        { code: 'forbidden_key', key: f.key, ...at(f.position) },
        { path: f.path, segment: null, index: null, snippet_id: null },
      ),
    );
  }
  let rest = skipWhitespace(text, scan.end);
  // the closing fence may be missing when the model's output was cut after the JSON
  if (fence !== null && text.startsWith('```', rest)) rest = skipWhitespace(text, rest + 3);
  let trailing: string | null = null;
  if (rest < text.length) {
    if (options.allow_trailing_text && text[start] === '{') trailing = text.slice(rest);
    else {
      issues.push(
        citeIssue(
          { code: 'trailing_content', ...at(rest), received: text.slice(rest, rest + 80) },
          { path: '', segment: null, index: null, snippet_id: null },
        ),
      );
    }
  }
  if (issues.length > 0) return { ok: false, issues };
  try {
    return { ok: true, value: JSON.parse(text.slice(start, scan.end)), trailing_text: trailing };
  } catch (error) {
    // the scan follows RFC 8259 as JSON.parse does; this is a second line of defence
    const detail = error instanceof Error ? error.message : String(error);
    return fail([{ code: 'malformed_json', ...at(start), detail: detail.slice(0, 200) }]);
  }
}

/**
 * Where the JSON starts inside a Markdown code fence that opens at `at`
 * (\`\`\` or \`\`\`json on a line of its own, as models wrap answers and as
 * the seed shows them); null when no such fence opens there. A fence of
 * another language is not unwrapped: its content is not the answer's JSON.
 */
function openingFence(text: string, at: number): number | null {
  if (!text.startsWith('```', at)) return null;
  const lineEnd = text.indexOf('\n', at);
  if (lineEnd === -1) return null;
  const info = text.slice(at + 3, lineEnd).trim();
  return info === '' || info.toLowerCase() === 'json' ? lineEnd + 1 : null;
}

function fail(bodies: CiteIssueBody[]): { ok: false; issues: CiteIssue[] } {
  return {
    ok: false,
    issues: bodies.map((body) =>
      citeIssue(body, { path: '', segment: null, index: null, snippet_id: null }),
    ),
  };
}

function tooLarge(bytes: number | null, maxBytes: number): CairnError {
  return new CairnError(
    'input_too_large',
    bytes === null
      ? `The answer is over the limit of ${maxBytes} bytes`
      : `The answer is ${bytes} bytes, over the limit of ${maxBytes}`,
    { details: { max_bytes: maxBytes, ...(bytes === null ? {} : { bytes }) } },
  );
}

/** 1-based line and column (in UTF-16 units) of a UTF-16 index. */
export function lineColumn(text: string, position: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < position; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: position - lineStart + 1 };
}
